import type { LeaveMessage, LeaveMessageStatus } from '@openkefu/contract';
import { toAgentBrief, toVisitorBriefOf } from '../records/records.mapper.js';
import type { LeaveMessageRow } from './leavemsg.repository.js';

export const toLeaveMessage = (row: LeaveMessageRow): LeaveMessage => ({
  lid: row.lid,
  content: row.content,
  mobile: row.mobile,
  email: row.email,
  status: row.status as LeaveMessageStatus,
  reply: row.reply,
  repliedAt: row.replied_at === null ? null : Number(row.replied_at),
  emailed: row.emailed === 1,
  visitor: toVisitorBriefOf(row),
  workgroup:
    row.workgroup_wid === null ? null : { wid: row.workgroup_wid, nickname: row.workgroup_nickname ?? '' },
  agent: toAgentBrief(row),
  createdAt: Number(row.created_at),
});
