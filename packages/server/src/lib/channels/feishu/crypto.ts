import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { isSameText } from '../../secrets.js';

/*
 * Feishu/Lark event subscription security (schema 2.0). With an Encrypt Key set, every event
 * arrives as {"encrypt": base64(iv + AES-256-CBC(json))} with key SHA-256(encryptKey), and every
 * event except the URL check is signed: X-Lark-Signature = hex SHA-256(timestamp + nonce +
 * encryptKey + raw body). Without an Encrypt Key the only proof is the Verification Token inside
 * the body.
 */

const keyOf = (encryptKey: string) => createHash('sha256').update(encryptKey, 'utf8').digest();

/** The event's JSON text; throws on a wrong key or a damaged payload. */
export const decryptFeishuEvent = (encryptKey: string, encrypted: string): string => {
  const bytes = Buffer.from(encrypted, 'base64');
  if (bytes.length < 32 || bytes.length % 16 !== 0) throw new Error('encrypted event has a wrong length');
  const decipher = createDecipheriv('aes-256-cbc', keyOf(encryptKey), bytes.subarray(0, 16));
  return Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
};

/** What Feishu sends: for the test platform and fixtures. */
export const encryptFeishuEvent = (
  encryptKey: string,
  json: string,
  iv: Buffer = randomBytes(16),
): string => {
  const cipher = createCipheriv('aes-256-cbc', keyOf(encryptKey), iv);
  return Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final()]).toString('base64');
};

export const signFeishuRequest = (
  timestamp: string,
  nonce: string,
  encryptKey: string,
  rawBody: Buffer,
): string =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from(timestamp + nonce + encryptKey, 'utf8'), rawBody]))
    .digest('hex');

export const isValidFeishuSignature = (
  headers: Record<string, string | undefined>,
  encryptKey: string,
  rawBody: Buffer,
): boolean => {
  const timestamp = headers['x-lark-request-timestamp'];
  const nonce = headers['x-lark-request-nonce'];
  const signature = headers['x-lark-signature'];
  if (!timestamp || !nonce || !signature) return false;
  return isSameText(signature.toLowerCase(), signFeishuRequest(timestamp, nonce, encryptKey, rawBody));
};
