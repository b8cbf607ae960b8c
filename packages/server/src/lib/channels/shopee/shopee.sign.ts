import { createHmac } from 'node:crypto';

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
