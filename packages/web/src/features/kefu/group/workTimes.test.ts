import { describe, expect, it } from 'vitest';
import { workTimesStringSchema } from '@openkefu/contract';
import {
  alwaysOpenDraft,
  copyMondayToWeekdays,
  emptyDays,
  nextRangeAfter,
  officeHoursDays,
  parseWorkTimes,
  serializeWorkTimes,
  summarizeWorkTimes,
  timeZoneChoices,
  validateWorkTimes,
  type DaySchedule,
  type WorkTimeDraft,
} from './workTimes';

const draftWith = (days: Partial<Record<number, DaySchedule['ranges']>>, timezone = 'Asia/Shanghai') =>
  ({
    timezone,
    alwaysOpen: false,
    days: emptyDays().map((day) =>
      days[day.weekday] ? { ...day, enabled: true, ranges: days[day.weekday] ?? [] } : day,
    ),
  }) satisfies WorkTimeDraft;

const en = { weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], groupSeparator: '; ' };

describe('serializeWorkTimes', () => {
  it('writes the enabled days as entries, Monday first and each day by start time', () => {
    const draft = draftWith({
      3: [
        { start: '14:00', end: '18:00' },
        { start: '09:00', end: '12:00' },
      ],
      1: [{ start: '09:00', end: '18:00' }],
    });
    // A switched-off day keeps its ranges in the editor but is not open.
    draft.days[5] = { weekday: 6, enabled: false, ranges: [{ start: '10:00', end: '12:00' }] };
    const json = serializeWorkTimes(draft);
    expect(JSON.parse(json)).toEqual({
      timezone: 'Asia/Shanghai',
      entries: [
        { weekday: 1, start: '09:00', end: '18:00' },
        { weekday: 3, start: '09:00', end: '12:00' },
        { weekday: 3, start: '14:00', end: '18:00' },
      ],
    });
    // What the console sends is what the contract accepts, unchanged.
    expect(workTimesStringSchema.parse(json)).toBe(json);
  });

  it('sends an empty string for always open, whatever rows the editor held', () => {
    expect(serializeWorkTimes(alwaysOpenDraft('Asia/Tokyo'))).toBe('');
    expect(
      serializeWorkTimes({ ...draftWith({ 1: [{ start: '09:00', end: '10:00' }] }), alwaysOpen: true }),
    ).toBe('');
    expect(workTimesStringSchema.parse('')).toBe('');
  });
});

describe('parseWorkTimes', () => {
  it('reads a stored string back into the same draft it came from', () => {
    const draft = draftWith(
      {
        1: [{ start: '09:00', end: '18:00' }],
        6: [
          { start: '08:30', end: '12:00' },
          { start: '13:00', end: '17:45' },
        ],
      },
      'Europe/Berlin',
    );
    expect(parseWorkTimes(serializeWorkTimes(draft))).toEqual(draft);
  });

  it('treats an empty, unreadable or entry-less value as always open', () => {
    expect(parseWorkTimes('', 'Asia/Shanghai')).toEqual(alwaysOpenDraft('Asia/Shanghai'));
    expect(parseWorkTimes(null, 'UTC')).toEqual(alwaysOpenDraft('UTC'));
    expect(parseWorkTimes('{not json', 'UTC')).toEqual(alwaysOpenDraft('UTC'));
    expect(parseWorkTimes('{"timezone":"Asia/Tokyo","entries":[]}', 'UTC')).toEqual(
      alwaysOpenDraft('Asia/Tokyo'),
    );
  });

  it('drops malformed entries and replaces an unknown time zone with the fallback', () => {
    const draft = parseWorkTimes(
      JSON.stringify({
        timezone: 'Mars/Olympus',
        entries: [
          { weekday: 2, start: '09:00', end: '17:00' },
          { weekday: 9, start: '09:00', end: '17:00' },
          { weekday: 3, start: '9:00', end: '17:00' },
        ],
      }),
      'Asia/Shanghai',
    );
    expect(draft.timezone).toBe('Asia/Shanghai');
    expect(draft.days.filter((day) => day.enabled)).toEqual([
      { weekday: 2, enabled: true, ranges: [{ start: '09:00', end: '17:00' }] },
    ]);
  });
});

