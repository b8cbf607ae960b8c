import { createHmac } from 'node:crypto';

/*
 * Lazada Open Platform signatures. Calls: uppercase hex HMAC-SHA256 with the app secret over the
 * API path followed by every parameter (system and business, `sign` excluded) as key+value,
 * sorted by key. Pushes: lowercase hex HMAC-SHA256 with the app secret over app key + raw body,
 * in the Authorization header.
 */

export const signLazadaCall = (appSecret: string, apiPath: string, params: Record<string, string>): string =>
  createHmac('sha256', appSecret)
    .update(
      apiPath +
        Object.keys(params)
          .filter((key) => key !== 'sign')
          .sort()
          .map((key) => `${key}${params[key]}`)
          .join(''),
    )
    .digest('hex')
    .toUpperCase();

export const signLazadaPush = (appKey: string, appSecret: string, rawBody: Buffer): string =>
  createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey, 'utf8'), rawBody]))
    .digest('hex');
