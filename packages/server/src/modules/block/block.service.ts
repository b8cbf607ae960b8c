import {
  blockCreateBodySchema,
  toPage,
  type Block,
  type BlockCreateBody,
  type BlockQuery,
  type BlockStatus,
  type Page,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { findVisitorByVid } from '../visitor/visitor.repository.js';
import { toBlock } from './block.mapper.js';
import {
  findActiveBlock,
  findBlockByBid,
  findVisitorIp,
  insertBlock,
  listActiveBlocks,
  pageBlocks,
  revokeBlock,
  type BlockRow,
} from './block.repository.js';

export type BlockService = ReturnType<typeof createBlockService>;

/**
 * How long a node trusts its cached list of an organisation's blocks on the send path. A change on
 * this node applies at once; another node's within this time. Thread requests always read fresh.
 */
export const blockCacheTtlMs = 5000;
const cacheLimit = 10_000;

type ActiveBlocks = {
  /** visitor id → end (null: until unblocked). */
  visitors: Map<number, number | null>;
  ips: Map<string, number | null>;
};

const isInForce = (endAt: number | null | undefined, now: number) =>
  endAt !== undefined && (endAt === null || endAt > now);

export const createBlockService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const cache = new Map<number, { loadedAt: number; value: Promise<ActiveBlocks> }>();

  const loadActive = async (orgId: number): Promise<ActiveBlocks> => {
    const rows = await listActiveBlocks(db, orgId, now());
    const active: ActiveBlocks = { visitors: new Map(), ips: new Map() };
    for (const row of rows) {
      const endAt = row.end_at === null ? null : Number(row.end_at);
      // Several blocks of one target: the longest wins.
      const merge = <K>(map: Map<K, number | null>, key: K) => {
        const current = map.get(key);
        if (current === undefined || (current !== null && (endAt === null || endAt > current)))
          map.set(key, endAt);
      };
      if (row.type === 'visitor' && row.visitor_id !== null) merge(active.visitors, Number(row.visitor_id));
      if (row.type === 'ip' && row.ip) merge(active.ips, row.ip);
    }
    return active;
  };

  const activeOf = (orgId: number): Promise<ActiveBlocks> => {
    const at = now();
    const cached = cache.get(orgId);
    if (cached && at - cached.loadedAt < blockCacheTtlMs) return cached.value;
    const value = loadActive(orgId);
    cache.delete(orgId);
    if (cache.size >= cacheLimit) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    cache.set(orgId, { loadedAt: at, value });
    value.catch(() => {
      if (cache.get(orgId)?.value === value) cache.delete(orgId);
    });
    return value;
  };

  /** The send path: cached, and the visitor's address is read only when the organisation blocks addresses. */
  const isVisitorBlockedCached = async (orgId: number, visitorId: number): Promise<boolean> => {
    const active = await activeOf(orgId);
    const at = now();
    if (isInForce(active.visitors.get(visitorId), at)) return true;
    if (active.ips.size === 0) return false;
    return isInForce(active.ips.get(await findVisitorIp(db, orgId, visitorId)), at);
  };

  /** A thread request: read fresh, by the visitor, its last address and the request's address. */
  const findVisitorBlock = async (orgId: number, visitorId: number, requestIp: string) =>
    findActiveBlock(
      db,
      orgId,
      { visitorId, ips: [await findVisitorIp(db, orgId, visitorId), requestIp] },
      now(),
    );

  const load = async (orgId: number, bid: string): Promise<BlockRow> => {
    const row = await findBlockByBid(db, orgId, bid);
    if (!row) throw AppError.notFound('block.notFound', { bid });
    return row;
  };

  const create = async (principal: Principal, input: BlockCreateBody): Promise<Block> => {
    const body = blockCreateBodySchema.parse(input);
    const at = now();
    if (body.endAt !== undefined && body.endAt !== null && body.endAt <= at)
      throw AppError.badRequest('block.endInPast', {
        fields: [{ field: 'endAt', message: 'must be in the future' }],
      });
    let visitorId: number | null = null;
    const ip = body.type === 'ip' ? (body.ip ?? '') : '';
    if (body.type === 'visitor') {
      const visitor = await findVisitorByVid(db, principal.orgId, body.vid ?? '');
      if (!visitor) throw AppError.notFound('block.visitorNotFound', { vid: body.vid ?? '' });
      visitorId = Number(visitor.id);
    }
    const existing = await findActiveBlock(
      db,
      principal.orgId,
      { visitorId, ips: body.type === 'ip' ? [ip] : [] },
      at,
    );
    if (existing)
      throw AppError.conflict('block.exists', {
        params: { target: body.type === 'ip' ? ip : (body.vid ?? '') },
      });
    const bid = createPublicId();
    await insertBlock(db, {
      bid,
      orgId: principal.orgId,
      type: body.type,
      visitorId,
      ip,
      note: body.note,
      operatorId: principal.userId,
      endAt: body.endAt ?? null,
      now: at,
    });
    cache.delete(principal.orgId);
    return toBlock(await load(principal.orgId, bid), now());
  };

  const page = async (principal: Principal, query: BlockQuery): Promise<Page<Block>> => {
    const at = now();
    const { rows, total } = await pageBlocks(db, principal.orgId, query, query, at);
    return toPage(
      rows.map((row) => toBlock(row, at)),
      total,
      query,
    );
  };

  /** Unblocking an ended block changes nothing. */
  const unblock = async (principal: Principal, bid: string): Promise<Block> => {
    const row = await load(principal.orgId, bid);
    await revokeBlock(db, principal.orgId, Number(row.id), principal.userId, now());
    cache.delete(principal.orgId);
    return toBlock(await load(principal.orgId, bid), now());
  };

  /** The workbench's view of one visitor: blocked by id or by its last address. */
  const statusOfVisitor = async (principal: Principal, vid: string): Promise<BlockStatus> => {
    const visitor = await findVisitorByVid(db, principal.orgId, vid);
    if (!visitor) throw AppError.notFound('block.visitorNotFound', { vid });
    const at = now();
    const row = await findActiveBlock(
      db,
      principal.orgId,
      { visitorId: Number(visitor.id), ips: [visitor.ip] },
      at,
    );
    return { blocked: Boolean(row), block: row ? toBlock(row, at) : null };
  };

  return { isVisitorBlockedCached, findVisitorBlock, create, page, unblock, statusOfVisitor };
};
