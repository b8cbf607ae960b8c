import {
  formatTicketNumber,
  type Client,
  type CloseType,
  type Thread,
  type ThreadStatus,
  type ThreadType,
  type UserStatus,
} from '@openkefu/contract';
import { cardOf } from '../message/message.mapper.js';
import type { ThreadRow } from './thread.repository.js';

const commodityOf = (json: string) => {
  const card = json ? cardOf(json) : undefined;
  return card?.kind === 'commodity' ? card : null;
};

/** `viewer` decides whose unread count the thread carries. */
export const toThread = (
  row: ThreadRow,
  viewer: 'agent' | 'visitor',
  queuePosition: number | null = null,
): Thread => {
  const seq = Number(row.seq);
  const readSeq = Number(viewer === 'agent' ? row.agent_read_seq : row.visitor_read_seq);
  return {
    tid: row.tid,
    type: row.type as ThreadType,
    status: row.status as ThreadStatus,
    client: row.client as Client,
    visitor: {
      vid: row.visitor_vid,
      nickname: row.visitor_nickname,
      avatar: row.visitor_avatar,
      client: row.visitor_client as Client,
    },
    agent:
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
          },
    workgroup:
      row.workgroup_wid === null ? null : { wid: row.workgroup_wid, nickname: row.workgroup_nickname ?? '' },
    content: row.content,
    seq,
    unreadCount: Math.max(0, seq - readSeq),
    queuePosition: row.status === 'queuing' ? queuePosition : null,
    closeType: row.close_type as CloseType | null,
    leftMessage: Number(row.left_message) === 1,
    rated: row.rated === 1,
    // Agents see the ticket made from the conversation; the visitor's view does not carry it.
    ...(viewer === 'agent'
      ? {
          ticket:
            row.linked_ticket_tkid === null
              ? null
              : {
                  tkid: row.linked_ticket_tkid,
                  ticketNumber: formatTicketNumber(Number(row.linked_ticket_number)),
                },
          // A channel conversation's platform window (WeChat 48 h, Meta 24 h): the workbench warns when it closes.
          ...(row.reply_until === null ? {} : { replyUntil: Number(row.reply_until) }),
          // The same rule as the call service's (a conversation without a skill group may be called).
          allowCall: row.workgroup_wid === null || Number(row.workgroup_allow_call) === 1,
          commodity: commodityOf(row.commodity),
        }
      : {}),
    cycle: Number(row.cycle),
    queuedAt: row.queued_at === null ? null : Number(row.queued_at),
    startedAt: row.started_at === null ? null : Number(row.started_at),
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
    lastMessageAt: row.last_message_at === null ? null : Number(row.last_message_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
};
