import {
  tabooModeSchema,
  toPage,
  type Language,
  type Page,
  type Taboo,
  type TabooHit,
  type TabooHitQuery,
  type TabooImportResult,
  type TabooImportRowError,
  type TabooMode,
  type TabooQuery,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './taboo.messages.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { createTabooMatcher, maskMatches, type TabooMatch, type TabooMatcher } from './taboo.matcher.js';
import { parseSynonyms, toTaboo, toTabooHit } from './taboo.mapper.js';
import {
  deleteTaboo,
  findTabooByTbid,
  findTabooKeys,
  findTabooMode,
  insertTabooHits,
  insertTaboos,
  listEnforcedTaboos,
  listTaboos,
  pageTabooHits,
  pageTaboos,
  saveTabooMode,
  updateTaboo,
  type TabooRow,
  type TabooScope,
} from './taboo.repository.js';

export type TabooService = ReturnType<typeof createTabooService>;

/** Organisations without a setting mask. */
export const defaultTabooMode: TabooMode = 'mask';
/**
 * How long a node trusts its cached matcher. A change on this node invalidates at once; another
 * node's change (several nodes behind a load balancer) shows within this time.
 */
export const tabooCacheTtlMs = 5000;
/** Cached organisations per node; the least recently loaded go first past it. */
const cacheLimit = 10_000;
/** The most words one export writes. */
export const tabooExportLimit = 50_000;

type Enforcement = { matcher: TabooMatcher; mode: TabooMode };

/** One validated spreadsheet row of an import. */
export type TabooSheetRow = { standard: string; synonyms: string[] };

/** Trimmed synonyms without duplicates (case-insensitive) and without the standard word itself. */
const normalizeSynonyms = (standard: string, synonyms: string[]): string[] => {
  const seen = new Set([standard.toLowerCase()]);
  const result: string[] = [];
  for (const raw of synonyms) {
    const synonym = raw.trim();
    const key = synonym.toLowerCase();
    if (!synonym || seen.has(key)) continue;
    seen.add(key);
    result.push(synonym);
  }
  return result;
};

export const createTabooService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { loadedAt: number; value: Promise<Enforcement> }>();

  /** A platform change (scope null) affects every organisation. */
  const invalidate = (scope: TabooScope) => {
    if (scope === null) cache.clear();
    else cache.delete(scope);
  };

  const loadEnforcement = async (orgId: number): Promise<Enforcement> => {
    const [rows, mode] = await Promise.all([listEnforcedTaboos(db, orgId), findTabooMode(db, orgId)]);
    const matcher = createTabooMatcher(
      rows.map((row) => ({
        tabooId: Number(row.id),
        standard: row.standard,
        terms: [row.standard, ...parseSynonyms(row.synonyms)],
      })),
    );
    const parsed = tabooModeSchema.safeParse(mode);
    return { matcher, mode: parsed.success ? parsed.data : defaultTabooMode };
  };

  const enforcementOf = (orgId: number): Promise<Enforcement> => {
    const at = now();
    const cached = cache.get(orgId);
    if (cached && at - cached.loadedAt < tabooCacheTtlMs) return cached.value;
    const value = loadEnforcement(orgId);
    cache.delete(orgId);
    if (cache.size >= cacheLimit) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(orgId, { loadedAt: at, value });
    // A failed load is not kept: the next message tries again.
    value.catch(() => {
      if (cache.get(orgId)?.value === value) cache.delete(orgId);
    });
    return value;
  };

  /**
   * The hot path of every text message: the cached matcher finds the words; `content` is masked
   * in mask mode. `matches` is empty for clean text.
   */
  const inspect = async (
    orgId: number,
    content: string,
  ): Promise<{ mode: TabooMode; matches: TabooMatch[]; content: string }> => {
    const { matcher, mode } = await enforcementOf(orgId);
    if (matcher.isEmpty) return { mode, matches: [], content };
    const matches = matcher.find(content);
    return { mode, matches, content: mode === 'mask' ? maskMatches(content, matches) : content };
  };

  /** One hit per word (not per occurrence) of a message. */
  const recordHits = async (hit: {
    orgId: number;
    threadId: number;
    action: TabooMode;
    matches: TabooMatch[];
    sender: { kind: 'visitor'; visitorId: number } | { kind: 'agent'; userId: number };
  }) => {
    const at = now();
    const seen = new Set<string>();
    const rows = [];
    for (const match of hit.matches) {
      const key = `${match.tabooId}:${match.word.toLowerCase()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        hid: createPublicId(),
        orgId: hit.orgId,
        threadId: hit.threadId,
        tabooId: match.tabooId,
        word: match.word,
        standard: match.standard,
        action: hit.action,
        senderKind: hit.sender.kind,
        senderUserId: hit.sender.kind === 'agent' ? hit.sender.userId : null,
        senderVisitorId: hit.sender.kind === 'visitor' ? hit.sender.visitorId : null,
        now: at,
      });
    }
    try {
      await insertTabooHits(db, rows);
    } catch {
      // The word was deleted between matching and recording: keep the hits without their word row.
      await insertTabooHits(
        db,
        rows.map((row) => ({ ...row, tabooId: null })),
      );
    }
  };

  const load = async (scope: TabooScope, tbid: string): Promise<TabooRow> => {
    const row = await findTabooByTbid(db, scope, tbid);
    if (!row) throw AppError.notFound('taboo.notFound', { tbid });
    return row;
  };

  const assertUnique = async (scope: TabooScope, standard: string, exceptId?: number) => {
    const taken = await findTabooKeys(db, scope, [standard.toLowerCase()]);
    if (taken.some((row) => row.id !== exceptId))
      throw AppError.conflict('taboo.duplicate', {
        params: { standard },
        fields: [{ field: 'standard', message: 'already in the list' }],
      });
  };

  const page = async (scope: TabooScope, query: TabooQuery): Promise<Page<Taboo>> => {
    const { rows, total } = await pageTaboos(db, scope, query, query);
    return toPage(rows.map(toTaboo), total, query);
  };

  const create = async (
    scope: TabooScope,
    userId: number,
    body: { standard: string; synonyms: string[] },
  ): Promise<Taboo> => {
    await assertUnique(scope, body.standard);
    const tbid = createPublicId();
    await insertTaboos(db, [
      {
        tbid,
        scope,
        standard: body.standard,
        synonyms: normalizeSynonyms(body.standard, body.synonyms),
        userId,
        now: now(),
      },
    ]);
    invalidate(scope);
    return toTaboo(await load(scope, tbid));
  };

  const update = async (
    scope: TabooScope,
    body: { tbid: string; standard: string; synonyms: string[] },
  ): Promise<Taboo> => {
    const row = await load(scope, body.tbid);
    await assertUnique(scope, body.standard, Number(row.id));
    await updateTaboo(db, scope, Number(row.id), {
      standard: body.standard,
      synonyms: normalizeSynonyms(body.standard, body.synonyms),
      now: now(),
    });
    invalidate(scope);
    return toTaboo(await load(scope, body.tbid));
  };

  const remove = async (scope: TabooScope, tbid: string): Promise<void> => {
    const row = await load(scope, tbid);
    await deleteTaboo(db, scope, Number(row.id));
    invalidate(scope);
  };

  /**
   * Writes the valid rows of a read sheet in one transaction and none of the rejected ones: those
   * the sheet reader refused, a word repeated in the file, and a word already in the list.
   */
  const importRows = async (
    scope: TabooScope,
    userId: number,
    sheet: { rows: { row: number; value: TabooSheetRow }[]; errors: TabooImportRowError[] },
    language: Language,
  ): Promise<TabooImportResult> => {
    const errors = [...sheet.errors];
    const firstRowOf = new Map<string, number>();
    const unique = sheet.rows.filter(({ row, value }) => {
      const key = value.standard.toLowerCase();
      const first = firstRowOf.get(key);
      if (first === undefined) {
        firstRowOf.set(key, row);
        return true;
      }
      errors.push({
        row,
        field: 'standard',
        message: translate('taboo.import.repeated', language, { row: first }),
      });
      return false;
    });
    const taken = new Set(
      (
        await findTabooKeys(
          db,
          scope,
          unique.map(({ value }) => value.standard.toLowerCase()),
        )
      ).map((row) => row.key),
    );
    const writable = unique.filter(({ row, value }) => {
      if (!taken.has(value.standard.toLowerCase())) return true;
      errors.push({ row, field: 'standard', message: translate('taboo.import.exists', language) });
      return false;
    });
    const at = now();
    await db.transaction().execute((trx) =>
      insertTaboos(
        trx,
        writable.map(({ value }) => ({
          tbid: createPublicId(),
          scope,
          standard: value.standard,
          synonyms: normalizeSynonyms(value.standard, value.synonyms),
          userId,
          now: at,
        })),
      ),
    );
    if (writable.length > 0) invalidate(scope);
    errors.sort((a, b) => a.row - b.row);
    return { imported: writable.length, errors };
  };

  const exportRows = async (scope: TabooScope): Promise<Taboo[]> =>
    (await listTaboos(db, scope, tabooExportLimit)).map(toTaboo);

  const getMode = async (orgId: number): Promise<TabooMode> => (await enforcementOf(orgId)).mode;

  const setMode = async (principal: Principal, mode: TabooMode): Promise<TabooMode> => {
    await saveTabooMode(db, principal.orgId, { mode, userId: principal.userId, now: now() });
    invalidate(principal.orgId);
    return mode;
  };

  const hits = async (principal: Principal, query: TabooHitQuery): Promise<Page<TabooHit>> => {
    const { rows, total } = await pageTabooHits(db, principal.orgId, query, query);
    return toPage(rows.map(toTabooHit), total, query);
  };

  return {
    inspect,
    recordHits,
    invalidate,
    page,
    create,
    update,
    remove,
    importRows,
    exportRows,
    getMode,
    setMode,
    hits,
  };
};
