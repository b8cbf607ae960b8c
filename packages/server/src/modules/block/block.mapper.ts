import type { Block, BlockType } from '@openkefu/contract';
import { toAgentBrief } from '../records/records.mapper.js';
import type { BlockRow } from './block.repository.js';

export const isBlockActive = (row: { revoked_at: number | null; end_at: number | null }, now: number) =>
  row.revoked_at === null && (row.end_at === null || Number(row.end_at) > now);

export const toBlock = (row: BlockRow, now: number): Block => ({
  bid: row.bid,
  type: row.type as BlockType,
  visitor:
    row.visitor_vid === null
      ? null
      : {
          vid: row.visitor_vid,
          nickname: row.visitor_nickname ?? '',
          avatar: row.visitor_avatar ?? '',
          client: (row.visitor_client ?? 'web') as NonNullable<Block['visitor']>['client'],
        },
  ip: row.ip,
  note: row.note,
  operator: toAgentBrief(row),
  startAt: Number(row.start_at),
  endAt: row.end_at === null ? null : Number(row.end_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  active: isBlockActive(
    { revoked_at: row.revoked_at === null ? null : Number(row.revoked_at), end_at: row.end_at },
    now,
  ),
  createdAt: Number(row.created_at),
});
