import { toPage, type Page, type PlatformSynonym, type PlatformSynonymQuery } from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import '../platform.messages.js';
import {
  bumpPlatformRevision,
  deletePlatformSynonym,
  findPlatformSynonym,
  findPlatformSynonymByKey,
  insertPlatformSynonym,
  pagePlatformSynonyms,
  synonymRevisionName,
  updatePlatformSynonym,
  type PlatformSynonymRow,
} from './synonym.repository.js';
import type { PlatformSynonymSource } from './synonym.source.js';

export type PlatformSynonymService = ReturnType<typeof createPlatformSynonymService>;

/** Folded, trimmed, single-spaced, lower case: what "the same standard word" means (as the robot's lists). */
const keyOf = (text: string): string => text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/** Trimmed synonyms without repeats and without the standard word itself. */
const distinct = (values: readonly string[], standard: string): string[] => {
  const seen = new Set([keyOf(standard)]);
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = keyOf(value);
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(value);
  }
  return result;
};

const toSynonym = (row: PlatformSynonymRow): PlatformSynonym => ({
  psid: row.psid,
  standard: row.standard,
  synonyms: parseList(row.synonyms),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/**
 * The platform's synonym library: CRUD for platform staff. Every change bumps the platform
 * revision in its transaction and drops this node's copy, so every organisation's robot reads it
 * on its next answer (other nodes within the source's check period).
 */
export const createPlatformSynonymService = (deps: {
  db: Executor;
  source: PlatformSynonymSource;
  now?: () => number;
}) => {
  const { db, source } = deps;
  const now = deps.now ?? Date.now;

  const load = async (psid: string): Promise<PlatformSynonymRow> => {
    const row = await findPlatformSynonym(db, psid);
    if (!row) throw AppError.notFound('platform.synonym.notFound', { psid });
    return row;
  };

  const duplicate = (standard: string) =>
    AppError.conflict('platform.synonym.duplicate', {
      params: { standard },
      fields: [{ field: 'standard', message: 'already in the library' }],
    });

  const change = async (run: (trx: Executor) => Promise<void>) => {
    await db.transaction().execute(async (trx) => {
      await run(trx);
      await bumpPlatformRevision(trx, synonymRevisionName);
    });
    source.invalidate();
  };

  const page = async (
    query: PlatformSynonymQuery & { page: number; size: number },
  ): Promise<Page<PlatformSynonym>> => {
    const { rows, total } = await pagePlatformSynonyms(db, query);
    return toPage(rows.map(toSynonym), total, query);
  };

  const save = async (body: {
    psid?: string;
    standard: string;
    synonyms: string[];
  }): Promise<PlatformSynonym> => {
    const standard = body.standard.trim();
    const key = keyOf(standard);
    const current = body.psid === undefined ? undefined : await load(body.psid);
    const taken = await findPlatformSynonymByKey(db, key);
    if (taken && taken.id !== current?.id) throw duplicate(standard);
    const synonyms = distinct(body.synonyms, standard);
    const psid = current?.psid ?? createPublicId();
    try {
      await change((trx) =>
        current
          ? updatePlatformSynonym(trx, Number(current.id), { standard, key, synonyms, now: now() })
          : insertPlatformSynonym(trx, { psid, standard, key, synonyms, now: now() }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(standard);
      throw error;
    }
    return toSynonym(await load(psid));
  };

  const remove = async (psid: string): Promise<void> => {
    const row = await load(psid);
    await change((trx) => deletePlatformSynonym(trx, Number(row.id)));
  };

  return { page, save, remove };
};
