import { isEmbedOrigin, normalizeEmbedOrigin } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { findEmbedSites, findEmbedSitesBySubDomain, updateEmbedSites } from './organization.repository.js';

/*
 * The sites an organisation allows to embed its chat page (issue 12). The chat page's
 * Content-Security-Policy names them in `frame-ancestors`, so they are read on every page view:
 * cached per subDomain. A change applies at once on the node that made it and within the cache's
 * lifetime on the others.
 */

/** How long another node may keep serving an old list. */
export const embedSitesCacheMs = 60_000;
/** Bounds the cache under a flood of made-up subDomains (unknown ones are cached too). */
const cacheLimit = 10_000;

/** Stored JSON back to a list, dropping anything that is no longer a valid origin. */
const parseSites = (json: string | undefined): string[] => {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.filter((site): site is string => typeof site === 'string' && isEmbedOrigin(site))
      : [];
  } catch {
    return [];
  }
};

export type EmbedSiteService = ReturnType<typeof createEmbedSiteService>;

export const createEmbedSiteService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { sites: string[]; expiresAt: number }>();

  /** The organisation's list; empty = any site may embed its chat. */
  const get = async (orgId: number): Promise<string[]> =>
    parseSites((await findEmbedSites(db, orgId))?.embed_sites);

  /** Replaces the list (normalised, duplicates dropped) and forgets this node's cached copy. */
  const set = async (orgId: number, sites: string[]): Promise<string[]> => {
    const unique = [...new Set(sites.map(normalizeEmbedOrigin))];
    await updateEmbedSites(db, orgId, JSON.stringify(unique), now());
    const row = await findEmbedSites(db, orgId);
    if (row) cache.delete(row.sub_domain);
    return unique;
  };

  /** The list for the chat page of `subDomain` (the `org` of its address); [] for an unknown one. */
  const forSubDomain = async (subDomain: string): Promise<string[]> => {
    const time = now();
    const cached = cache.get(subDomain);
    if (cached && cached.expiresAt > time) return cached.sites;
    const sites = parseSites((await findEmbedSitesBySubDomain(db, subDomain))?.embed_sites);
    if (cache.size >= cacheLimit) cache.clear();
    cache.set(subDomain, { sites, expiresAt: time + embedSitesCacheMs });
    return sites;
  };

  return { get, set, forSubDomain };
};
