import { describe, expect, it } from 'vitest';
import { isWithinWorkTimes } from './work-hours.js';

const weekdays9to18 = JSON.stringify({
  timezone: 'Asia/Shanghai',
  entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
});

describe('isWithinWorkTimes', () => {
  it('is always open without work times', () => {
    expect(isWithinWorkTimes('', Date.UTC(2026, 10, 22, 3))).toBe(true);
    expect(isWithinWorkTimes(JSON.stringify({ timezone: 'UTC', entries: [] }), 0)).toBe(true);
  });

  it('reads the window in the group time zone', () => {
    // Monday 2026-11-23 01:30 UTC is 09:30 in Shanghai: open.
    expect(isWithinWorkTimes(weekdays9to18, Date.UTC(2026, 10, 23, 1, 30))).toBe(true);
    // Monday 00:30 UTC is 08:30 in Shanghai: not yet open.
    expect(isWithinWorkTimes(weekdays9to18, Date.UTC(2026, 10, 23, 0, 30))).toBe(false);
    // 10:00 UTC is 18:00 in Shanghai: the end is exclusive.
    expect(isWithinWorkTimes(weekdays9to18, Date.UTC(2026, 10, 23, 10, 0))).toBe(false);
  });

  it('is closed on a weekday without a window', () => {
    // Sunday 2026-11-22 03:00 UTC is Sunday 11:00 in Shanghai.
    expect(isWithinWorkTimes(weekdays9to18, Date.UTC(2026, 10, 22, 3))).toBe(false);
  });

  it('treats an unreadable value as open', () => {
    expect(isWithinWorkTimes('{not json', 0)).toBe(true);
  });
});
