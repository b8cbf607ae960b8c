import { describe, expect, it } from 'vitest';
import { isSameText } from './secrets.js';

describe('isSameText', () => {
  it('matches only the exact value, and never an empty expectation', () => {
    expect(isSameText('abc', 'abc')).toBe(true);
    expect(isSameText('abc', 'abcd')).toBe(false);
    expect(isSameText('abcd', 'abc')).toBe(false);
    expect(isSameText('ABC', 'abc')).toBe(false);
    expect(isSameText('', '')).toBe(false);
    expect(isSameText('', 'abc')).toBe(false);
  });
});
