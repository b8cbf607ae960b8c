import type { ArticleStatus, ArticleType, FieldError, Tender, TikuQuestion } from '@openkefu/contract';

/*
 * The article rules that need no database: the type-specific parts (a tiku question, a zhaobiao
 * tender), when an article is live, and which uploads its content uses. Pure, so tested directly.
 */

/** Field errors of the type-specific parts; empty when valid. */
export const checkTypeParts = (
  type: ArticleType,
  question: TikuQuestion | null,
  tender: Tender | null,
): FieldError[] => {
  const errors: FieldError[] = [];
  if (tender !== null && type !== 'zhaobiao')
    errors.push({ field: 'tender', message: 'only tender notices (zhaobiao) have one' });
  if (type !== 'tiku') {
    if (question !== null)
      errors.push({ field: 'question', message: 'only question-bank items (tiku) have one' });
    return errors;
  }
  if (question === null)
    return [...errors, { field: 'question', message: 'is required for a question-bank item' }];
  const { questionType, options, answer } = question;
  if (questionType === 'short') {
    if (options.length > 0)
      errors.push({ field: 'question.options', message: 'a short-answer question has no options' });
    return errors;
  }
  if (options.length < 2 || options.length > 8)
    return [...errors, { field: 'question.options', message: 'a choice question needs 2 to 8 options' }];
  options.forEach((option, index) => {
    const expected = String.fromCharCode(65 + index);
    if (option.key !== expected)
      errors.push({
        field: `question.options.${index}.key`,
        message: `must be ${expected} (keys run A, B, C… in order)`,
      });
  });
  const keys = new Set(options.map((option) => option.key));
  if (answer.some((key) => !keys.has(key)))
    errors.push({ field: 'question.answer', message: 'must name keys among the options' });
  else if (new Set(answer).size !== answer.length)
    errors.push({ field: 'question.answer', message: 'names a key twice' });
  else if (questionType === 'single' && answer.length !== 1)
    errors.push({
      field: 'question.answer',
      message: 'a single-choice question has exactly one right option',
    });
  return errors;
};

/** Whether a stored row is live at `now`: published, or scheduled and due (the same rule as isLiveSql). */
export const isLive = (status: string, publishAt: number | null, now: number): boolean =>
  status === 'published' || (status === 'scheduled' && publishAt !== null && publishAt <= now);

/** What the console sees: a scheduled article that is due reads as published. */
export const effectiveStatus = (status: string, publishAt: number | null, now: number): ArticleStatus =>
  isLive(status, publishAt, now) ? 'published' : (status as ArticleStatus);

export type PublishState = { status: string; publishAt: number | null; publishedAt: number | null };

/**
 * The stored status for a requested one. `published` with a future `publishAt` is stored as
 * scheduled (live once it passes, published_at = publishAt); published now keeps the time it went
 * live if it already was; a draft keeps when it last went live.
 */
export const nextPublishState = (
  requested: 'draft' | 'published',
  publishAt: number | null,
  previous: PublishState | null,
  now: number,
): PublishState => {
  const wasLive = previous !== null && isLive(previous.status, previous.publishAt, now);
  const lastLive =
    previous?.publishedAt !== null && previous?.publishedAt !== undefined && previous.publishedAt <= now
      ? previous.publishedAt
      : null;
  if (requested === 'draft') return { status: 'draft', publishAt: null, publishedAt: lastLive };
  if (publishAt !== null && publishAt > now)
    return { status: 'scheduled', publishAt, publishedAt: publishAt };
  return { status: 'published', publishAt: null, publishedAt: wasLive ? (lastLive ?? now) : now };
};

/**
 * Storage keys of uploads that sanitised content points at (img src, a href): the part after
 * `/uploads/` of absolute or relative addresses. The caller keeps only the organisation's own.
 */
export const uploadKeysIn = (html: string): string[] => {
  const keys = new Set<string>();
  for (const match of html.matchAll(/\b(?:src|href)="([^"]*)"/g)) {
    const url = (match[1] ?? '').replace(/&amp;/g, '&');
    const at = url.indexOf('/uploads/');
    if (at < 0) continue;
    const key = url.slice(at + '/uploads/'.length).split(/[?#]/)[0] ?? '';
    if (key !== '') {
      try {
        keys.add(decodeURIComponent(key));
      } catch {
        keys.add(key);
      }
    }
  }
  return [...keys];
};
