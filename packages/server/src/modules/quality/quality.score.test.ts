import { roundHalfUpTenth, type QualityCriterion, type QualityFacts } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import {
  checkQualityCriteria,
  computeQualityScore,
  defaultQualityCriteria,
  describeCheck,
  normaliseItemScores,
  prefillItemScores,
} from './quality.score.js';

const item = (key: string, points: number, extra: Partial<QualityCriterion['items'][number]> = {}) => ({
  key,
  name: key,
  points,
  fatal: false,
  check: null,
  threshold: null,
  ...extra,
});

const criteria: QualityCriterion[] = [
  {
    key: 'a',
    name: 'A',
    weight: 30,
    items: [item('a1', 5), item('a2', 5), item('fatal', 0, { fatal: true })],
  },
  { key: 'b', name: 'B', weight: 70, items: [item('b1', 3)] },
];

const facts: QualityFacts = {
  firstResponseMs: 90_000,
  longestSilenceMs: 200_000,
  sensitiveWords: [],
  visitorSensitiveWords: [],
  closeType: 'agent',
  rating: 2,
  transferCount: 0,
};

describe('quality score arithmetic', () => {
  it('weights each criterion by the share of its points earned', () => {
    expect(computeQualityScore(criteria, []).score).toBe(100);
    const result = computeQualityScore(criteria, [
      { key: 'a1', earned: 5, hit: false, evidence: '', isAutomatic: false },
      { key: 'a2', earned: 0, hit: false, evidence: '', isAutomatic: false },
      { key: 'b1', earned: 2, hit: false, evidence: '', isAutomatic: false },
    ]);
    // 30 × 5/10 + 70 × 2/3 = 15 + 46.666… = 61.7
    expect(result.score).toBe(61.7);
    expect(result.criteria).toEqual([
      { key: 'a', percent: 50 },
      { key: 'b', percent: 66.7 },
    ]);
    expect(result.isFatal).toBe(false);
  });

  it('rounds half up to one decimal', () => {
    const halves: QualityCriterion[] = [{ key: 'x', name: 'X', weight: 100, items: [item('x1', 8)] }];
    // 100 × 5/8 = 62.5 exactly; 100 × 1/8 = 12.5
    expect(
      computeQualityScore(halves, [{ key: 'x1', earned: 5, hit: false, evidence: '', isAutomatic: false }])
        .score,
    ).toBe(62.5);
    const thirds: QualityCriterion[] = [{ key: 'x', name: 'X', weight: 100, items: [item('x1', 3)] }];
    expect(
      computeQualityScore(thirds, [{ key: 'x1', earned: 1, hit: false, evidence: '', isAutomatic: false }])
        .score,
    ).toBe(33.3);
    expect(
      computeQualityScore(thirds, [{ key: 'x1', earned: 2, hit: false, evidence: '', isAutomatic: false }])
        .score,
    ).toBe(66.7);
  });

  it('rounds a true half up where binary fractions fall short of it', () => {
    const given = (key: string, earned: number) => ({
      key,
      earned,
      hit: false,
      evidence: '',
      isAutomatic: false,
    });
    // 3 × 1/4 + 97 × 7/10 = 0.75 + 67.9 = 68.65 exactly, which doubles add up to 68.64999…:
    // a bare Math.round(x × 10) / 10 would give 68.6.
    const uneven: QualityCriterion[] = [
      { key: 'x', name: 'X', weight: 3, items: [item('x1', 4)] },
      { key: 'y', name: 'Y', weight: 97, items: [item('y1', 10)] },
    ];
    expect(Math.round((3 * (1 / 4) + 97 * (7 / 10)) * 10) / 10).toBe(68.6);
    expect(computeQualityScore(uneven, [given('x1', 1), given('y1', 7)]).score).toBe(68.7);
    // x.x5 on the 0–100 scale: 50 × 1/8 + 50 = 56.25 → 56.3; its criterion 12.5 % stays.
    const eighths: QualityCriterion[] = [
      { key: 'x', name: 'X', weight: 50, items: [item('x1', 8)] },
      { key: 'y', name: 'Y', weight: 50, items: [item('y1', 2)] },
    ];
    const result = computeQualityScore(eighths, [given('x1', 1)]);
    expect(result.score).toBe(56.3);
    expect(result.criteria).toEqual([
      { key: 'x', percent: 12.5 },
      { key: 'y', percent: 100 },
    ]);
    // 100 × 3/8 = 37.5 … 100 × 1/40 = 2.5: exact halves on the tenth are kept, below the half goes down.
    const fortieths: QualityCriterion[] = [{ key: 'x', name: 'X', weight: 100, items: [item('x1', 80)] }];
    expect(computeQualityScore(fortieths, [given('x1', 1)]).score).toBe(1.3); // 1.25
    expect(computeQualityScore(fortieths, [given('x1', 3)]).score).toBe(3.8); // 3.75
    expect(computeQualityScore(fortieths, [given('x1', 5)]).score).toBe(6.3); // 6.25
    expect(computeQualityScore(fortieths, [given('x1', 79)]).score).toBe(98.8); // 98.75
    const sevenths: QualityCriterion[] = [{ key: 'x', name: 'X', weight: 100, items: [item('x1', 7)] }];
    expect(computeQualityScore(sevenths, [given('x1', 1)]).score).toBe(14.3); // 14.2857…
  });

  it('rounds the statistics’ averages half up too', () => {
    // (0.1 + 4.6) / 2 is 2.35, stored as 2.3499999…
    expect(Math.round(((0.1 + 4.6) / 2) * 10) / 10).toBe(2.3);
    expect(roundHalfUpTenth((0.1 + 4.6) / 2)).toBe(2.4);
    expect(roundHalfUpTenth(2.34)).toBe(2.3);
    expect(roundHalfUpTenth(86.25)).toBe(86.3);
  });

  it('makes the score 0 on a fatal hit', () => {
    const result = computeQualityScore(criteria, [
      { key: 'fatal', earned: 0, hit: true, evidence: '', isAutomatic: false },
    ]);
    expect(result).toMatchObject({ score: 0, isFatal: true });
  });

  it('caps earned points at the item and fills missing items with full points', () => {
    const { items, issues } = normaliseItemScores(criteria, [
      { key: 'a1', earned: 9, hit: false, evidence: 'x', isAutomatic: false },
      { key: 'nope', earned: 1, hit: false, evidence: '', isAutomatic: false },
    ]);
    expect(issues).toEqual([
      { field: 'items.0.earned', kind: 'tooManyPoints', points: 5 },
      { field: 'items.1.key', kind: 'unknownItem', key: 'nope' },
    ]);
    expect(items.map((entry) => [entry.key, entry.earned])).toEqual([
      ['a1', 5],
      ['a2', 5],
      ['fatal', 0],
      ['b1', 3],
    ]);
  });

  it('refuses weights that do not sum to 100, duplicate keys and weighted criteria without points', () => {
    expect(checkQualityCriteria(criteria)).toEqual([]);
    expect(checkQualityCriteria([{ ...criteria[0]!, weight: 20 }, criteria[1]!])).toEqual([
      { field: 'criteria', kind: 'weightsSum', sum: 90 },
    ]);
    expect(
      checkQualityCriteria([
        { key: 'a', name: 'A', weight: 50, items: [item('x', 0, { fatal: true })] },
        { key: 'a', name: 'B', weight: 50, items: [item('x', 1)] },
      ]),
    ).toEqual([
      { field: 'criteria.0.items', kind: 'noPoints' },
      { field: 'criteria.1.key', kind: 'duplicateKey', key: 'a' },
      { field: 'criteria.1.items.0.key', kind: 'duplicateKey', key: 'x' },
    ]);
  });

  it('has a default scheme of 30/40/20/10 that sums to 100', () => {
    const defaults = defaultQualityCriteria('en-US');
    expect(defaults.map((criterion) => [criterion.name, criterion.weight])).toEqual([
      ['Service attitude', 30],
      ['Professional skill', 40],
      ['Communication', 20],
      ['Process compliance', 10],
    ]);
    expect(checkQualityCriteria(defaults)).toEqual([]);
    expect(defaultQualityCriteria('zh-CN')[0]?.name).toBe('服务态度');
  });
});

