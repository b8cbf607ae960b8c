import { describe, expect, it } from 'vitest';
import { isWithinWorkTimes } from '../thread/work-hours.js';
import { addBusinessMinutes, computeSlaTargets, nextDueAt } from './ticket.sla.js';

const weekdays9to18 = JSON.stringify({
  timezone: 'Asia/Shanghai',
  entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
});
// 2026-11-23 is a Monday. Shanghai is UTC+8 all year.
const shanghai = (date: string) => Date.parse(`${date}+08:00`);

describe('business-hours SLA', () => {
  it('counts plain minutes when the group is always open or its workTimes are unreadable', () => {
    const start = Date.parse('2026-11-25T10:00:00Z');
    expect(addBusinessMinutes('', start, 90)).toBe(start + 90 * 60_000);
    expect(addBusinessMinutes('not json', start, 5)).toBe(start + 5 * 60_000);
  });

  it('counts inside the day, across the evening and across the weekend', () => {
    expect(addBusinessMinutes(weekdays9to18, shanghai('2026-11-23T10:00:00'), 60)).toBe(
      shanghai('2026-11-23T11:00:00'),
    );
    // 17:00 Monday + 2 h = 1 h on Monday, 1 h on Tuesday morning.
    expect(addBusinessMinutes(weekdays9to18, shanghai('2026-11-23T17:00:00'), 120)).toBe(
      shanghai('2026-11-24T10:00:00'),
    );
    // Created Saturday: the clock starts Monday 09:00.
    expect(addBusinessMinutes(weekdays9to18, shanghai('2026-11-28T12:00:00'), 30)).toBe(
      shanghai('2026-11-30T09:30:00'),
    );
    // Friday 17:30 + 1 h → Monday 09:30.
    expect(addBusinessMinutes(weekdays9to18, shanghai('2026-11-27T17:30:00'), 60)).toBe(
      shanghai('2026-11-30T09:30:00'),
    );
    // 48 business hours from Monday 09:00 = 5 days and 3 h → next Monday 12:00.
    expect(addBusinessMinutes(weekdays9to18, shanghai('2026-11-23T09:00:00'), 48 * 60)).toBe(
      shanghai('2026-11-30T12:00:00'),
    );
  });

  it('lands inside work hours as work-hours.ts sees them', () => {
    for (let i = 0; i < 50; i += 1) {
      const start = shanghai('2026-11-23T00:00:00') + i * 3_700_000;
      const due = addBusinessMinutes(weekdays9to18, start, 1 + i * 37);
      expect(isWithinWorkTimes(weekdays9to18, due - 1)).toBe(true);
    }
  });

  it('keeps wall-clock windows across a daylight-saving change', () => {
    const berlin = JSON.stringify({
      timezone: 'Europe/Berlin',
      entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    });
    // Friday 2026-10-23 16:00 CEST (+02:00) + 2 h → Monday 2026-10-26 10:00 CET (+01:00).
    expect(addBusinessMinutes(berlin, Date.parse('2026-10-23T16:00:00+02:00'), 120)).toBe(
      Date.parse('2026-10-26T10:00:00+01:00'),
    );
  });

  it('computes targets and the nearest open one', () => {
    const start = Date.parse('2026-11-25T10:00:00Z');
    const targets = computeSlaTargets({ firstResponseMinutes: 30, resolutionMinutes: 0 }, '', start);
    expect(targets).toEqual({ firstResponseDueAt: start + 30 * 60_000, resolutionDueAt: null });
    const base = {
      isOpen: true,
      firstRespondedAt: null,
      firstResponseDueAt: 5,
      resolutionDueAt: 9,
      dueAt: 7,
    };
    expect(nextDueAt(base)).toBe(5);
    expect(nextDueAt({ ...base, firstRespondedAt: 1 })).toBe(7);
    expect(nextDueAt({ ...base, isOpen: false })).toBeNull();
  });
});
