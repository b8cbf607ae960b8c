import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Shopee Open Platform v2 signatures. Calls: hex HMAC-SHA256 with the partner key over
 * partner_id + api path + timestamp (+ access_token + shop_id for shop-level calls). Pushes: the
 * same HMAC over "<the full URL Shopee called>|<raw body>", in the Authorization header.
 */

export type ShopeeSignInput = {
  partnerId: string;
  path: string;
  /** Seconds. */
  timestamp: number;
  accessToken?: string;
  shopId?: string;
};

export const signShopeeCall = (partnerKey: string, input: ShopeeSignInput): string =>
  createHmac('sha256', partnerKey)
    .update(
      `${input.partnerId}${input.path}${input.timestamp}${input.accessToken ?? ''}${input.shopId ?? ''}`,
    )
    .digest('hex');

export const signShopeePush = (partnerKey: string, url: string, rawBody: Buffer): string =>
  createHmac('sha256', partnerKey)
    .update(Buffer.concat([Buffer.from(`${url}|`, 'utf8'), rawBody]))
    .digest('hex');

/** Constant-time comparison of two hex signatures (case-insensitive: platforms differ). */
export const isSameSignature = (expected: string, given: string | undefined): boolean => {
  if (!given) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};
