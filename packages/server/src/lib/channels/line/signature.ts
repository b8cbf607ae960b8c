import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/* LINE signs each webhook body: x-line-signature = base64(HMAC-SHA256(channel secret, raw body)). */

export const signLineBody = (channelSecret: string, rawBody: Buffer): string =>
  createHmac('sha256', channelSecret).update(rawBody).digest('base64');

export const isValidLineSignature = (
  header: string | undefined,
  channelSecret: string,
  rawBody: Buffer,
): boolean => {
  if (!header || !channelSecret) return false;
  const expected = signLineBody(channelSecret, rawBody);
  // Hashed first so the comparison takes the same time whatever the lengths.
  return (
    timingSafeEqual(
      createHash('sha256').update(header).digest(),
      createHash('sha256').update(expected).digest(),
    ) && header === expected
  );
};
