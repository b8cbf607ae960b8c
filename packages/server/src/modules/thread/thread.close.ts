import type { Thread, ThreadCloseBody } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { SystemMessage } from '../message/message.service.js';
import type { AgentActor, VisitorActor } from './chat-actor.js';
import type { ThreadContext } from './thread.context.js';
import type { ThreadQueue } from './thread.queue.js';
import {
  closeOpenThread,
  findThreadById,
  findThreadByTid,
  insertSummary,
  insertThreadEvent,
  listIdleChattingThreads,
  listThreadMemberIds,
  type ThreadRow,
} from './thread.repository.js';
import { cancelPendingOffersOfThread, findLiveWorkgroupById } from './routing.repository.js';

/* Ending a conversation: by the agent (with a summary), by the visitor, or after it went quiet. */

type CloseType = 'agent' | 'visitor' | 'timeout';

export const createThreadClose = (ctx: ThreadContext, queue: ThreadQueue) => {
  const { db, messages, now, reload } = ctx;

  const noticeOf = async (row: ThreadRow, closeType: CloseType): Promise<SystemMessage> => {
    const group =
      row.workgroup_id === null ? undefined : await findLiveWorkgroupById(db, row.org_id, row.workgroup_id);
    if (closeType === 'agent') return { type: 'notification_agent_close', content: group?.close_tip ?? '' };
    if (closeType === 'visitor') return { type: 'notification_visitor_close', content: '' };
    return { type: 'notification_auto_close', content: group?.auto_close_tip ?? '' };
  };

  /**
   * Closes an open thread once (false when it was not open). The status change, its event and its
   * notice share one transaction and one time, so the notice's seq and time follow the close and
   * a notice of a change committed before it (a rating) sorts before it.
   */
  const close = async (
    row: ThreadRow,
    closeType: CloseType,
    by: number | null,
    alongside?: (trx: Executor, at: number) => Promise<void>,
  ): Promise<ThreadRow | null> => {
    const notice = await noticeOf(row, closeType);
    const stored = await db.transaction().execute(async (trx) => {
      const at = now();
      if (!(await closeOpenThread(trx, row.org_id, row.id, closeType, at))) return null;
      await cancelPendingOffersOfThread(trx, row.id, at);
      await insertThreadEvent(trx, {
        orgId: row.org_id,
        threadId: row.id,
        cycle: Number(row.cycle),
        kind: 'closed',
        agentId: row.agent_id,
        workgroupId: row.workgroup_id,
        data: { closeType, by },
        at,
      });
      if (alongside) await alongside(trx, at);
      return messages.storeSystemIn(trx, row, notice);
    });
    if (!stored) return null;
    const fresh = await reload(row.org_id, row.id);
    await messages.publish(fresh, stored);
    await ctx.pushThread(fresh, await listThreadMemberIds(db, row.id));
    if (row.status === 'queuing')
      await queue.pushQueuePositions(row.org_id, row.workgroup_id, row.appointed_agent_id);
    if (row.agent_id !== null) await queue.drainForAgent(row.org_id, row.agent_id);
    await ctx.onClosed?.(fresh).catch(() => undefined);
    return fresh;
  };

  /** POST /api/thread/close — the serving agent (or an admin) ends the conversation, with an optional summary. */
  const closeByAgent = async (actor: AgentActor, body: ThreadCloseBody): Promise<Thread> => {
    const row = await ctx.loadForAgent(actor, body.tid);
    if (row.agent_id !== actor.userId && !actor.isAdmin) throw AppError.forbidden('thread.notYours');
    const summary = body.summary;
    const closed = await close(
      row,
      'agent',
      actor.userId,
      summary
        ? (trx, at) =>
            insertSummary(trx, {
              sid: createPublicId(),
              orgId: actor.orgId,
              threadId: row.id,
              agentId: actor.userId,
              category: body.category ?? '',
              content: summary,
              now: at,
            })
        : undefined,
    );
    if (!closed) throw AppError.conflict('thread.notOpen', { params: { tid: body.tid } });
    return ctx.threadFor(closed, 'agent');
  };

  const closeByVisitor = async (visitor: VisitorActor, tid: string): Promise<Thread> => {
    const row = await findThreadByTid(db, visitor.orgId, tid);
    if (!row || row.visitor_id !== visitor.visitorId) throw AppError.notFound('thread.notFound', { tid });
    const closed = await close(row, 'visitor', null);
    if (!closed) throw AppError.conflict('thread.notOpen', { params: { tid } });
    return ctx.threadFor(closed, 'visitor');
  };

  /** Closes conversations idle past their group's (or agent's) auto-close minutes. */
  const closeIdleThreads = async (): Promise<number> => {
    let count = 0;
    for (const idle of await listIdleChattingThreads(db, now())) {
      const row = await findThreadById(db, idle.org_id, idle.id);
      if (row && (await close(row, 'timeout', null))) count += 1;
    }
    return count;
  };

  return { closeByAgent, closeByVisitor, closeIdleThreads };
};
