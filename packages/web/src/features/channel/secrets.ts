const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` random letters and digits from the browser's CSPRNG (a Token or an EncodingAESKey is a
 * shared secret). Bytes past the largest multiple of 62 are drawn again, so every character is
 * equally likely.
 */
export const generateSecret = (length: number): string => {
  const limit = 256 - (256 % ALPHABET.length);
  let result = '';
  while (result.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      result += ALPHABET[byte % ALPHABET.length];
      if (result.length === length) break;
    }
  }
  return result;
};
