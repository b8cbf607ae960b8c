import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { isRsaSha256Signature, signWithRsaSha256 } from '../payment.keys.js';

/*
 * WeChat Pay API v3's signatures and encryption (pay.weixin.qq.com, "签名认证", "验签", "回调报文解密").
 *
 * Our requests: `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",
 * timestamp="…",serial_no="…"`, the signature being base64 SHA256withRSA (PKCS#1 v1.5) with the
 * merchant's private key over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`.
 *
 * Its answers and notifications: Wechatpay-Timestamp / -Nonce / -Signature / -Serial headers, the
 * signature over `TIMESTAMP\nNONCE\nBODY\n` with WeChat Pay's key (here the "WeChat Pay public
 * key", whose id PUB_KEY_ID_… is the serial). Notification resources are AEAD_AES_256_GCM with the
 * APIv3 key (32 bytes), the 12-character nonce and associated_data; the ciphertext's last 16 bytes
 * are the tag. The local test server uses the same functions from WeChat Pay's side.
 */

export const authorizationScheme = 'WECHATPAY2-SHA256-RSA2048';

/** How far a signed timestamp may be from our clock before it counts as replayed. */
export const wechatPayMaxSkewSeconds = 300;

/** 32 random letters and digits. */
export const createWechatPayNonce = (): string => randomBytes(16).toString('hex').toUpperCase();

/** The message our request signature covers; `pathWithQuery` as sent (`/v3/…?mchid=…`). */
export const requestMessage = (
  method: string,
  pathWithQuery: string,
  timestamp: string,
  nonce: string,
  body: string,
): string => `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** The message an answer's or notification's signature covers. */
export const responseMessage = (timestamp: string, nonce: string, body: string): string =>
  `${timestamp}\n${nonce}\n${body}\n`;

export type MerchantCredentials = { mchId: string; certSerial: string; privateKeyPem: string };

/** The Authorization header for one request. */
export const buildAuthorization = (
  merchant: MerchantCredentials,
  request: { method: string; pathWithQuery: string; body: string },
  options: { timestamp?: string; nonce?: string } = {},
): string => {
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? createWechatPayNonce();
  const signature = signWithRsaSha256(
    requestMessage(request.method, request.pathWithQuery, timestamp, nonce, request.body),
    merchant.privateKeyPem,
  );
  return `${authorizationScheme} mchid="${merchant.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.certSerial}"`;
};

/** The fields of an Authorization header, or null when it is not WeChat Pay's scheme. */
export const parseAuthorization = (header: string | undefined): Record<string, string> | null => {
  if (!header?.startsWith(`${authorizationScheme} `)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(authorizationScheme.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  return fields;
};

export type SignedHeaders = {
  'wechatpay-timestamp': string;
  'wechatpay-nonce': string;
  'wechatpay-signature': string;
  'wechatpay-serial': string;
};

/** The headers WeChat Pay puts on an answer or a notification (used by the local test server). */
export const signAsWechatPay = (
  body: string,
  key: { privateKeyPem: string; serial: string },
  options: { timestamp?: string; nonce?: string } = {},
): SignedHeaders => {
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? createWechatPayNonce();
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signWithRsaSha256(responseMessage(timestamp, nonce, body), key.privateKeyPem),
    'wechatpay-serial': key.serial,
  };
};

/**
 * Why an answer or notification's signature is not WeChat Pay's, or null when it is: the serial
 * must name the configured key, the timestamp be within five minutes of `now`, the signature verify.
 */
export const checkWechatPaySignature = (
  headers: Record<string, string | undefined>,
  body: string,
  key: { publicKeyPem: string; publicKeyId: string },
  now: number = Date.now(),
): string | null => {
  const timestamp = headers['wechatpay-timestamp'];
  const nonce = headers['wechatpay-nonce'];
  const signature = headers['wechatpay-signature'];
  const serial = headers['wechatpay-serial'];
  if (!timestamp || !nonce || !signature || !serial) return 'Wechatpay-* signature headers are missing';
  if (serial !== key.publicKeyId)
    return `signed with key ${serial.slice(0, 64)}, not the configured WeChat Pay public key`;
  if (!/^\d{1,12}$/.test(timestamp)) return 'Wechatpay-Timestamp is not a number of seconds';
  if (Math.abs(now / 1000 - Number(timestamp)) > wechatPayMaxSkewSeconds)
    return 'Wechatpay-Timestamp is more than 5 minutes from now (stale or replayed)';
  if (!isRsaSha256Signature(responseMessage(timestamp, nonce, body), signature, key.publicKeyPem))
    return 'Wechatpay-Signature does not verify';
  return null;
};

export type EncryptedResource = {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
};

/** Opens a notification's resource; throws when the key, nonce, data or tag do not match. */
export const decryptResource = (resource: EncryptedResource, apiV3Key: string): string => {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${resource.algorithm}`);
  const key = Buffer.from(apiV3Key, 'utf8');
  const sealed = Buffer.from(resource.ciphertext, 'base64');
  if (key.length !== 32) throw new Error('the APIv3 key must be 32 bytes');
  if (sealed.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString(
    'utf8',
  );
};

/** Seals a resource as WeChat Pay does (used by the local test server). */
export const encryptResource = (
  plaintext: string,
  apiV3Key: string,
  associatedData: string,
  originalType: string,
): EncryptedResource => {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: originalType,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: sealed.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
};
