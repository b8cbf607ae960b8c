import { createHmac } from 'node:crypto';
import { isSameText } from '../../secrets.js';

/* LINE signs each webhook body: x-line-signature = base64(HMAC-SHA256(channel secret, raw body)). */

export const signLineBody = (channelSecret: string, rawBody: Buffer): string =>
  createHmac('sha256', channelSecret).update(rawBody).digest('base64');

export const isValidLineSignature = (
  header: string | undefined,
  channelSecret: string,
  rawBody: Buffer,
): boolean => {
  if (!header || !channelSecret) return false;
  return isSameText(header, signLineBody(channelSecret, rawBody));
};