describe('validateWorkTimes', () => {
  it('accepts always open and a well-formed schedule, touching ranges included', () => {
    expect(validateWorkTimes(alwaysOpenDraft('UTC'))).toEqual([]);
    expect(
      validateWorkTimes({ ...alwaysOpenDraft('UTC'), alwaysOpen: false, days: officeHoursDays() }),
    ).toEqual([]);
    expect(
      validateWorkTimes(
        draftWith({
          2: [
            { start: '09:00', end: '12:00' },
            { start: '12:00', end: '18:00' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it('reports a range whose start is not before its end', () => {
    expect(validateWorkTimes(draftWith({ 4: [{ start: '18:00', end: '09:00' }] }))).toEqual([
      { code: 'startNotBeforeEnd', weekday: 4, index: 0 },
    ]);
    expect(validateWorkTimes(draftWith({ 4: [{ start: '09:00', end: '09:00' }] }))).toEqual([
      { code: 'startNotBeforeEnd', weekday: 4, index: 0 },
    ]);
  });

  it('reports overlapping ranges of one day at the later range', () => {
    expect(
      validateWorkTimes(
        draftWith({
          5: [
            { start: '13:00', end: '18:00' },
            { start: '09:00', end: '14:00' },
            { start: '10:00', end: '11:00' },
          ],
        }),
      ),
    ).toEqual([
      { code: 'overlap', weekday: 5, index: 2 },
      { code: 'overlap', weekday: 5, index: 0 },
    ]);
  });

  it('reports missing times, a day without ranges and a schedule with no open time', () => {
    expect(validateWorkTimes(draftWith({ 1: [{ start: '', end: '18:00' }], 2: [] }))).toEqual([
      { code: 'missingTime', weekday: 1, index: 0 },
      { code: 'missingTime', weekday: 2 },
    ]);
    expect(validateWorkTimes({ ...alwaysOpenDraft('UTC'), alwaysOpen: false })).toEqual([
      { code: 'noOpenTime' },
    ]);
  });

  it('reports an unknown time zone and more entries than the server keeps', () => {
    expect(validateWorkTimes(draftWith({ 1: [{ start: '09:00', end: '10:00' }] }, 'Nowhere/City'))).toEqual([
      { code: 'badTimezone' },
    ]);
    const many = Array.from({ length: 11 }, (_, hour) => ({
      start: `${String(hour).padStart(2, '0')}:00`,
      end: `${String(hour).padStart(2, '0')}:30`,
    }));
    const issues = validateWorkTimes(
      draftWith({ 1: many, 2: many, 3: many, 4: many, 5: many, 6: many, 7: many }),
    );
    expect(issues).toEqual([{ code: 'tooMany' }]);
  });
});

describe('copyMondayToWeekdays', () => {
  it('gives Tuesday to Friday Monday’s hours and leaves the weekend alone', () => {
    const draft = draftWith({
      1: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '17:00' },
      ],
      3: [{ start: '10:00', end: '11:00' }],
      6: [{ start: '10:00', end: '14:00' }],
    });
    const copied = copyMondayToWeekdays(draft);
    for (const weekday of [2, 3, 4, 5])
      expect(copied.days[weekday - 1]).toEqual({ ...draft.days[0], weekday });
    expect(copied.days[5]).toEqual(draft.days[5]);
    expect(copied.days[6]).toEqual(draft.days[6]);
    // The copies are independent of Monday's rows.
    copied.days[1].ranges[0].start = '07:00';
    expect(copied.days[0].ranges[0].start).toBe('08:00');
  });

  it('switches the weekdays off when Monday is off', () => {
    const copied = copyMondayToWeekdays(draftWith({ 2: [{ start: '09:00', end: '10:00' }] }));
    expect(copied.days.slice(0, 5).every((day) => !day.enabled && day.ranges.length === 0)).toBe(true);
  });
});

describe('summarizeWorkTimes', () => {
  it('merges consecutive days with the same hours', () => {
    const json = serializeWorkTimes({
      ...alwaysOpenDraft('Asia/Shanghai'),
      alwaysOpen: false,
      days: officeHoursDays(),
    });
    expect(summarizeWorkTimes(json, en)).toEqual({
      schedule: 'Mon–Fri 09:00–18:00',
      timezone: 'Asia/Shanghai',
    });
  });

  it('lists differing days and split days separately', () => {
    const json = serializeWorkTimes(
      draftWith(
        {
          1: [{ start: '09:00', end: '18:00' }],
          2: [{ start: '09:00', end: '18:00' }],
          4: [{ start: '09:00', end: '18:00' }],
          6: [
            { start: '10:00', end: '12:00' },
            { start: '13:00', end: '16:00' },
          ],
        },
        'UTC',
      ),
    );
    expect(summarizeWorkTimes(json, en)?.schedule).toBe(
      'Mon–Tue 09:00–18:00; Thu 09:00–18:00; Sat 10:00–12:00, 13:00–16:00',
    );
    expect(
      summarizeWorkTimes(json, {
        weekdays: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
        groupSeparator: '；',
      })?.schedule,
    ).toBe('周一–周二 09:00–18:00；周四 09:00–18:00；周六 10:00–12:00, 13:00–16:00');
  });

  it('is null for always open', () => {
    expect(summarizeWorkTimes('', en)).toBeNull();
  });
});

describe('timeZoneChoices', () => {
  it('puts the given zones first, skips unknown ones and repeats none', () => {
    const zones = timeZoneChoices('America/Lima', 'Bad/Zone', 'Asia/Shanghai');
    expect(zones[0]).toBe('America/Lima');
    expect(zones).not.toContain('Bad/Zone');
    expect(zones).toContain('UTC');
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('nextRangeAfter', () => {
  it('starts a day with office hours and appends an hour after the latest end', () => {
    expect(nextRangeAfter([])).toEqual({ start: '09:00', end: '18:00' });
    expect(
      nextRangeAfter([
        { start: '13:00', end: '17:30' },
        { start: '08:00', end: '12:00' },
      ]),
    ).toEqual({ start: '17:30', end: '18:30' });
    expect(nextRangeAfter([{ start: '20:00', end: '23:30' }])).toEqual({ start: '23:30', end: '23:59' });
  });

  it('leaves the times blank when the day is already full', () => {
    expect(nextRangeAfter([{ start: '00:00', end: '23:59' }])).toEqual({ start: '', end: '' });
  });
});
