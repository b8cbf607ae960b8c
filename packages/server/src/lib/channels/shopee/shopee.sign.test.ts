import { describe, expect, it } from 'vitest';
import { signShopeeCall, signShopeePush } from './shopee.sign.js';
import { isSameSignature } from '../shared/signature.js';

// Expected values computed independently with `openssl dgst -sha256 -hmac`.
describe('Shopee signatures', () => {
  it('signs a shop-level call over partner id, path, timestamp, access token and shop id', () => {
    expect(
      signShopeeCall('shpk-test-key', {
        partnerId: '2001887',
        path: '/api/v2/shop/get_shop_info',
        timestamp: 1655714431,
        accessToken: '59777174636562737266615546704c6d',
        shopId: '14701711',
      }),
    ).toBe('8715224ba1afc301b681f097f1a71505b0e7bab1ae1934a702e164fae41e35df');
  });

  it('signs a partner-level call without token and shop', () => {
    expect(
      signShopeeCall('shpk-test-key', {
        partnerId: '2001887',
        path: '/api/v2/shop/auth_partner',
        timestamp: 1655714431,
      }),
    ).toBe('445166f50bf9ffd5ca152ae75834c9814684be5ae6a3b6f12c85d4f0e9805b63');
  });

  it('signs a push over "url|body"', () => {
    expect(
      signShopeePush(
        'shpk-test-key',
        'https://kefu.example.com/channel/webhook/abc',
        Buffer.from('{"code":10}'),
      ),
    ).toBe('383f086e8482e0b8f7b45cc414ec75ab914b9024400b46abdb154ebb470d9212');
  });

  it('compares signatures without regard to case and refuses other lengths or values', () => {
    expect(isSameSignature('abcdef', 'ABCDEF')).toBe(true);
    expect(isSameSignature('abcdef', 'abcdee')).toBe(false);
    expect(isSameSignature('abcdef', 'abc')).toBe(false);
    expect(isSameSignature('abcdef', undefined)).toBe(false);
  });
});
