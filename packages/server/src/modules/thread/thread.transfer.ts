import type {
  Offer,
  Thread,
  ThreadTransferBody,
  Transfer,
  TransferTarget,
  UserBrief,
  UserStatus,
} from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { agentRoom } from '../realtime/rooms.js';
import type { AgentActor } from './chat-actor.js';
import type { ThreadContext } from './thread.context.js';
import type { ThreadQueue } from './thread.queue.js';
import {
  addThreadMember,
  countOpenThreadsByAgent,
  insertThreadEvent,
  moveThreadToAgent,
} from './thread.repository.js';
import {
  findLiveAgentById,
  findLiveAgentByUid,
  findLiveWorkgroupByWid,
  findOfferByOid,
  insertOffer,
  isWorkgroupMember,
  listPendingOffersFor,
  listTransferTargets,
  listWorkgroupIdsOfAgent,
  lockAgentRow,
  settleOffer,
  type OfferRow,
} from './routing.repository.js';

/* Handing a conversation to a colleague (transfer) or bringing one in (invite). */

const briefOf = (prefix: 'from' | 'to', row: OfferRow): UserBrief | null => {
  const uid = row[`${prefix}_uid`];
  if (uid === null) return null;
  return {
    uid,
    username: row[`${prefix}_username`] ?? '',
    nickname: row[`${prefix}_nickname`] ?? '',
    realName: row[`${prefix}_real_name`] ?? '',
    avatar: row[`${prefix}_avatar`] ?? '',
    robot: row[`${prefix}_is_robot`] === 1,
    enabled: row[`${prefix}_enabled`] === 1,
    status: (row[`${prefix}_status`] ?? 'offline') as UserStatus,
  };
};

const toTransfer = (row: OfferRow): Transfer => ({
  id: row.oid,
  tid: row.tid,
  from: briefOf('from', row) as UserBrief,
  toAgent: briefOf('to', row),
  toWorkgroup: row.to_wid === null ? null : { wid: row.to_wid, nickname: row.to_group_nickname ?? '' },
  note: row.note,
  status: row.status as Transfer['status'],
  createdAt: Number(row.created_at),
});

/** Thrown inside the accept transaction to roll the settlement back: the offer stays pending. */
class AtCapacity extends Error {
  constructor(readonly max: number) {
    super('at capacity');
  }
}

