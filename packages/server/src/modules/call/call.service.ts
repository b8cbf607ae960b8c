import type {
  Call,
  CallEnd,
  CallEndReason,
  CallMedia,
  CallNotice,
  CallSignal,
  SenderKind,
} from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { MessageService } from '../message/message.service.js';
import { agentRoom, visitorRoom } from '../realtime/rooms.js';
import { rollupCall } from '../statistic/statistic.repository.js';
import type { RealtimeHub } from '../realtime/hub.js';
import type { ChatActor } from '../thread/chat-actor.js';
import { findThreadById, findThreadByTid } from '../thread/thread.repository.js';
import { iceServersFor, type IceConfig } from './call.ice.js';
import {
  findCallByCid,
  findLiveCalls,
  insertCall,
  markAnswered,
  markEnded,
  type CallRow,
} from './call.repository.js';

export type CallConfig = IceConfig & { ringMs: number; reconnectMs: number };

type Party = 'visitor' | 'agent';

/**
 * Calls between a thread's visitor and its assigned agent (issue 21). Each change of state is one
 * conditional update of the `call` row, so two nodes (or both parties at once) can never both win;
 * only the winner pushes the event and writes the thread's notice.
 */
export const createCallService = (deps: {
  db: Executor;
  hub: RealtimeHub;
  messages: MessageService;
  config: CallConfig;
  logger?: { error: (context: object, message: string) => void };
  now?: () => number;
}) => {
  const { db, hub, messages, config } = deps;
  const now = deps.now ?? Date.now;
  const countCall = (orgId: number, id: number): Promise<void> =>
    rollupCall(db, orgId, id).catch((error: unknown) =>
      deps.logger?.error({ err: error, call: id }, 'call statistics failed'),
    );
  /** Ring timeouts set by this node; another node's conditional end makes a late one a no-op. */
  const ringTimers = new Map<number, NodeJS.Timeout>();
  /** Waits for parties whose last socket closed (they may come back, to this node or another). */
  const graceTimers = new Set<NodeJS.Timeout>();
  /** Whether a room has a socket on any node: set by the gateway once Socket.IO is attached. */
  let isRoomConnected: (room: string) => Promise<boolean> = async () => true;

  const partyOf = (actor: ChatActor): Party => actor.kind;
  const roomsOfCall = (row: CallRow) => [visitorRoom(row.visitor_id), agentRoom(row.agent_id)];
  const roomOf = (row: CallRow, party: Party) =>
    party === 'visitor' ? visitorRoom(row.visitor_id) : agentRoom(row.agent_id);
  const isParty = (actor: ChatActor, row: CallRow) =>
    actor.kind === 'visitor' ? row.visitor_id === actor.visitorId : row.agent_id === actor.userId;

  const toCall = (row: CallRow, tid: string, callerName: string, forParty: Party): Call => ({
    callId: row.cid,
    tid,
    media: row.media as CallMedia,
    state: row.state as Call['state'],
    caller: row.caller as Party,
    callerName,
    startedAt: Number(row.started_at),
    answeredAt: row.answered_at === null ? null : Number(row.answered_at),
    ringMs: config.ringMs,
    iceServers: iceServersFor(config, `${row.cid}-${forParty}`, now()),
  });

  const notice = async (row: CallRow, content: CallNotice) => {
    const thread = await findThreadById(db, row.org_id, row.thread_id);
    if (!thread) return;
    await messages.storeSystem(thread, { type: 'notification_webrtc', content: JSON.stringify(content) });
  };

  const clearTimer = (id: number) => {
    const timer = ringTimers.get(id);
    if (timer) clearTimeout(timer);
    ringTimers.delete(id);
  };

  /** Ends the call if nobody has yet; pushes call:end and writes the notice. False when it had ended. */
  const finish = async (
    row: CallRow,
    by: SenderKind,
    reason: CallEndReason,
    onlyIf?: 'ringing' | 'active',
  ): Promise<boolean> => {
    clearTimer(row.id);
    const ended = await markEnded(db, row.id, { at: now(), by, reason, onlyIf });
    if (!ended) return false;
    // Statistics: only the winner of the conditional end counts the call, so it is counted once. A
    // failed count never stops the call's end (stats:rebuild recounts from the call table).
    await countCall(ended.org_id, ended.id);
    const thread = await findThreadById(db, ended.org_id, ended.thread_id);
    const durationMs =
      ended.answered_at === null ? 0 : Math.max(0, Number(ended.ended_at) - Number(ended.answered_at));
    const end: CallEnd = { callId: ended.cid, tid: thread?.tid ?? '', reason, by, durationMs };
    hub.emit(roomsOfCall(ended), 'call:end', end);
    await notice(ended, {
      callId: ended.cid,
      event: 'ended',
      media: ended.media as CallMedia,
      caller: ended.caller as Party,
      reason,
      by,
      durationMs,
    });
    return true;
  };

  const report = (error: unknown) => deps.logger?.error({ err: error }, 'call timeout failed');

  /** Rings left behind by a node that died before its timer fired: ended when a party calls again. */
  const endStaleRings = async (rows: CallRow[]) => {
    for (const row of rows)
      if (row.state === 'ringing' && Number(row.started_at) + config.ringMs < now())
        await finish(row, 'system', 'timeout', 'ringing');
  };

  /**
   * Calls going on with a party that has no socket on any node: what is left when a node died while
   * it waited for a party to come back. Ended when either party calls again.
   */
  const endStranded = async (rows: CallRow[]) => {
    for (const row of rows)
      if (
        row.state === 'active' &&
        !((await isRoomConnected(roomOf(row, 'visitor'))) && (await isRoomConnected(roomOf(row, 'agent'))))
      )
        await finish(row, 'system', 'failed', 'active');
  };

  const loadCall = async (actor: ChatActor, callId: string): Promise<CallRow> => {
    const row = await findCallByCid(db, actor.orgId, callId);
    // Another organisation's call and a stranger's answer alike.
    if (!row || !isParty(actor, row)) throw AppError.notFound('call.notFound', { callId });
    return row;
  };

  const start = async (actor: ChatActor, input: { tid: string; media: CallMedia }): Promise<Call> => {
    const thread = await findThreadByTid(db, actor.orgId, input.tid);
    if (!thread || (actor.kind === 'visitor' && thread.visitor_id !== actor.visitorId))
      throw AppError.notFound('thread.notFound', { tid: input.tid });
    if (actor.kind === 'agent' && thread.agent_id !== actor.userId)
      throw AppError.forbidden('call.notParticipant');
    if (thread.status !== 'chatting' || thread.agent_id === null || thread.visitor_id === null)
      throw AppError.conflict('call.noAgent');
    // The skill group decides; an agent may still call the visitor of a thread without one.
    const group =
      thread.workgroup_id === null
        ? undefined
        : await db
            .selectFrom('workgroup')
            .select('allow_call')
            .where('id', '=', thread.workgroup_id)
            .where('org_id', '=', actor.orgId)
            .executeTakeFirst();
    if (group ? Number(group.allow_call) !== 1 : actor.kind === 'visitor')
      throw AppError.forbidden('call.disabled');
    const agentId = thread.agent_id;
    const visitorId = thread.visitor_id;
    const caller = partyOf(actor);

    const live = [...(await findLiveCalls(db, { agentId })), ...(await findLiveCalls(db, { visitorId }))];
    await endStaleRings(live);
    await endStranded(live);
    const own = await findLiveCalls(db, caller === 'agent' ? { agentId } : { visitorId });
    if (own.length > 0) throw AppError.conflict('call.alreadyInCall');

    const values = {
      cid: createPublicId(),
      org_id: actor.orgId,
      thread_id: thread.id,
      visitor_id: visitorId,
      agent_id: agentId,
      media: input.media,
      caller,
      started_at: now(),
    };
    let row: CallRow;
    try {
      row = await insertCall(db, { ...values, state: 'ringing' });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The callee is in another call (the partial unique index said so): a call that ended busy.
      const busy = await insertCall(db, {
        ...values,
        state: 'ended',
        ended_at: values.started_at,
        ended_by: 'system',
        end_reason: 'busy',
      });
      await countCall(busy.org_id, busy.id);
      const end: CallEnd = { callId: busy.cid, tid: thread.tid, reason: 'busy', by: 'system', durationMs: 0 };
      hub.emit([roomOf(busy, caller)], 'call:end', end);
      return toCall(busy, thread.tid, actor.nickname, caller);
    }
    const callee: Party = caller === 'agent' ? 'visitor' : 'agent';
    hub.emit([roomOf(row, callee)], 'call:ring', toCall(row, thread.tid, actor.nickname, callee));
    const timer = setTimeout(() => {
      ringTimers.delete(row.id);
      finish(row, 'system', 'timeout', 'ringing').catch(report);
    }, config.ringMs);
    timer.unref();
    ringTimers.set(row.id, timer);
    await notice(row, { callId: row.cid, event: 'started', media: input.media, caller });
    return toCall(row, thread.tid, actor.nickname, caller);
  };

  const accept = async (actor: ChatActor, callId: string): Promise<Call> => {
    const row = await loadCall(actor, callId);
    if (row.caller === partyOf(actor) || !(await markAnswered(db, row.id, now())))
      throw AppError.conflict('call.notRinging');
    clearTimer(row.id);
    const answered = { ...row, state: 'active', answered_at: now() };
    const thread = await findThreadById(db, row.org_id, row.thread_id);
    const tid = thread?.tid ?? '';
    // Both parties' rooms: the caller sends its offer; the callee's other tabs stop ringing.
    hub.emit(
      roomsOfCall(answered),
      'call:accepted',
      toCall(answered, tid, actor.nickname, row.caller as Party),
    );
    return toCall(answered, tid, actor.nickname, partyOf(actor));
  };

  /** The callee declines a ringing call (the caller withdrawing it is a cancel). */
  const reject = async (actor: ChatActor, callId: string): Promise<void> => {
    const row = await loadCall(actor, callId);
    const reason = row.caller === partyOf(actor) ? 'cancelled' : 'rejected';
    if (!(await finish(row, partyOf(actor), reason, 'ringing'))) throw AppError.conflict('call.notRinging');
  };

  /** Either party ends the call, ringing or connected. Ending an ended call is a no-op. */
  const hangup = async (actor: ChatActor, callId: string): Promise<void> => {
    const row = await loadCall(actor, callId);
    if (row.state === 'ended') return;
    const reason: CallEndReason =
      row.state === 'active' ? 'hangup' : row.caller === partyOf(actor) ? 'cancelled' : 'rejected';
    const ended = await finish(row, partyOf(actor), reason, row.state as 'ringing' | 'active');
    // It changed state under us (answered or ended elsewhere): hang up whatever it is now.
    if (!ended) await finish(row, partyOf(actor), 'hangup');
  };

  /** Relays an offer, answer or ICE candidate to the other party of a connected (or answering) call. */
  const signal = async (actor: ChatActor, input: CallSignal): Promise<void> => {
    const row = await loadCall(actor, input.callId);
    if (row.state !== 'active') throw AppError.conflict('call.notActive');
    const other: Party = partyOf(actor) === 'agent' ? 'visitor' : 'agent';
    hub.emit([roomOf(row, other)], 'call:signal', {
      callId: row.cid,
      ...(input.description ? { description: input.description } : {}),
      ...(input.candidate ? { candidate: input.candidate } : {}),
      by: partyOf(actor),
    });
  };

  /**
   * A socket of a party closed. When it has live calls and no socket is left on any node (asked only
   * then), the calls wait `reconnectMs` for it — the media flows browser to browser meanwhile, and a
   * browser reconnects after a network change or a server restart, maybe to another node — then end
   * as failed if it has not come back.
   */
  const partyGone = async (party: { agentId: number } | { visitorId: number }): Promise<void> => {
    const room = 'agentId' in party ? agentRoom(party.agentId) : visitorRoom(party.visitorId);
    if ((await findLiveCalls(db, party)).length === 0 || (await isRoomConnected(room))) return;
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      void (async () => {
        if (await isRoomConnected(room)) return;
        for (const row of await findLiveCalls(db, party)) await finish(row, 'system', 'failed');
      })().catch(report);
    }, config.reconnectMs);
    timer.unref();
    graceTimers.add(timer);
  };

  const dispose = () => {
    for (const timer of ringTimers.values()) clearTimeout(timer);
    ringTimers.clear();
    for (const timer of graceTimers) clearTimeout(timer);
    graceTimers.clear();
  };

  return {
    start,
    accept,
    reject,
    hangup,
    signal,
    partyGone,
    dispose,
    setConnectionCheck: (check: (room: string) => Promise<boolean>) => {
      isRoomConnected = check;
    },
  };
};

export type CallService = ReturnType<typeof createCallService>;
