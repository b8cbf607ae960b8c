import type { QualityDetail, QualityInspection, QualityScheme } from '@openkefu/contract';

/* Fixtures of the quality page tests (imported by tests only). */

export const T0 = Date.UTC(2026, 10, 20, 9, 0);

export const scheme = (overrides: Partial<QualityScheme> = {}): QualityScheme => ({
  qsid: 'qs-1',
  name: 'Default scheme',
  description: '',
  passMark: 60,
  isDefault: true,
  workgroups: [],
  createdAt: T0,
  updatedAt: T0,
  criteria: [
    {
      key: 'attitude',
      name: 'Service attitude',
      weight: 30,
      items: [
        { key: 'polite', name: 'Polite greeting', points: 10, fatal: false, check: null, threshold: null },
        {
          key: 'abuse',
          name: 'No sensitive words',
          points: 0,
          fatal: true,
          check: 'sensitiveWord',
          threshold: 0,
        },
      ],
    },
    {
      key: 'skill',
      name: 'Professional skill',
      weight: 70,
      items: [
        {
          key: 'fast',
          name: 'Fast first response',
          points: 5,
          fatal: false,
          check: 'firstResponse',
          threshold: 60,
        },
      ],
    },
  ],
  ...overrides,
});

export const inspection = (overrides: Partial<QualityInspection> = {}): QualityInspection => ({
  qid: 'q-1',
  tid: 't-1',
  status: 'pending',
  source: 'lowRating',
  agent: { uid: 'u-agent', nickname: 'Agent Smith' },
  workgroup: { wid: 'w-1', nickname: 'Sales' },
  visitorNickname: 'Vera',
  scheme: { qsid: 'qs-1', name: 'Default scheme', passMark: 60 },
  score: null,
  isPassed: null,
  isFatal: false,
  checker: null,
  closedAt: T0,
  scoredAt: null,
  createdAt: T0,
  ...overrides,
});

export const detail = (overrides: Partial<QualityDetail> = {}): QualityDetail => ({
  ...inspection(),
  schemeDetail: scheme(),
  facts: {
    firstResponseMs: 90_000,
    longestSilenceMs: 30_000,
    sensitiveWords: [],
    visitorSensitiveWords: [],
    closeType: 'agent',
    rating: 1,
    transferCount: 0,
  },
  items: [
    { key: 'polite', earned: 10, hit: false, evidence: '', isAutomatic: false },
    { key: 'abuse', earned: 0, hit: false, evidence: 'No sensitive word', isAutomatic: true },
    {
      key: 'fast',
      earned: 0,
      hit: false,
      evidence: 'First response after 90 s (limit 60 s)',
      isAutomatic: true,
    },
  ],
  appeal: null,
  transcript: [
    {
      mid: 'm-1',
      type: 'text',
      content: 'Where is my parcel?',
      senderKind: 'visitor',
      senderName: 'Vera',
      createdAt: T0,
    },
    {
      mid: 'm-2',
      type: 'text',
      content: 'Let me check.',
      senderKind: 'agent',
      senderName: 'Agent Smith',
      createdAt: T0 + 90_000,
    },
  ],
  comments: [],
  log: [{ action: 'created', actor: null, detail: 'lowRating', at: T0 }],
  ...overrides,
});
