import { describe, expect, it } from 'vitest';
import { computeWechatSignature, isWechatSignatureValid } from './signature.js';

describe('WeChat signatures', () => {
  it('hashes the parts sorted, whatever order they are given in', () => {
    const signature = computeWechatSignature(['spamtest', '1409735669', '1320562132']);
    expect(signature).toBe(computeWechatSignature(['1320562132', 'spamtest', '1409735669']));
    expect(signature).toMatch(/^[0-9a-f]{40}$/);
    expect(signature).not.toBe(computeWechatSignature(['spamtest', '1409735669', '1320562133']));
  });

  it('accepts the right signature in either case and refuses others', () => {
    const parts = ['token', '123', 'nonce'];
    const signature = computeWechatSignature(parts);
    expect(isWechatSignatureValid(signature, parts)).toBe(true);
    expect(isWechatSignatureValid(signature.toUpperCase(), parts)).toBe(true);
    const flipped = `${signature.slice(0, 39)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(isWechatSignatureValid(flipped, parts)).toBe(false);
    expect(isWechatSignatureValid(undefined, parts)).toBe(false);
    expect(isWechatSignatureValid('abc', parts)).toBe(false);
  });
});
