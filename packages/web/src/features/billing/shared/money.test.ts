import { describe, expect, it } from 'vitest';
import { centsToYuan, formatCents, formatSignedCents, formatTokens, yuanToCents } from './money';

describe('money', () => {
  it('formats cents as yuan with two decimals in both languages', () => {
    expect(formatCents(123_450, 'en-US')).toBe('¥1,234.50');
    expect(formatCents(123_450, 'zh-CN')).toBe('¥1,234.50');
    expect(formatCents(5, 'en-US')).toBe('¥0.05');
    expect(formatCents(0, 'en-US')).toBe('¥0.00');
    expect(formatCents(-500, 'en-US')).toBe('-¥5.00');
  });

  it('signs ledger amounts', () => {
    expect(formatSignedCents(1000, 'en-US')).toBe('+¥10.00');
    expect(formatSignedCents(-1000, 'en-US')).toBe('-¥10.00');
    expect(formatSignedCents(0, 'en-US')).toBe('¥0.00');
  });

  it('converts typed yuan to whole cents without float noise, and back', () => {
    expect(yuanToCents(0.29)).toBe(29);
    expect(yuanToCents(1.15)).toBe(115);
    expect(yuanToCents(100_000)).toBe(10_000_000);
    expect(centsToYuan(12_345)).toBe(123.45);
  });

  it('shortens token counts', () => {
    expect(formatTokens(1_200_000, 'en-US')).toBe('1.2M');
    expect(formatTokens(950, 'en-US')).toBe('950');
  });
});
