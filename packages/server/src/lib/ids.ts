import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
// Largest multiple of the alphabet size below 256: bytes above it are skipped to avoid modulo bias.
const unbiasedLimit = 256 - (256 % alphabet.length);

/**
 * Opaque public id (uid, oid, mid, rid, jti…): 20 lowercase letters and digits, about 103 bits
 * of randomness. Lowercase so ids survive case-insensitive file systems and URLs unchanged;
 * random so they reveal neither row counts nor creation order.
 */
export const createPublicId = (length = 20): string => {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= unbiasedLimit) continue;
      id += alphabet[byte % alphabet.length];
      if (id.length === length) break;
    }
  }
  return id;
};
