import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Secrets the server must use again (a large-model provider's API key) are stored sealed:
 * AES-256-GCM with a random 12-byte nonce, as `v1.<nonce>.<tag>.<ciphertext>` in base64url. The
 * key is SECRET_KEY, or a random key generated once into DATA_DIR/secret.key (mode 0600).
 * Passwords and tokens are hashed instead (secrets.ts): nothing needs them back.
 */

export type Sealer = { seal: (plain: string) => string; open: (sealed: string) => string };

const decodeKey = (text: string): Buffer =>
  /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');

/** The configured key, or the data directory's key file (created on first use). */
export const loadSecretKey = (config: { secretKey: string; dataDir: string }): Buffer => {
  if (config.secretKey !== '') return decodeKey(config.secretKey);
  const file = join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    // wx: of two processes starting at once, the second reads what the first wrote.
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    chmodSync(file, 0o600);
  }
  const key = decodeKey(readFileSync(file, 'utf8').trim());
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
  return key;
};

export const createSealer = (key: Buffer): Sealer => {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal: (plain) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || nonce === undefined || tag === undefined || body === undefined)
        throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};
