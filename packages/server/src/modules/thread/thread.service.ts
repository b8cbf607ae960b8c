import {
  threadCommodityBodySchema,
  toPage,
  type Page,
  type Thread,
  type ThreadCommodityBody,
  type ThreadListKind,
  type Visitor,
} from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import { toVisitor } from '../visitor/visitor.mapper.js';
import { findVisitorByVid } from '../visitor/visitor.repository.js';
import type { AgentActor, VisitorActor } from './chat-actor.js';
import { createThreadClose } from './thread.close.js';
import { createThreadContext, type ThreadServiceDeps } from './thread.context.js';
import { toThread } from './thread.mapper.js';
import { createThreadQueue } from './thread.queue.js';
import { createThreadRating } from './thread.rate.js';
import { createThreadRequests } from './thread.request.js';
import { createThreadRobot } from './thread.robot.js';
import { createThreadTransfers } from './thread.transfer.js';
import { findThreadByTid, listThreadsOfVisitor, pageMineThreads } from './thread.repository.js';
import { listAdministeredWorkgroupIds, listWorkgroupIdsOfAgent } from './routing.repository.js';

/*
 * Live chat's service, one file per concern: thread.request (the visitor asks, and the preview),
 * thread.queue (routing, queue, capacity), thread.transfer (transfer, invite), thread.close and
 * thread.rate, thread.robot (the skill group's robot). Which status may follow which is defined in
 * thread.machine alone.
 */

export type ThreadService = ReturnType<typeof createThreadService>;
export type { ThreadServiceDeps } from './thread.context.js';

export const createThreadService = (deps: ThreadServiceDeps) => {
  const ctx = createThreadContext(deps);
  const { db } = ctx;
  const queue = createThreadQueue(ctx);
  const robot = createThreadRobot(ctx, queue);
  const requests = createThreadRequests(ctx, queue, robot);
  // The robot answers visitors' messages in its threads, after the sender's acknowledgement.
  deps.messages.onVisitorMessage((thread, message) =>
    thread.status === 'robot' && message.type === 'text'
      ? robot.reply(thread, message.content)
      : Promise.resolve(),
  );
  const closing = createThreadClose(ctx, queue);
  const transfers = createThreadTransfers(ctx, queue);
  const rating = createThreadRating(ctx);

  const get = async (actor: AgentActor, tid: string): Promise<Thread> =>
    ctx.threadFor(await ctx.loadForAgent(actor, tid), 'agent');

  /** GET /api/thread/mine — the workbench lists. */
  const mine = async (
    actor: AgentActor,
    kind: ThreadListKind,
    page: { page: number; size: number },
  ): Promise<Page<Thread>> => {
    const filter =
      kind === 'current'
        ? { kind, agentId: actor.userId }
        : kind === 'queue'
          ? { kind, agentId: actor.userId, workgroupIds: await listWorkgroupIdsOfAgent(db, actor.userId) }
          : kind === 'groups'
            ? {
                kind,
                workgroupIds: actor.isAdmin
                  ? ('all' as const)
                  : await listAdministeredWorkgroupIds(db, actor.orgId, actor.userId),
              }
            : { kind, agentId: actor.userId };
    const { rows, total } = await pageMineThreads(db, actor.orgId, filter, page);
    const threads: Thread[] = [];
    for (const row of rows) threads.push(await ctx.threadFor(row, 'agent'));
    return toPage(threads, total, page);
  };

  /** GET /api/thread/visitor — the visitor's profile and earlier conversations, for the workbench. */
  const visitorProfile = async (
    actor: AgentActor,
    vid: string,
  ): Promise<{ visitor: Visitor; threads: Thread[] }> => {
    const row = await findVisitorByVid(db, actor.orgId, vid);
    if (!row) throw AppError.notFound('visitor.notFound', { vid });
    const threads = await listThreadsOfVisitor(db, actor.orgId, row.id, 20);
    return { visitor: toVisitor(row), threads: threads.map((thread) => toThread(thread, 'agent')) };
  };

  /** One pass of the periodic work: auto-close, then fill every queue that has someone waiting. */
  const sweep = async () => {
    const closed = await closing.closeIdleThreads();
    await queue.drainAll();
    return { closed };
  };

  /**
   * POST /visitor/api/thread/commodity — the product the visitor is looking at, pinned for the
   * agents; written (and pushed) only when it changed.
   */
  const showCommodity = async (visitor: VisitorActor, input: ThreadCommodityBody): Promise<void> => {
    const body = threadCommodityBodySchema.parse(input);
    const row = await findThreadByTid(db, visitor.orgId, body.tid);
    if (!row || row.visitor_id !== visitor.visitorId)
      throw AppError.notFound('thread.notFound', { tid: body.tid });
    const json = JSON.stringify({ kind: 'commodity', ...body.commodity });
    if (row.commodity === json) return;
    await db.updateTable('thread').set({ commodity: json }).where('id', '=', row.id).execute();
    await ctx.pushThread({ ...row, commodity: json });
  };

  /** Pushes the thread afresh to its visitor and agents (a channel's reply window moved on). */
  const announce = async (orgId: number, tid: string) => {
    const row = await findThreadByTid(db, orgId, tid);
    if (row) await ctx.pushThread(row);
  };

  return {
    announce,
    showCommodity,
    request: requests.request,
    preview: requests.preview,
    widgetSettings: requests.widgetSettings,
    currentOfVisitor: requests.currentOfVisitor,
    closeByVisitor: closing.closeByVisitor,
    rate: rating.rate,
    robotTransfer: robot.transfer,
    robotRate: robot.rate,
    robotLead: robot.lead,
    get,
    mine,
    accept: queue.accept,
    closeByAgent: closing.closeByAgent,
    transferTargets: transfers.transferTargets,
    transfer: transfers.transfer,
    invite: transfers.invite,
    offers: transfers.offers,
    respond: transfers.respond,
    inviteRate: rating.inviteRate,
    visitorProfile,
    changeStatus: queue.changeStatus,
    drainForAgent: queue.drainForAgent,
    drainWorkgroup: queue.drainWorkgroup,
    closeIdleThreads: closing.closeIdleThreads,
    sweep,
  };
};
