import { describe, expect, it } from 'vitest';
import { signWeiboCallback } from './weibo.client.js';

describe('Weibo callback signature', () => {
  it('is sha1 of the sorted, joined secret, timestamp and nonce', () => {
    // Inputs of the fan-service mock in meowtec/fanserve.py; digest computed with sha1sum.
    expect(signWeiboCallback('appsecretEnF5leY4V', '1416794721093', '213674821')).toBe(
      '4281a145e46aa978f0140e45ae2853c10b82e2c9',
    );
  });

  it('does not depend on the order the values are given in', () => {
    expect(signWeiboCallback('b', 'c', 'a')).toBe(signWeiboCallback('a', 'b', 'c'));
  });
});
