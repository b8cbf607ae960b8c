import { createHash } from 'node:crypto';
import { isSameText } from '../../secrets.js';

/*
 * WeChat's callback signature: SHA-1 of the parts sorted as strings and joined. The official
 * account's plain `signature` signs (token, timestamp, nonce); the encrypted modes' `msg_signature`
 * adds the Encrypt text (or the encrypted echostr).
 */

export const computeWechatSignature = (parts: readonly string[]): string =>
  createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');

/** Compares in constant time, so the answer's timing says nothing about how much matched. */
export const isWechatSignatureValid = (signature: string | undefined, parts: readonly string[]): boolean => {
  if (!signature) return false;
  return isSameText(signature.toLowerCase(), computeWechatSignature(parts));
};
