import type { Executor } from '../../db/database.js';
import { createRobotMatcher, loadPinyin, type MatcherFaq, type RobotMatcher } from './robot.matcher.js';
import {
  findRobotRevision,
  listAllWords,
  listMatchableFaqs,
  listMatchableFaqWorkgroups,
} from './robot.repository.js';
import type { PlatformSynonymSnapshot, PlatformSynonymSource } from '../platform/synonym/synonym.source.js';
import { foldText, mergeSynonyms } from './robot.text.js';

/*
 * Each node keeps one matcher per organisation in memory (building one over 10 k FAQs takes a
 * few hundred milliseconds; matching with it well under one). Every change to FAQs or word lists
 * bumps the organisation's row in robot_revision in the same transaction:
 * - on the node that made the change, the cache entry is dropped at once;
 * - any node re-reads the revision (one primary-key read) when its entry is older than
 *   revisionCheckMs and rebuilds only when it moved, so a change made on another node applies
 *   there within that time. No Redis needed, and a node that missed a message cannot stay stale.
 */

/** How long a node answers from its matcher before checking the organisation's revision. */
export const revisionCheckMs = 2000;
/**
 * Organisations kept per node; the least recently built go first past it. A matcher over 10 k
 * FAQs holds about 15 MB (a few hundred FAQs, well under 1 MB).
 */
const cacheLimit = 200;

export type RobotIndex = {
  revision: number;
  /** The platform synonym revision it was built with: a platform change rebuilds it on next use. */
  platformRevision: number;
  matcher: RobotMatcher;
  /** The transfer keyword the text holds, or null. */
  findTransferKeyword: (text: string) => string | null;
};

const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

const cjkPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Transfer keywords match like sensitive words: anywhere in CJK text, as whole words elsewhere. */
export const createTransferFinder = (keywords: readonly string[]): ((text: string) => string | null) => {
  const byFolded = new Map<string, string>();
  for (const keyword of keywords) {
    const folded = foldText(keyword);
    if (folded !== '' && !byFolded.has(folded)) byFolded.set(folded, keyword);
  }
  if (byFolded.size === 0) return () => null;
  const pattern = new RegExp(
    [...byFolded.keys()]
      .sort((a, b) => b.length - a.length)
      .map((keyword) =>
        cjkPattern.test(keyword)
          ? escapeRegExp(keyword)
          : `(?<![\\p{L}\\p{N}])${escapeRegExp(keyword)}(?![\\p{L}\\p{N}])`,
      )
      .join('|'),
    'u',
  );
  return (text) => {
    const found = pattern.exec(foldText(text));
    return found ? (byFolded.get(found[0]) ?? found[0]) : null;
  };
};

const noPlatformSynonyms: PlatformSynonymSnapshot = { revision: 0, synonyms: [] };

/**
 * Reads an organisation's enabled FAQs and word lists and builds its index; the platform's
 * synonyms apply under the organisation's own (its entry for the same standard word wins).
 */
export const loadRobotIndex = async (
  db: Executor,
  orgId: number,
  platform: PlatformSynonymSnapshot = noPlatformSynonyms,
): Promise<RobotIndex> => {
  // The revision first: a change committed while the rest is read makes the next check rebuild.
  const revision = await findRobotRevision(db, orgId);
  const [faqRows, workgroupRows, wordRows] = await Promise.all([
    listMatchableFaqs(db, orgId),
    listMatchableFaqWorkgroups(db, orgId),
    listAllWords(db, orgId),
  ]);
  const workgroupsOf = new Map<number, string[]>();
  for (const row of workgroupRows) {
    const list = workgroupsOf.get(Number(row.faq_id)) ?? [];
    list.push(row.wid);
    workgroupsOf.set(Number(row.faq_id), list);
  }
  const faqs: MatcherFaq[] = faqRows.map((row) => ({
    aid: row.aid,
    question: row.question,
    similarQuestions: parseList(row.similar_questions),
    workgroups: workgroupsOf.get(Number(row.id)) ?? [],
  }));
  await loadPinyin();
  const matcher = createRobotMatcher(faqs, {
    stopwords: wordRows.filter((row) => row.kind === 'stopword').map((row) => row.word),
    synonyms: mergeSynonyms(
      wordRows
        .filter((row) => row.kind === 'synonym')
        .map((row) => ({ standard: row.word, synonyms: parseList(row.synonyms) })),
      platform.synonyms,
    ),
  });
  const findTransferKeyword = createTransferFinder(
    wordRows.filter((row) => row.kind === 'transfer').map((row) => row.word),
  );
  return { revision, platformRevision: platform.revision, matcher, findTransferKeyword };
};

export type RobotIndexCache = ReturnType<typeof createRobotIndexCache>;

export const createRobotIndexCache = (deps: {
  db: Executor;
  now?: () => number;
  /** The platform's synonym library (cached itself; no database read per answer). */
  platformSynonyms?: PlatformSynonymSource;
}) => {
  const { db, platformSynonyms } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { checkedAt: number; value: Promise<RobotIndex> }>();

  const store = (orgId: number, value: Promise<RobotIndex>) => {
    cache.delete(orgId);
    if (cache.size >= cacheLimit) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    const entry = { checkedAt: now(), value };
    cache.set(orgId, entry);
    // A failed load is not kept: the next call tries again.
    value.catch(() => {
      if (cache.get(orgId) === entry) cache.delete(orgId);
    });
    return value;
  };

  const load = async (orgId: number) =>
    loadRobotIndex(db, orgId, platformSynonyms ? await platformSynonyms.get() : noPlatformSynonyms);

  const rebuild = (orgId: number, entry: { value: Promise<RobotIndex> }) => {
    // Another call may have started the rebuild meanwhile.
    const current = cache.get(orgId);
    if (current && current !== entry) return current.value;
    return store(orgId, load(orgId));
  };

  const get = async (orgId: number): Promise<RobotIndex> => {
    const entry = cache.get(orgId);
    if (!entry) return store(orgId, load(orgId));
    const platformRevision = platformSynonyms ? (await platformSynonyms.get()).revision : 0;
    if (now() - entry.checkedAt < revisionCheckMs) {
      const index = await entry.value;
      return index.platformRevision === platformRevision ? index : rebuild(orgId, entry);
    }
    entry.checkedAt = now();
    const [index, revision] = await Promise.all([entry.value, findRobotRevision(db, orgId)]);
    if (revision === index.revision && index.platformRevision === platformRevision) return index;
    return rebuild(orgId, entry);
  };

  /** Called after this node changed what the organisation's matcher reads. */
  const invalidate = (orgId: number) => {
    cache.delete(orgId);
  };

  return { get, invalidate };
};