describe('automatic checks', () => {
  it('pre-fills the items bound to a check from the conversation', () => {
    const defaults = defaultQualityCriteria('en-US');
    const items = prefillItemScores(defaults, facts);
    const byKey = Object.fromEntries(items.map((entry) => [entry.key, entry]));
    expect(byKey.firstResponse).toMatchObject({ earned: 0, isAutomatic: true }); // 90 s > 60 s
    expect(byKey.silence).toMatchObject({ earned: 0, isAutomatic: true }); // 200 s > 180 s
    expect(byKey.rating).toMatchObject({ earned: 0 }); // 2 stars ≤ 2
    expect(byKey.noSensitive).toMatchObject({ hit: false, earned: 0 });
    expect(byKey.closed).toMatchObject({ earned: 5 });
    expect(byKey.polite).toMatchObject({ earned: 5, isAutomatic: false });
    const clean = prefillItemScores(defaults, { ...facts, sensitiveWords: ['idiot'], closeType: 'timeout' });
    expect(clean.find((entry) => entry.key === 'noSensitive')).toMatchObject({ hit: true });
    expect(clean.find((entry) => entry.key === 'closed')).toMatchObject({ earned: 0 });
    expect(computeQualityScore(defaults, clean).score).toBe(0);
  });

  it('treats a conversation without any reply as a slow first response', () => {
    const items = prefillItemScores(defaultQualityCriteria('en-US'), { ...facts, firstResponseMs: null });
    expect(items.find((entry) => entry.key === 'firstResponse')?.earned).toBe(0);
  });

  it('describes what it saw in both languages', () => {
    const check = { check: 'firstResponse' as const, threshold: 60 };
    expect(describeCheck(check, facts, 'en-US')).toBe('First response after 90 s (limit 60 s)');
    expect(describeCheck(check, facts, 'zh-CN')).toBe('首次响应 90 秒（上限 60 秒）');
    expect(
      describeCheck(
        { check: 'sensitiveWord', threshold: 0 },
        { ...facts, sensitiveWords: ['a', 'b'] },
        'en-US',
      ),
    ).toBe('Sensitive words: a, b');
  });
});
