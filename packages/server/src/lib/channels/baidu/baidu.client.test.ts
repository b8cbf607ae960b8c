import { describe, expect, it } from 'vitest';
import { signBaiduCheck, signBaiduPush } from './baidu.client.js';

// Expected values computed independently with openssl and sha1sum.
describe('Baidu channel signatures', () => {
  it('signs a push over timestamp, nonce and body with the token', () => {
    expect(signBaiduPush('bd-push-token', '1700000000000', 'abcd', Buffer.from('{"event":"message"}'))).toBe(
      '7dcec137f9edc6509bfa00af3dbdb20540e9ed52ccd7304a5c74593d974a5e29',
    );
  });

  it('signs the URL check over the sorted token, timestamp and nonce', () => {
    expect(signBaiduCheck('bd-push-token', '1700000000000', 'abcd')).toBe(
      '43e24cfa89c79d771efef42bde6c56efd1e46602',
    );
  });
});
