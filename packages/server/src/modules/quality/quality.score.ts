import type {
  Language,
  QualityCriterion,
  QualityFacts,
  QualityItem,
  QualityItemScore,
} from '@openkefu/contract';

// The arithmetic lives in the contract, so the console's preview and the server agree.
export { computeQualityScore, type QualityScoreResult as ScoreResult } from '@openkefu/contract';

/*
 * Score arithmetic and the automatic checks, pure so they are tested without a database.
 * A criterion contributes weight × (points earned ÷ points possible) of its non-fatal items; the
 * total is rounded half up to one decimal; any fatal item hit makes the total 0.
 */

/** A problem with a scheme or a score, by field path; the service words it in the caller's language. */
export type QualityIssue =
  | { field: string; kind: 'weightsSum'; sum: number }
  | { field: string; kind: 'duplicateKey'; key: string }
  | { field: string; kind: 'noPoints' }
  | { field: string; kind: 'unknownItem'; key: string }
  | { field: string; kind: 'tooManyPoints'; points: number };

/** The criteria's weights must sum to exactly 100; keys are unique; a weighted criterion has points. */
export const checkQualityCriteria = (criteria: readonly QualityCriterion[]): QualityIssue[] => {
  const issues: QualityIssue[] = [];
  const sum = criteria.reduce((total, criterion) => total + criterion.weight, 0);
  if (sum !== 100) issues.push({ field: 'criteria', kind: 'weightsSum', sum });
  const criterionKeys = new Set<string>();
  const itemKeys = new Set<string>();
  criteria.forEach((criterion, index) => {
    if (criterionKeys.has(criterion.key))
      issues.push({ field: `criteria.${index}.key`, kind: 'duplicateKey', key: criterion.key });
    criterionKeys.add(criterion.key);
    const points = criterion.items
      .filter((item) => !item.fatal)
      .reduce((total, item) => total + item.points, 0);
    if (criterion.weight > 0 && points === 0)
      issues.push({ field: `criteria.${index}.items`, kind: 'noPoints' });
    criterion.items.forEach((item, itemIndex) => {
      if (itemKeys.has(item.key))
        issues.push({
          field: `criteria.${index}.items.${itemIndex}.key`,
          kind: 'duplicateKey',
          key: item.key,
        });
      itemKeys.add(item.key);
    });
  });
  return issues;
};

/**
 * Fills in every item of the scheme from the given scores (an item not given keeps full points,
 * earned is capped at its points) and reports items that are not in the scheme or exceed their
 * points.
 */
export const normaliseItemScores = (
  criteria: readonly QualityCriterion[],
  given: readonly QualityItemScore[],
): { items: QualityItemScore[]; issues: QualityIssue[] } => {
  const byKey = new Map(given.map((item) => [item.key, item]));
  const known = new Map<string, QualityItem>();
  for (const criterion of criteria) for (const item of criterion.items) known.set(item.key, item);
  const issues: QualityIssue[] = [];
  given.forEach((item, index) => {
    const definition = known.get(item.key);
    if (!definition) issues.push({ field: `items.${index}.key`, kind: 'unknownItem', key: item.key });
    else if (!definition.fatal && item.earned > definition.points)
      issues.push({ field: `items.${index}.earned`, kind: 'tooManyPoints', points: definition.points });
  });
  const items: QualityItemScore[] = [];
  for (const [key, definition] of known) {
    const score = byKey.get(key);
    items.push({
      key,
      earned: definition.fatal ? 0 : Math.min(score?.earned ?? definition.points, definition.points),
      hit: definition.fatal ? (score?.hit ?? false) : false,
      evidence: score?.evidence ?? '',
      isAutomatic: score?.isAutomatic ?? false,
    });
  }
  return { items, issues };
};

/** Whether an automatic check finds a fault in the conversation, by the item's threshold. */
export const isCheckViolated = (
  item: Pick<QualityItem, 'check' | 'threshold'>,
  facts: QualityFacts,
): boolean => {
  const threshold = item.threshold ?? 0;
  switch (item.check) {
    case 'firstResponse':
      return facts.firstResponseMs === null || facts.firstResponseMs > threshold * 1000;
    case 'longestSilence':
      return facts.longestSilenceMs !== null && facts.longestSilenceMs > threshold * 1000;
    case 'sensitiveWord':
      return facts.sensitiveWords.length > threshold;
    case 'closeType':
      return facts.closeType === 'timeout';
    case 'rating':
      return facts.rating !== null && facts.rating <= threshold;
    case 'transferCount':
      return facts.transferCount > threshold;
    default:
      return false;
  }
};

