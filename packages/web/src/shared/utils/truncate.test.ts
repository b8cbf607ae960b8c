import { describe, expect, it } from 'vitest';
import { textWidth, truncate } from './truncate';

describe('textWidth', () => {
  it('counts ASCII as one and everything else as two', () => {
    expect(textWidth('')).toBe(0);
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('客服')).toBe(4);
    expect(textWidth('a客b')).toBe(4);
    expect(textWidth('é')).toBe(2);
    expect(textWidth('😀')).toBe(2);
  });
});

describe('truncate', () => {
  it('keeps text that fits', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('全渠道', 6)).toBe('全渠道');
  });

  it('cuts by width and appends the ellipsis', () => {
    expect(truncate('hello world', 5)).toBe('hello...');
    expect(truncate('全渠道智能客服', 6)).toBe('全渠道...');
    // A wide character that would overflow is dropped whole.
    expect(truncate('ab全渠道', 3)).toBe('ab...');
    expect(truncate('abcdef', 3, '…')).toBe('abc…');
    expect(truncate('😀😀😀', 3)).toBe('😀...');
  });
});
