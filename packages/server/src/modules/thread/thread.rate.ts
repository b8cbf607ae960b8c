import { rateSubmitBodySchema, type Message, type Rate, type RateSubmitBody } from '@openkefu/contract';
import { isUniqueViolation } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { AgentActor, VisitorActor } from './chat-actor.js';
import type { ThreadContext } from './thread.context.js';
import { toThread } from './thread.mapper.js';
import { findThreadByTid, insertThreadEvent, setThreadRated } from './thread.repository.js';

/* Rating: the agent invites, the visitor rates once per care cycle. */

export const createThreadRating = (ctx: ThreadContext) => {
  const { db, messages, now, reload } = ctx;

  /** POST /api/thread/rate/invite — ask the visitor to rate the conversation. */
  const inviteRate = async (actor: AgentActor, tid: string): Promise<Message> => {
    const row = await ctx.requireServing(actor, tid);
    if (row.rated === 1) throw AppError.conflict('thread.alreadyRated');
    return messages.storeSystem(row, { type: 'notification_invite_rate', content: '' });
  };

  /**
   * POST /visitor/api/rate — one rating per care cycle, after an agent has served. The rating, its
   * event and its notice commit together, so the notice sorts before a close that came after it.
   */
  const rate = async (visitor: VisitorActor, input: RateSubmitBody): Promise<Rate> => {
    const body = rateSubmitBodySchema.parse(input);
    const row = await findThreadByTid(db, visitor.orgId, body.tid);
    if (!row || row.visitor_id !== visitor.visitorId)
      throw AppError.notFound('thread.notFound', { tid: body.tid });
    const agentId = row.agent_id;
    if (agentId === null) throw AppError.conflict('thread.nothingToRate');
    const invited = await db
      .selectFrom('message')
      .select('id')
      .where('thread_id', '=', row.id)
      .where('type', '=', 'notification_invite_rate')
      .where('created_at', '>=', Number(row.started_at ?? row.created_at))
      .executeTakeFirst();
    const rid = createPublicId();
    let at = now();
    let notice: Message;
    try {
      notice = await db.transaction().execute(async (trx) => {
        at = now();
        await trx
          .insertInto('rate')
          .values({
            rid,
            org_id: visitor.orgId,
            thread_id: row.id,
            cycle: Number(row.cycle),
            visitor_id: visitor.visitorId,
            agent_id: agentId,
            score: body.score,
            note: body.note,
            invite: invited ? 1 : 0,
            client: row.client,
            created_at: at,
          })
          .execute();
        await setThreadRated(trx, row.id, at);
        await insertThreadEvent(trx, {
          orgId: visitor.orgId,
          threadId: row.id,
          cycle: Number(row.cycle),
          kind: 'rated',
          agentId,
          workgroupId: row.workgroup_id,
          data: { score: body.score },
          at,
        });
        return messages.storeSystemIn(trx, row, {
          type: 'notification_rate_result',
          content: String(body.score),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict('thread.alreadyRated');
      throw error;
    }
    const fresh = await reload(visitor.orgId, row.id);
    await messages.publish(fresh, notice);
    await ctx.pushThread(fresh);
    // Rated after the close: the close hook sees the conversation again (a low rating samples it).
    if (fresh.status === 'closed') await ctx.onClosed?.(fresh).catch(() => undefined);
    return {
      rid,
      tid: row.tid,
      score: body.score,
      note: body.note,
      invite: Boolean(invited),
      auto: false,
      client: fresh.client as Rate['client'],
      visitor: toThread(fresh, 'visitor').visitor,
      agent: toThread(fresh, 'agent').agent,
      createdAt: at,
    };
  };

  return { inviteRate, rate };
};
