import { describe, expect, it } from 'vitest';
import {
  formatChinaDateTime,
  formatChinaRfc3339,
  formatYuan,
  parseChinaDateTime,
  parseRfc3339,
  parseYuan,
} from './payment.amounts.js';

describe('yuan text', () => {
  it('writes cents as yuan with two decimals, without floating point', () => {
    expect(formatYuan(1234)).toBe('12.34');
    expect(formatYuan(5)).toBe('0.05');
    expect(formatYuan(100)).toBe('1.00');
    expect(formatYuan(0)).toBe('0.00');
    expect(formatYuan(123_456_789_012)).toBe('1234567890.12');
    expect(() => formatYuan(-1)).toThrow(RangeError);
    expect(() => formatYuan(1.5)).toThrow(RangeError);
  });

  it('reads yuan text as cents; anything else is null', () => {
    expect(parseYuan('12.34')).toBe(1234);
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('0.01')).toBe(1);
    // 0.1 + 0.2 style drift cannot happen: the digits are read, not a float.
    expect(parseYuan('19.99')).toBe(1999);
    for (const bad of ['12.345', '-1.00', '1e3', '', ' ', '12.', '.5', undefined, 12.34])
      expect(parseYuan(bad)).toBeNull();
  });
});

describe("China's clock", () => {
  const at = Date.parse('2024-12-31T16:04:05.678Z');

  it('writes RFC 3339 and Alipay times at UTC+8, across a date change', () => {
    expect(formatChinaRfc3339(at)).toBe('2025-01-01T00:04:05+08:00');
    expect(formatChinaDateTime(at)).toBe('2025-01-01 00:04:05');
  });

  it('reads them back to epoch ms', () => {
    expect(parseChinaDateTime('2025-01-01 00:04:05')).toBe(Date.parse('2024-12-31T16:04:05Z'));
    expect(parseChinaDateTime('2015-04-28 15:45:57.320')).toBe(Date.parse('2015-04-28T07:45:57.320Z'));
    expect(parseRfc3339('2025-01-01T00:04:05+08:00')).toBe(Date.parse('2024-12-31T16:04:05Z'));
    expect(parseRfc3339('2025-01-01T00:04:05Z')).toBe(Date.parse('2025-01-01T00:04:05Z'));
    for (const bad of ['2025-01-01', '2025/01/01 00:04:05', 'soon', undefined]) {
      expect(parseChinaDateTime(bad)).toBeNull();
      expect(parseRfc3339(bad)).toBeNull();
    }
  });
});
