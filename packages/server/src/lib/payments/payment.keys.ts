import {
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/*
 * The RSA keys payment providers hand out, in the forms operators paste: PEM text (WeChat Pay's
 * apiclient_key.pem and pub_key.pem), a path to such a file, or — as Alipay's key tool and console
 * show them — the bare base64 of the key's DER (PKCS#8 or PKCS#1 private keys, SPKI public keys).
 * Everything is read into PEM text once at start, so a bad key stops the process with its name.
 */

export class PaymentKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentKeyError';
  }
}

const bareBase64 = /^[A-Za-z0-9+/\s]+={0,2}$/;

/** PEM text given inline (literal `\n` escapes allowed, as one-line env files need), or a file's content. */
const textOf = (value: string): string => {
  const trimmed = value.trim().replace(/\\n/g, '\n');
  if (trimmed.startsWith('-----BEGIN') || (bareBase64.test(trimmed) && trimmed.length > 100)) return trimmed;
  if (!existsSync(trimmed))
    throw new PaymentKeyError(
      'must be PEM text, the key as base64, or the path of a PEM file (no such file)',
    );
  return readFileSync(trimmed, 'utf8').trim();
};

const derOf = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'base64');

/** A private RSA key as PKCS#8 PEM text; throws PaymentKeyError saying what is wrong. */
export const readPrivateKeyPem = (value: string): string => {
  const text = textOf(value);
  const attempts: (() => KeyObject)[] = text.startsWith('-----BEGIN')
    ? [() => createPrivateKey(text)]
    : [
        () => createPrivateKey({ key: derOf(text), format: 'der', type: 'pkcs8' }),
        () => createPrivateKey({ key: derOf(text), format: 'der', type: 'pkcs1' }),
      ];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType !== 'rsa') throw new PaymentKeyError('must be an RSA private key');
      return key.export({ format: 'pem', type: 'pkcs8' }).toString();
    } catch (error) {
      if (error instanceof PaymentKeyError) throw error;
    }
  }
  throw new PaymentKeyError('is not a readable RSA private key');
};

/** A public RSA key (or a certificate's) as SPKI PEM text; throws PaymentKeyError saying what is wrong. */
export const readPublicKeyPem = (value: string): string => {
  const text = textOf(value);
  if (/-----BEGIN (RSA )?PRIVATE KEY-----/.test(text))
    throw new PaymentKeyError('is a private key: give the public key');
  let key: KeyObject;
  try {
    key = text.startsWith('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({ key: derOf(text), format: 'der', type: 'spki' });
  } catch {
    throw new PaymentKeyError('is not a readable RSA public key');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new PaymentKeyError('must be an RSA public key');
  return key.export({ format: 'pem', type: 'spki' }).toString();
};

/** A fresh 2048-bit RSA key pair as PEM text (PKCS#8 private, SPKI public). */
export const createRsaKeyPairPem = (): { privateKeyPem: string; publicKeyPem: string } => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  };
};

/** base64 SHA256withRSA (PKCS#1 v1.5): WeChat Pay's WECHATPAY2-SHA256-RSA2048 and Alipay's RSA2. */
export const signWithRsaSha256 = (message: string, privateKeyPem: string): string =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');

export const isRsaSha256Signature = (message: string, signature: string, publicKeyPem: string): boolean => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
};
