import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatMoney, formatSignedMoney, toDateOnly, validityOf } from './format';

const now = new Date(2025, 5, 10, 15, 30); // 10 June 2025, afternoon, local time

describe('validityOf', () => {
  it('is valid through the end date itself and expired from the next day', () => {
    expect(validityOf('2025-06-10', now)).toEqual({ state: 'expiring', date: '2025-06-10', days: 0 });
    expect(validityOf('2025-06-09', now)).toEqual({ state: 'expired', date: '2025-06-09' });
  });

  it('warns within seven days, not after', () => {
    expect(validityOf('2025-06-17', now)).toEqual({ state: 'expiring', date: '2025-06-17', days: 7 });
    expect(validityOf('2025-06-18', now)).toEqual({ state: 'valid', date: '2025-06-18' });
  });

  it('treats no date as unlimited and keeps only the date of a date-time', () => {
    expect(validityOf(null, now)).toEqual({ state: 'unlimited' });
    expect(validityOf('2026-01-01T00:00:00.000Z', now)).toEqual({ state: 'valid', date: '2026-01-01' });
  });
});

describe('money and dates', () => {
  it('formats balances as CNY in the console language', () => {
    expect(formatMoney(1234.5, 'en-US')).toBe('CN¥1,234.50');
    expect(formatMoney(1234.5, 'zh-CN')).toBe('¥1,234.50');
    expect(formatSignedMoney(20, 'en-US')).toBe('+CN¥20.00');
    expect(formatSignedMoney(-20, 'en-US')).toBe('-CN¥20.00');
    expect(formatSignedMoney(0, 'en-US')).toBe('CN¥0.00');
  });

  it('turns picker values into YYYY-MM-DD', () => {
    expect(toDateOnly(dayjs('2031-01-15T10:00:00'))).toBe('2031-01-15');
    expect(toDateOnly('2031-01-15')).toBe('2031-01-15');
    expect(toDateOnly(undefined)).toBeUndefined();
    expect(toDateOnly('')).toBeUndefined();
    expect(toDateOnly('not a date')).toBeUndefined();
  });
});
