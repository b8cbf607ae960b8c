import type { Client, Rate, ThreadSummary, UserBrief, UserStatus, VisitorBrief } from '@openkefu/contract';
import type { RateListRow, SummaryListRow } from './records.repository.js';

/* Rows of the records queries to contract shapes. Threads and messages use their own modules' mappers. */

type AgentColumns = {
  agent_uid: string | null;
  agent_username: string | null;
  agent_nickname: string | null;
  agent_real_name: string | null;
  agent_avatar: string | null;
  agent_is_robot: number | null;
  agent_enabled: number | null;
  agent_status: string | null;
};

type VisitorColumns = {
  visitor_vid: string;
  visitor_nickname: string;
  visitor_avatar: string;
  visitor_client: string;
};

/** The agent of a left-joined row; null when none (or the account is gone). */
export const toAgentBrief = (row: AgentColumns): UserBrief | null =>
  row.agent_uid === null
    ? null
    : {
        uid: row.agent_uid,
        username: row.agent_username ?? '',
        nickname: row.agent_nickname ?? '',
        realName: row.agent_real_name ?? '',
        avatar: row.agent_avatar ?? '',
        robot: row.agent_is_robot === 1,
        enabled: row.agent_enabled === 1,
        status: (row.agent_status ?? 'offline') as UserStatus,
      };

export const toVisitorBriefOf = (row: VisitorColumns): VisitorBrief => ({
  vid: row.visitor_vid,
  nickname: row.visitor_nickname,
  avatar: row.visitor_avatar,
  client: row.visitor_client as Client,
});

export const toRate = (row: RateListRow): Rate => ({
  rid: row.rid,
  tid: row.tid,
  score: Number(row.score),
  note: row.note,
  invite: row.invite === 1,
  auto: row.auto === 1,
  client: row.client as Client,
  visitor: toVisitorBriefOf(row),
  agent: toAgentBrief(row),
  createdAt: Number(row.created_at),
});

export const toThreadSummary = (row: SummaryListRow): ThreadSummary => ({
  sid: row.sid,
  tid: row.tid,
  category: row.category,
  content: row.content,
  agent: toAgentBrief(row),
  visitor: toVisitorBriefOf(row),
  createdAt: Number(row.created_at),
});
