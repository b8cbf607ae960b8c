import type { Client, Visitor, VisitorBrief } from '@openkefu/contract';
import type { VisitorRow } from './visitor.repository.js';

export const toVisitor = (row: VisitorRow): Visitor => ({
  vid: row.vid,
  nickname: row.nickname,
  avatar: row.avatar,
  client: row.client as Client,
  ip: row.ip,
  userAgent: row.user_agent,
  page: row.page,
  referrer: row.referrer,
  email: row.email,
  mobile: row.mobile,
  note: row.note,
  visitCount: Number(row.visit_count),
  firstVisitAt: Number(row.first_visit_at),
  lastVisitAt: Number(row.last_visit_at),
});

export const toVisitorBrief = (row: {
  vid: string;
  nickname: string;
  avatar: string;
  client: string;
}): VisitorBrief => ({
  vid: row.vid,
  nickname: row.nickname,
  avatar: row.avatar,
  client: row.client as Client,
});
