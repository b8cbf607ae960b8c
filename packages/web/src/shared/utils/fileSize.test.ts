import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 ** 2, '1 MB'],
    [5.25 * 1024 ** 2, '5.25 MB'],
    [1024 ** 3, '1 GB'],
    [1.234 * 1024 ** 4, '1.23 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('takes the number of decimals and rejects nonsense', () => {
    expect(formatFileSize(1.23456 * 1024, 1)).toBe('1.2 KB');
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });
});