export const createThreadTransfers = (ctx: ThreadContext, queue: ThreadQueue) => {
  const { db, dialect, hub, messages, now, reload, threadFor } = ctx;

  const offerOf = async (actor: { orgId: number }, oid: string): Promise<Offer> => {
    const offer = await findOfferByOid(db, actor.orgId, oid);
    if (!offer) throw AppError.notFound('thread.offerNotFound', { id: oid });
    const row = await reload(actor.orgId, offer.thread_id);
    return {
      kind: offer.kind as Offer['kind'],
      transfer: toTransfer(offer),
      thread: await threadFor(row, 'agent'),
    };
  };

  /**
   * GET /api/thread/transfer/targets — colleagues who could take the conversation, with their load
   * and limit (one query). Anyone who may see the conversation may ask; the serving agent and the
   * caller are left out.
   */
  const transferTargets = async (actor: AgentActor, tid: string): Promise<TransferTarget[]> => {
    const row = await ctx.loadForAgent(actor, tid);
    const exclude = [actor.userId, ...(row.agent_id === null ? [] : [row.agent_id])];
    return (await listTransferTargets(db, actor.orgId, exclude)).map((target) => ({
      uid: target.uid,
      nickname: target.nickname,
      avatar: target.avatar,
      status: target.status as UserStatus,
      load: Number(target.load),
      maxThreadCount: Number(target.max_thread_count),
    }));
  };

  /** POST /api/thread/transfer — offer the conversation to a colleague or a skill group. */
  const transfer = async (
    actor: AgentActor,
    body: ThreadTransferBody & { note: string },
  ): Promise<Transfer> => {
    const row = await ctx.requireServing(actor, body.tid);
    let toUserId: number | null = null;
    let toWorkgroupId: number | null = null;
    let recipients: number[] = [];
    if (body.uid) {
      const target = await findLiveAgentByUid(db, actor.orgId, body.uid);
      if (!target) throw AppError.notFound('thread.agentNotFound', { uid: body.uid });
      if (target.id === actor.userId)
        throw AppError.badRequest('thread.transferToSelf', {
          fields: [{ field: 'uid', message: 'cannot transfer to yourself' }],
        });
      toUserId = target.id;
      recipients = [target.id];
    } else if (body.wid) {
      const group = await findLiveWorkgroupByWid(db, actor.orgId, body.wid);
      if (!group) throw AppError.notFound('workgroup.notFound', { wid: body.wid });
      toWorkgroupId = group.id;
      recipients = (await ctx.availableAgents(group))
        .map((agent) => agent.id)
        .filter((id) => id !== actor.userId);
      if (recipients.length === 0)
        throw AppError.conflict('thread.nobodyToTransferTo', { params: { group: group.nickname } });
    }
    const oid = createPublicId();
    await insertOffer(db, {
      oid,
      orgId: actor.orgId,
      threadId: row.id,
      kind: 'transfer',
      fromUserId: actor.userId,
      toUserId,
      toWorkgroupId,
      note: body.note,
      now: now(),
    });
    const offer = await offerOf(actor, oid);
    hub.emit(recipients.map(agentRoom), 'offer', offer);
    return offer.transfer;
  };

  /** POST /api/thread/invite — ask a colleague to join the conversation. */
  const invite = async (actor: AgentActor, body: { tid: string; uid: string }): Promise<Transfer> => {
    const row = await ctx.requireServing(actor, body.tid);
    const target = await findLiveAgentByUid(db, actor.orgId, body.uid);
    if (!target) throw AppError.notFound('thread.agentNotFound', { uid: body.uid });
    if (target.id === actor.userId)
      throw AppError.badRequest('thread.inviteSelf', {
        fields: [{ field: 'uid', message: 'cannot invite yourself' }],
      });
    const oid = createPublicId();
    await insertOffer(db, {
      oid,
      orgId: actor.orgId,
      threadId: row.id,
      kind: 'invite',
      fromUserId: actor.userId,
      toUserId: target.id,
      toWorkgroupId: null,
      note: '',
      now: now(),
    });
    const offer = await offerOf(actor, oid);
    hub.emit([agentRoom(target.id)], 'offer', offer);
    return offer.transfer;
  };

  const offers = async (actor: AgentActor): Promise<Offer[]> => {
    const rows = await listPendingOffersFor(
      db,
      actor.orgId,
      actor.userId,
      await listWorkgroupIdsOfAgent(db, actor.userId),
    );
    const result: Offer[] = [];
    for (const offer of rows)
      result.push({
        kind: offer.kind as Offer['kind'],
        transfer: toTransfer(offer),
        thread: await threadFor(await reload(actor.orgId, offer.thread_id), 'agent'),
      });
    return result;
  };

  const acceptInvite = async (actor: AgentActor, offer: OfferRow): Promise<Thread | null> => {
    const at = now();
    if (!(await settleOffer(db, offer.id, 'accepted', at))) throw AppError.conflict('thread.offerSettled');
    hub.emit([agentRoom(offer.from_user_id)], 'offer', await offerOf(actor, offer.oid));
    const row = await reload(actor.orgId, offer.thread_id);
    await addThreadMember(db, row.id, actor.userId, at);
    await messages.storeSystem(row, { type: 'notification_invite_accept', content: actor.nickname });
    const fresh = await reload(actor.orgId, row.id);
    await ctx.pushThread(fresh, [actor.userId]);
    return threadFor(fresh, 'agent');
  };

  /**
   * Takes over a transferred conversation. Capacity, the settlement, the move and the notice share
   * one transaction under the agent's row lock: an agent at maxThreadCount gets 409 and the offer
   * stays pending (for a colleague of the group, or for later).
   */
  const acceptTransfer = async (actor: AgentActor, offer: OfferRow): Promise<Thread | null> => {
    const agent = await findLiveAgentById(db, actor.orgId, actor.userId);
    if (!agent) throw AppError.unauthorized();
    const maxThreads = Number(agent.max_thread_count);
    const row = await reload(actor.orgId, offer.thread_id);
    let notice;
    try {
      notice = await db.transaction().execute(async (trx) => {
        const at = now();
        await lockAgentRow(trx, dialect, actor.userId);
        const open = (await countOpenThreadsByAgent(trx, actor.orgId, [actor.userId])).get(actor.userId) ?? 0;
        if (maxThreads > 0 && open >= maxThreads) throw new AtCapacity(maxThreads);
        if (!(await settleOffer(trx, offer.id, 'accepted', at)))
          throw AppError.conflict('thread.offerSettled');
        if (!(await moveThreadToAgent(trx, actor.orgId, row.id, offer.from_user_id, actor.userId, at)))
          throw AppError.conflict('thread.notOpen', { params: { tid: row.tid } });
        if (offer.to_workgroup_id !== null)
          await trx
            .updateTable('thread')
            .set({ workgroup_id: offer.to_workgroup_id })
            .where('org_id', '=', actor.orgId)
            .where('id', '=', row.id)
            .execute();
        await insertThreadEvent(trx, {
          orgId: actor.orgId,
          threadId: row.id,
          cycle: Number(row.cycle),
          kind: 'transferred',
          agentId: actor.userId,
          workgroupId: offer.to_workgroup_id ?? row.workgroup_id,
          data: { from: offer.from_uid },
          at,
        });
        return messages.storeSystemIn(trx, row, { type: 'notification_transfer', content: actor.nickname });
      });
    } catch (error) {
      if (error instanceof AtCapacity)
        throw AppError.conflict('thread.transferAtCapacity', { params: { max: error.max } });
      throw error;
    }
    hub.emit([agentRoom(offer.from_user_id)], 'offer', await offerOf(actor, offer.oid));
    const fresh = await reload(actor.orgId, row.id);
    await messages.publish(fresh, notice);
    await ctx.pushThread(fresh, [offer.from_user_id]);
    await queue.drainForAgent(actor.orgId, offer.from_user_id);
    return threadFor(fresh, 'agent');
  };

  /** Accept or reject a transfer or invitation addressed to the agent (or to one of its groups). */
  const respond = async (
    actor: AgentActor,
    kind: 'transfer' | 'invite',
    body: { id: string; accept: boolean },
  ): Promise<Thread | null> => {
    const offer = await findOfferByOid(db, actor.orgId, body.id);
    const isAddressee =
      offer &&
      offer.kind === kind &&
      (offer.to_user_id === actor.userId ||
        (offer.to_workgroup_id !== null &&
          (await isWorkgroupMember(db, offer.to_workgroup_id, actor.userId))));
    if (!offer || !isAddressee) throw AppError.notFound('thread.offerNotFound', { id: body.id });
    if (body.accept) return kind === 'invite' ? acceptInvite(actor, offer) : acceptTransfer(actor, offer);
    if (!(await settleOffer(db, offer.id, 'rejected', now()))) throw AppError.conflict('thread.offerSettled');
    hub.emit([agentRoom(offer.from_user_id)], 'offer', await offerOf(actor, body.id));
    return null;
  };

  return { transferTargets, transfer, invite, offers, respond };
};
