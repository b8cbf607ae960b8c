import type { Executor } from '../../../db/database.js';
import { findPlatformRevision, listPlatformSynonyms, synonymRevisionName } from './synonym.repository.js';

/*
 * The platform's synonyms as every robot matcher on this node reads them. Loaded once and kept;
 * after `checkMs` the next read looks at the platform revision (one primary-key read per node, not
 * per answer) and reloads only when it moved, so another node's change applies here within that
 * time. A change on this node calls `invalidate` and applies at once.
 */

export type PlatformSynonymEntry = { standard: string; synonyms: string[] };
export type PlatformSynonymSnapshot = { revision: number; synonyms: PlatformSynonymEntry[] };

export type PlatformSynonymSource = {
  get: () => Promise<PlatformSynonymSnapshot>;
  invalidate: () => void;
};

/** How long a node uses its copy before checking the platform revision (the robot index's period). */
export const platformSynonymCheckMs = 2000;

const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

const loadSnapshot = async (db: Executor): Promise<PlatformSynonymSnapshot> => {
  // The revision first: a change committed while the rows are read makes the next check reload.
  const revision = await findPlatformRevision(db, synonymRevisionName);
  const rows = await listPlatformSynonyms(db);
  return {
    revision,
    synonyms: rows.map((row) => ({ standard: row.standard, synonyms: parseList(row.synonyms) })),
  };
};

export const createPlatformSynonymSource = (deps: {
  db: Executor;
  now?: () => number;
  checkMs?: number;
}): PlatformSynonymSource => {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const checkMs = deps.checkMs ?? platformSynonymCheckMs;
  let entry: { checkedAt: number; value: Promise<PlatformSynonymSnapshot> } | null = null;

  const store = () => {
    const current = { checkedAt: now(), value: loadSnapshot(db) };
    entry = current;
    // A failed load is not kept: the next read tries again.
    current.value.catch(() => {
      if (entry === current) entry = null;
    });
    return current.value;
  };

  const get = async (): Promise<PlatformSynonymSnapshot> => {
    const current = entry;
    if (!current) return store();
    if (now() - current.checkedAt < checkMs) return current.value;
    current.checkedAt = now();
    const [snapshot, revision] = await Promise.all([
      current.value,
      findPlatformRevision(db, synonymRevisionName),
    ]);
    if (revision === snapshot.revision) return snapshot;
    if (entry && entry !== current) return entry.value;
    return store();
  };

  return {
    get,
    invalidate: () => {
      entry = null;
    },
  };
};
