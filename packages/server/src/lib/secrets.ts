import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Bearer and refresh tokens: 32 random bytes, base64url. Only their sha256 is stored. */
export const createOpaqueToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hashToken = (token: string): string => sha256(token);

/** Six-digit verification code, uniformly random. */
export const createSixDigitCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Constant-time comparison of two hex digests. */
export const isSameDigest = (left: string, right: string): boolean => {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Constant-time comparison of a value someone sent with the one it should be (a webhook's signature,
 * a shared secret): both are hashed first, so neither how much matched nor the lengths show in the
 * time a refusal takes. An empty expected value matches nothing.
 */
export const isSameText = (given: string, expected: string): boolean =>
  expected !== '' &&
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  ) &&
  given === expected;

export const hashPassword = (password: string): Promise<string> => hash(password);

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown user) it still runs one argon2 verification,
 * so the response time does not tell an attacker which usernames exist.
 */
export const verifyPassword = async (storedHash: string | null, password: string): Promise<boolean> => {
  if (storedHash === null) {
    dummyHash ??= hash('openkefu-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};