/** The pre-filled form of a pending inspection: automatic checks applied, everything else full points. */
export const prefillItemScores = (
  criteria: readonly QualityCriterion[],
  facts: QualityFacts,
): QualityItemScore[] =>
  criteria.flatMap((criterion) =>
    criterion.items.map((item) => {
      const violated = item.check !== null && isCheckViolated(item, facts);
      return {
        key: item.key,
        earned: item.fatal || violated ? 0 : item.points,
        hit: item.fatal && violated,
        evidence: '',
        isAutomatic: item.check !== null,
      };
    }),
  );

const seconds = (ms: number): number => Math.round(ms / 1000);

/** What an automatic check saw, in words (the checker reads it beside the item). */
export const describeCheck = (
  item: Pick<QualityItem, 'check' | 'threshold'>,
  facts: QualityFacts,
  language: Language,
): string => {
  const zh = language === 'zh-CN';
  const limit = item.threshold ?? 0;
  switch (item.check) {
    case 'firstResponse':
      if (facts.firstResponseMs === null) return zh ? '客服未回复' : 'The agent never replied';
      return zh
        ? `首次响应 ${seconds(facts.firstResponseMs)} 秒（上限 ${limit} 秒）`
        : `First response after ${seconds(facts.firstResponseMs)} s (limit ${limit} s)`;
    case 'longestSilence':
      if (facts.longestSilenceMs === null) return zh ? '访客无等待' : 'The visitor never waited';
      return zh
        ? `最长未回复 ${seconds(facts.longestSilenceMs)} 秒（上限 ${limit} 秒）`
        : `Longest agent silence ${seconds(facts.longestSilenceMs)} s (limit ${limit} s)`;
    case 'sensitiveWord':
      if (facts.sensitiveWords.length === 0) return zh ? '未命中敏感词' : 'No sensitive word';
      return zh
        ? `命中敏感词：${facts.sensitiveWords.join('、')}`
        : `Sensitive words: ${facts.sensitiveWords.join(', ')}`;
    case 'closeType':
      return zh ? `结束方式：${facts.closeType ?? '—'}` : `Closed by: ${facts.closeType ?? '—'}`;
    case 'rating':
      if (facts.rating === null) return zh ? '访客未评价' : 'Not rated';
      return zh
        ? `访客评价 ${facts.rating} 星（不高于 ${limit} 星扣分）`
        : `Rated ${facts.rating} stars (${limit} or fewer loses the points)`;
    case 'transferCount':
      return zh
        ? `转接 ${facts.transferCount} 次（上限 ${limit} 次）`
        : `Transferred ${facts.transferCount} times (limit ${limit})`;
    default:
      return '';
  }
};

type DefaultItem = [key: string, en: string, zh: string, points: number, extra?: Partial<QualityItem>];
type DefaultCriterion = [key: string, en: string, zh: string, weight: number, items: DefaultItem[]];

/** The original product's default: attitude 30 %, skill 40 %, communication 20 %, process 10 %. */
const defaultCriteria: DefaultCriterion[] = [
  [
    'attitude',
    'Service attitude',
    '服务态度',
    30,
    [
      ['polite', 'Polite greeting and farewell', '礼貌问候与结束语', 5],
      ['patient', 'Patient and friendly', '耐心友好', 5],
      [
        'noSensitive',
        'No sensitive words',
        '无敏感用语',
        0,
        { fatal: true, check: 'sensitiveWord', threshold: 0 },
      ],
    ],
  ],
  [
    'skill',
    'Professional skill',
    '专业能力',
    40,
    [
      ['accurate', 'Accurate answer', '解答准确', 6],
      ['solved', 'Problem solved', '问题解决', 4],
      ['rating', 'Visitor satisfied', '访客满意', 2, { check: 'rating', threshold: 2 }],
    ],
  ],
  [
    'communication',
    'Communication',
    '沟通表达',
    20,
    [
      ['clear', 'Clear and concise', '表达清晰简洁', 5],
      ['firstResponse', 'Fast first response', '首次响应及时', 3, { check: 'firstResponse', threshold: 60 }],
      ['silence', 'No long silence', '无长时间未回复', 2, { check: 'longestSilence', threshold: 180 }],
    ],
  ],
  [
    'process',
    'Process compliance',
    '流程规范',
    10,
    [
      ['closed', 'Closed the conversation properly', '规范结束会话', 5, { check: 'closeType' }],
      ['transfer', 'Transferred only when needed', '合理转接', 5, { check: 'transferCount', threshold: 1 }],
    ],
  ],
];

export const defaultQualityCriteria = (language: Language): QualityCriterion[] =>
  defaultCriteria.map(([key, en, zh, weight, items]) => ({
    key,
    name: language === 'zh-CN' ? zh : en,
    weight,
    items: items.map(([itemKey, itemEn, itemZh, points, extra]) => ({
      key: itemKey,
      name: language === 'zh-CN' ? itemZh : itemEn,
      points,
      fatal: extra?.fatal ?? false,
      check: extra?.check ?? null,
      threshold: extra?.threshold ?? null,
    })),
  }));
