import {
  greetingTipFields,
  languageSchema,
  type GreetingTipField,
  type GreetingTips,
  type Language,
  type PlatformGreeting,
} from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';
import { findPlatformGreeting, listPlatformGreetings, savePlatformGreeting } from './greeting.repository.js';

export type PlatformGreetingService = ReturnType<typeof createPlatformGreetingService>;

const emptyTips = (): GreetingTips =>
  Object.fromEntries(greetingTipFields.map((field) => [field, ''])) as GreetingTips;

/** Stored JSON → every tip field, '' for a missing or malformed one. */
const parseTips = (text: string | undefined): GreetingTips => {
  const tips = emptyTips();
  if (!text) return tips;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return tips;
    for (const field of greetingTipFields) {
      const tip = (value as Record<string, unknown>)[field];
      if (typeof tip === 'string') tips[field] = tip;
    }
  } catch {
    return tips;
  }
  return tips;
};

/** The platform's default tips of one language ('' for those never set). */
export const readPlatformTips = async (db: Executor, language: Language): Promise<GreetingTips> =>
  parseTips((await findPlatformGreeting(db, language))?.tips);

/**
 * A new skill group's tips: each one the creator left empty (omitted or blank) takes the
 * platform's default in the creator's language. Tips the creator wrote are kept as written.
 */
export const withPlatformTips = async <T extends Partial<Record<GreetingTipField, string | undefined>>>(
  db: Executor,
  language: Language,
  input: T,
): Promise<T> => {
  const isLeftEmpty = (field: GreetingTipField) => (input[field] ?? '').trim() === '';
  if (!greetingTipFields.some(isLeftEmpty)) return input;
  const tips = await readPlatformTips(db, language);
  const filled: Partial<Record<GreetingTipField, string>> = {};
  for (const field of greetingTipFields)
    if (isLeftEmpty(field) && tips[field] !== '') filled[field] = tips[field];
  return { ...input, ...filled };
};

/** Platform → greeting: the default skill-group tips per language, edited by platform staff. */
export const createPlatformGreetingService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const list = async (): Promise<PlatformGreeting[]> => {
    const rows = new Map((await listPlatformGreetings(db)).map((row) => [row.language, row]));
    return languageSchema.options.map((language) => {
      const row = rows.get(language);
      return {
        language,
        tips: parseTips(row?.tips),
        updatedAt: row ? Number(row.updated_at) : null,
      };
    });
  };

  const save = async (userId: number, language: Language, tips: GreetingTips): Promise<PlatformGreeting> => {
    const at = now();
    await savePlatformGreeting(db, { language, tips: JSON.stringify(tips), userId, now: at });
    return { language, tips: parseTips(JSON.stringify(tips)), updatedAt: at };
  };

  const defaults = (language: Language): Promise<GreetingTips> => readPlatformTips(db, language);

  return { list, save, defaults };
};
