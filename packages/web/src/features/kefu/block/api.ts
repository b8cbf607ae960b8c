import type { Block, BlockCreateBody, BlockStatus, BlockType, Envelope, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 5 blacklist, console side: GET /api/block/query, POST create / unblock, GET visitor. */

export type BlockFilters = { type?: BlockType; active?: boolean | string; keyword?: string };

export const fetchBlockPage = async ({
  page,
  size,
  type,
  active,
  keyword,
}: PageQuery<BlockFilters>): Promise<Page<Block>> =>
  (
    await http.get<Envelope<Page<Block>>>('/api/block/query', {
      params: { page, size, type, active: active === undefined ? undefined : String(active), keyword },
    })
  ).data;

export const createBlock = async (body: BlockCreateBody): Promise<Block> =>
  (await http.post<Envelope<Block>>('/api/block/create', body)).data;

export const unblock = async (bid: string): Promise<Block> =>
  (await http.post<Envelope<Block>>('/api/block/unblock', { bid })).data;

export const fetchVisitorBlock = async (vid: string): Promise<BlockStatus> =>
  (await http.get<Envelope<BlockStatus>>('/api/block/visitor', { params: { vid }, silent: true })).data;
