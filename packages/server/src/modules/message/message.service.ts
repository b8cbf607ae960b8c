import {
  firstWebUrlOf,
  messageRecallWindowMs,
  messageSendSchema,
  type Message,
  type MessageCard,
  type MessageHistory,
  type MessageSend,
  type MessageType,
  type Receipt,
  type RedPacketOpenBody,
  voiceNoteMaxBytes,
} from '@openkefu/contract';
import { SqliteAdapter } from 'kysely';
import { isUniqueViolation, type DialectName, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { createKeyedTurns, type Turn } from '../../lib/keyed-turns.js';
import { findAttachmentByAid } from '../upload/upload.repository.js';
import type { Storage } from '../../lib/storage/storage.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentRoom, visitorRoom, watchRoom } from '../realtime/rooms.js';
import type { AgentActor, ChatActor, VisitorActor } from '../thread/chat-actor.js';
import { isOpenStatus } from '../thread/thread.machine.js';
import {
  findThreadByTid,
  insertThreadEvent,
  isThreadMember,
  listThreadMemberIds,
  setReadSeq,
  type ThreadRow,
} from '../thread/thread.repository.js';
import { isWorkgroupMember } from '../thread/routing.repository.js';
import { createMessageBatcher, type BatchMessage, type ThreadState } from './message.batch.js';
import type { LinkPreviewer } from './link-preview/link-preview.js';
import { cardOf, previewOf, toMessage } from './message.mapper.js';
// Its own refusals: registered wherever the service runs.
import './message.messages.js';
import {
  allocateSeq,
  findMessageByLocalId,
  type MessageRow,
  findMessageByMid,
  insertMessage,
  lastAutoReplyAt,
  listThreadMessages,
  markRecalled,
  autoReplyLocalIdPrefix,
  updateMessageCard,
  updateMessageContent,
} from './message.repository.js';

export type MessageService = ReturnType<typeof createMessageService>;

/**
 * The search index of text messages. `index` runs inside the transaction that stores one message;
 * `tokensOf` gives the row a batch of messages writes in its own statement (message.batch.ts).
 */
export type MessageIndexer = {
  index: (db: Executor, message: { messageId: number; orgId: number; content: string }) => Promise<void>;
  tokensOf: (content: string) => string;
};

/**
 * Checks a visitor's or agent's message before it is stored (blacklist, sensitive words): throws
 * to refuse it, or returns the content to store and what to do once it is stored.
 */
export type MessageGuard = {
  check: (
    actor: ChatActor,
    thread: ThreadRow,
    message: { type: MessageType; content: string },
  ) => Promise<{ content: string; afterStore: (() => Promise<void>) | null }>;
};

/** A message the server writes on its own (notifications, tips, auto-replies). */
export type SystemMessage = {
  type: MessageType;
  content: string;
  /** Shown as this agent (auto-reply) rather than as the system. */
  asAgent?: { userId: number; uid: string; nickname: string; avatar: string };
  /** Said by this robot (its answers in a robot conversation). */
  asRobot?: { userId: number; uid: string; nickname: string; avatar: string };
  localId?: string;
};

const autoReplyIntervalMs = 10 * 60 * 1000;

/**
 * Threads whose identity (id, organisation, tid, visitor) a node keeps for the send path; about a
 * kilobyte each, the oldest first out past the limit (a miss costs one read).
 */
const threadCacheLimit = 20_000;

const dialectOf = (db: Executor): DialectName =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

export const createMessageService = (deps: {
  db: Executor;
  hub: RealtimeHub;
  storage: Storage;
  indexer?: MessageIndexer;
  guard?: MessageGuard;
  /** Fetches link cards for messages that carry a web address; none are fetched without it. */
  linkPreview?: LinkPreviewer;
  /** Where a failing listener of visitors' messages is reported (it never fails the send). */
  logger?: { error: (context: object, message: string) => void };
  now?: () => number;
}) => {
  const { db, hub, storage } = deps;
  const now = deps.now ?? Date.now;
  /** Told of every stored visitor message after its sender's acknowledgement (the robot answers this way). */
  const visitorListeners: ((thread: ThreadRow, message: Message) => Promise<void>)[] = [];
  /** Told of every stored message that is not a visitor's, after its commit (channel delivery). */
  const outgoingListeners: ((thread: ThreadRow, message: Message) => void)[] = [];
  const notifyOutgoing = (thread: ThreadRow, message: Message) => {
    for (const listener of outgoingListeners) listener(thread, message);
  };

  /** Every room that sees the thread's messages: its visitor, agent, invited colleagues and watchers. */
  const roomsOf = async (thread: ThreadRow): Promise<string[]> => {
    const rooms = [watchRoom(thread.tid)];
    if (thread.visitor_id !== null) rooms.push(visitorRoom(thread.visitor_id));
    if (thread.agent_id !== null) rooms.push(agentRoom(thread.agent_id));
    for (const memberId of await listThreadMemberIds(db, thread.id)) rooms.push(agentRoom(memberId));
    return rooms;
  };

  const loadThread = async (orgId: number, tid: string): Promise<ThreadRow> => {
    const thread = await findThreadByTid(db, orgId, tid);
    if (!thread) throw AppError.notFound('thread.notFound', { tid });
    return thread;
  };

  const isParticipant = async (actor: ChatActor, thread: ThreadRow): Promise<boolean> =>
    actor.kind === 'visitor'
      ? thread.visitor_id === actor.visitorId
      : thread.agent_id === actor.userId || (await isThreadMember(db, thread.id, actor.userId));

  /** Agents read threads they serve or were invited to, their groups' threads, and (admins, monitors) all. */
  const canRead = async (actor: ChatActor, thread: ThreadRow): Promise<boolean> => {
    if (await isParticipant(actor, thread)) return true;
    if (actor.kind === 'visitor') return false;
    if (actor.isAdmin || actor.canMonitor) return true;
    if (thread.appointed_agent_id === actor.userId) return true;
    return thread.workgroup_id !== null && (await isWorkgroupMember(db, thread.workgroup_id, actor.userId));
  };

  const loadReadable = async (actor: ChatActor, tid: string): Promise<ThreadRow> => {
    const thread = await loadThread(actor.orgId, tid);
    // Another organisation's thread and an unreadable one answer alike: nothing to see here.
    if (!(await canRead(actor, thread))) throw AppError.notFound('thread.notFound', { tid });
    return thread;
  };

  type StoreInput = {
    type: MessageType;
    content: string;
    card?: MessageCard;
    media?: { imageUrl: string; thumbUrl: string; fileUrl: string; fileName: string; fileSize: number };
    localId: string;
    client: string;
    sender:
      | { kind: 'visitor'; visitorId: number; vid: string; nickname: string; avatar: string }
      | { kind: 'agent' | 'robot'; userId: number; uid: string; nickname: string; avatar: string }
      | { kind: 'system' };
  };

  /** Writes a message (seq first, then the row) with the caller's executor; nothing is pushed. */
  const insertInto = async (trx: Executor, thread: ThreadRow, message: StoreInput): Promise<Message> => {
    const media = message.media ?? { imageUrl: '', thumbUrl: '', fileUrl: '', fileName: '', fileSize: 0 };
    const sender = message.sender;
    const mid = createPublicId();
    const { seq, at } = await allocateSeq(trx, thread.id, {
      preview: previewOf(message.type, message.content, media.fileName),
      now: now(),
      readSide: sender.kind === 'visitor' ? 'visitor' : sender.kind === 'agent' ? 'agent' : null,
      isVisitor: sender.kind === 'visitor',
    });
    const insertedId = await insertMessage(trx, {
      mid,
      orgId: thread.org_id,
      threadId: thread.id,
      seq,
      type: message.type,
      content: message.content,
      ...media,
      status: 'stored',
      client: message.client,
      localId: message.localId,
      senderKind: sender.kind,
      senderUserId: sender.kind === 'agent' || sender.kind === 'robot' ? sender.userId : null,
      senderVisitorId: sender.kind === 'visitor' ? sender.visitorId : null,
      card: message.card ? JSON.stringify(message.card) : '',
      now: at,
    });
    // In the same transaction: a stored text message is always searchable, and one commit is cheaper.
    if (deps.indexer && message.type === 'text' && message.content)
      await deps.indexer.index(trx, {
        messageId: insertedId,
        orgId: thread.org_id,
        content: message.content,
      });
    return {
      mid,
      tid: thread.tid,
      seq,
      type: message.type,
      content: message.content,
      ...media,
      status: 'stored',
      client: message.client as Message['client'],
      localId: message.localId,
      sender:
        sender.kind === 'system'
          ? { kind: 'system', id: '', nickname: '', avatar: '' }
          : sender.kind === 'visitor'
            ? { kind: 'visitor', id: sender.vid, nickname: sender.nickname, avatar: sender.avatar }
            : { kind: sender.kind, id: sender.uid, nickname: sender.nickname, avatar: sender.avatar },
      createdAt: at,
      ...(message.card ? { card: message.card } : {}),
    };
  };

  /**
   * The card of a message with a web address, added once the page was read (never in the send's
   * way: the message is acknowledged and shown first, then pushed again with its card). Pushed
   * without notifyOutgoing: the visitor's channel already has the message.
   */
  const unfurl = async (thread: ThreadRow, message: Message): Promise<void> => {
    const previewer = deps.linkPreview;
    if (!previewer || (message.type !== 'text' && message.type !== 'link')) return;
    const url = firstWebUrlOf(message.content);
    if (!url) return;
    const card = await previewer.preview(url);
    if (!card) return;
    const row = await findMessageByMid(db, thread.id, message.mid);
    if (!row || row.status === 'recall' || row.card) return;
    const json = JSON.stringify(card);
    await updateMessageCard(db, row.id, json);
    hub.emit(await roomsOf(thread), 'message', toMessage({ ...row, card: json }));
  };

  /** Pushes a stored message to everyone who sees the thread (clients drop copies they hold by mid). */
  const publish = async (thread: ThreadRow, message: Message): Promise<void> => {
    hub.emit(await roomsOf(thread), 'message', message);
    if (message.sender.kind !== 'visitor') notifyOutgoing(thread, message);
  };

  /** Stores a message in its own transaction, then pushes it. */
  const store = async (thread: ThreadRow, message: StoreInput): Promise<Message> => {
    const stored = await db.transaction().execute((trx) => insertInto(trx, thread, message));
    await publish(thread, stored);
    return stored;
  };

  /**
   * A resend of a message already stored: publish it again before answering with it. The node that
   * stored it may have died before its fan-out reached everyone; clients drop the duplicate by mid.
   */
  const republish = async (thread: ThreadRow, row: MessageRow): Promise<Message> => {
    const message = toMessage(row);
    await publish(thread, message);
    return message;
  };

  const mediaOf = async (orgId: number, aid: string, type: MessageType) => {
    const attachment = await findAttachmentByAid(db, orgId, aid);
    if (!attachment)
      throw AppError.badRequest('message.attachmentNotFound', {
        params: { aid },
        fields: [{ field: 'aid', message: 'no such upload' }],
      });
    // The type the upload detected from its content decides, never the message's claim.
    if (type === 'voice' && !attachment.mediaType.startsWith('audio/'))
      throw AppError.badRequest('message.notAudio', { fields: [{ field: 'aid', message: 'not audio' }] });
    if (type === 'voice' && Number(attachment.size) > voiceNoteMaxBytes)
      throw AppError.badRequest('message.voiceTooLarge', {
        params: { max: voiceNoteMaxBytes / 1024 / 1024 },
        fields: [{ field: 'aid', message: 'too large for a voice message' }],
      });
    if ((type === 'video' || type === 'shortvideo') && !attachment.mediaType.startsWith('video/'))
      throw AppError.badRequest('message.notVideo', { fields: [{ field: 'aid', message: 'not a video' }] });
    return {
      imageUrl: attachment.mediaType.startsWith('image/') ? storage.url(attachment.storageKey) : '',
      thumbUrl: attachment.thumbKey ? storage.url(attachment.thumbKey) : '',
      fileUrl: storage.url(attachment.storageKey),
      fileName: attachment.fileName,
      fileSize: Number(attachment.size),
    };
  };

  /** Every room that sees a thread in the state its seq UPDATE returned. */
  const roomsOfState = (tid: string, state: ThreadState): string[] => {
    const rooms = [watchRoom(tid)];
    if (state.visitorId !== null) rooms.push(visitorRoom(state.visitorId));
    if (state.agentId !== null) rooms.push(agentRoom(state.agentId));
    for (const memberId of state.memberIds) rooms.push(agentRoom(memberId));
    return rooms;
  };

  const batcher = createMessageBatcher({
    db,
    dialect: dialectOf(db),
    isIndexing: Boolean(deps.indexer),
    afterCommit: ({ message, state }) => hub.emit(roomsOfState(message.tid, state), 'message', message),
  });
  /** Per thread and sender: the order a sender's messages join the batch in. */
  const sendTurns = createKeyedTurns();

  /**
   * Visitors' threads as first read by this node. Only what never changes is taken from a cached row
   * (id, organisation, tid); the visitor, status, agent and members are checked and returned by the
   * batch's seq UPDATE, so a close, transfer or invitation on any node counts from the next message.
   */
  const threadCache = new Map<string, ThreadRow>();
  const findCachedThread = async (orgId: number, tid: string): Promise<ThreadRow | undefined> => {
    const key = `${orgId}:${tid}`;
    const cached = threadCache.get(key);
    if (cached) return cached;
    const row = await findThreadByTid(db, orgId, tid);
    if (!row) return undefined;
    if (threadCache.size >= threadCacheLimit) threadCache.delete(threadCache.keys().next().value as string);
    threadCache.set(key, row);
    return row;
  };

  type SenderRef = { kind: string; userId: number | null; visitorId: number | null };

  /** The stored copy of a resend (published again), or null. */
  const findResent = async (
    thread: ThreadRow,
    senderRef: SenderRef,
    localId: string,
  ): Promise<Message | null> => {
    const existing = await findMessageByLocalId(db, thread.id, senderRef, localId);
    return existing ? republish(thread, existing) : null;
  };

  /**
   * The batch refused the message (the thread closed, moved away from this agent, or never was the
   * sender's): the answer the sender gets, read afresh. Should the thread be writable again by now,
   * the message is stored on its own.
   */
  const settleRefused = async (
    actor: ChatActor,
    body: { tid: string; localId: string },
    senderRef: SenderRef,
    input: StoreInput,
  ): Promise<{ thread: ThreadRow; message: Message; isNew: boolean }> => {
    const thread = await loadThread(actor.orgId, body.tid);
    if (!(await isParticipant(actor, thread))) throw AppError.notFound('thread.notFound', { tid: body.tid });
    const resent = await findResent(thread, senderRef, body.localId);
    if (resent) return { thread, message: resent, isNew: false };
    const isWritable = actor.kind === 'visitor' ? isOpenStatus(thread.status) : thread.status === 'chatting';
    if (!isWritable) throw AppError.conflict('thread.notOpen', { params: { tid: body.tid } });
    try {
      return { thread, message: await store(thread, input), isNew: true };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const again = await findResent(thread, senderRef, body.localId);
      if (!again) throw error;
      return { thread, message: again, isNew: false };
    }
  };

  /** The thread row as the seq UPDATE left it, for the follow-ups (first response, auto-reply, robot). */
  const withState = (thread: ThreadRow, state: ThreadState): ThreadRow => ({
    ...thread,
    seq: state.seq,
    status: state.status,
    visitor_id: state.visitorId as number,
    agent_id: state.agentId,
    workgroup_id: state.workgroupId,
    cycle: state.cycle,
    first_response_at: state.firstResponseAt,
    agent_auto_reply_type: state.agentAutoReplyType,
  });

  /**
   * Sends as a visitor or agent; a resend with the same localId returns the stored message. The
   * message joins the group commit (message.batch.ts): acknowledged and fanned out after its commit.
   */
  const send = async (actor: ChatActor, input: MessageSend, client = 'web'): Promise<Message> => {
    const body = messageSendSchema.parse(input);
    // Taken before the first read: a sender's messages join the batch in the order they were sent.
    const turn = sendTurns.take(
      `${body.tid}:${actor.kind === 'visitor' ? `v${actor.visitorId}` : `a${actor.userId}`}`,
    );
    try {
      return await sendInTurn(actor, body, client, turn);
    } finally {
      turn.leave();
    }
  };

  const sendInTurn = async (
    actor: ChatActor,
    body: ReturnType<typeof messageSendSchema.parse>,
    client: string,
    turn: Turn,
  ): Promise<Message> => {
    // Agents' permission has more sides (members, status): read afresh. A visitor's own thread is known.
    const known =
      actor.kind === 'visitor'
        ? await findCachedThread(actor.orgId, body.tid)
        : await findThreadByTid(db, actor.orgId, body.tid);
    if (!known || !(await isParticipant(actor, known)))
      throw AppError.notFound('thread.notFound', { tid: body.tid });
    const senderRef: SenderRef =
      actor.kind === 'visitor'
        ? { kind: 'visitor', userId: null, visitorId: actor.visitorId }
        : { kind: 'agent', userId: actor.userId, visitorId: null };
    // A red packet is the shop's gift: only its agents give one.
    if (body.type === 'red_packet' && actor.kind !== 'agent')
      throw AppError.forbidden('message.redPacketAgentsOnly');
    if (actor.kind === 'agent' && known.status !== 'chatting') {
      // A resend of a message stored before the thread closed still gets its stored copy.
      const resent = await findResent(known, senderRef, body.localId);
      if (resent) return resent;
      throw AppError.conflict('thread.notOpen', { params: { tid: body.tid } });
    }
    const media = body.aid ? await mediaOf(actor.orgId, body.aid, body.type) : undefined;
    if (body.type === 'image' && media && !media.imageUrl)
      throw AppError.badRequest('message.notAnImage', {
        fields: [{ field: 'aid', message: 'not an image' }],
      });
    const checked = deps.guard
      ? await deps.guard.check(actor, known, { type: body.type, content: body.content })
      : { content: body.content, afterStore: null };
    const content = body.type === 'link' ? (body.url ?? body.content) : checked.content;
    // Parsed (and so cleaned) by the contract: plain one-line text, http(s) addresses only.
    const card: MessageCard | undefined =
      body.type === 'location' && body.location
        ? { kind: 'location', ...body.location }
        : body.type === 'commodity' && body.commodity
          ? { kind: 'commodity', ...body.commodity }
          : body.type === 'red_packet' && body.redPacket
            ? { kind: 'red_packet', ...body.redPacket, openedAt: null }
            : undefined;
    const storeInput: StoreInput = {
      type: body.type,
      content,
      card,
      media,
      localId: body.localId,
      client,
      sender:
        actor.kind === 'visitor'
          ? {
              kind: 'visitor',
              visitorId: actor.visitorId,
              vid: actor.vid,
              nickname: actor.nickname,
              avatar: actor.avatar,
            }
          : {
              kind: 'agent',
              userId: actor.userId,
              uid: actor.uid,
              nickname: actor.nickname,
              avatar: actor.avatar,
            },
    };
    const fullMedia = media ?? { imageUrl: '', thumbUrl: '', fileUrl: '', fileName: '', fileSize: 0 };
    const item: BatchMessage = {
      threadId: known.id,
      orgId: known.org_id,
      tid: known.tid,
      condition:
        actor.kind === 'visitor'
          ? { kind: 'visitor', visitorId: actor.visitorId }
          : { kind: 'agent', userId: actor.userId },
      mid: createPublicId(),
      type: body.type,
      content,
      media: fullMedia,
      card,
      client,
      localId: body.localId,
      sender:
        actor.kind === 'visitor'
          ? { kind: 'visitor', id: actor.vid, nickname: actor.nickname, avatar: actor.avatar }
          : { kind: 'agent', id: actor.uid, nickname: actor.nickname, avatar: actor.avatar },
      preview: previewOf(body.type, content, fullMedia.fileName),
      tokens: deps.indexer && body.type === 'text' && content ? deps.indexer.tokensOf(content) : '',
      now: now(),
    };
    await turn.ready;
    const writing = batcher.write(item);
    turn.leave();
    const outcome = await writing;
    let thread: ThreadRow;
    let message: Message;
    if (outcome.kind === 'stored') {
      thread = withState(known, outcome.state);
      message = outcome.message;
    } else {
      // Refused, or a duplicate localId (a resend after a lost ack): both are settled from a fresh read.
      const settled = await settleRefused(actor, body, senderRef, storeInput);
      if (!settled.isNew) return settled.message;
      thread = settled.thread;
      message = settled.message;
    }
    if (checked.afterStore) await checked.afterStore();
    void unfurl(thread, message).catch((error: unknown) =>
      deps.logger?.error({ err: error, tid: thread.tid }, 'link preview failed'),
    );
    // A message stored on its own (settleRefused) was published, and so announced, already.
    if (actor.kind === 'agent' && outcome.kind === 'stored') notifyOutgoing(thread, message);
    if (actor.kind === 'agent' && thread.agent_id === actor.userId && thread.first_response_at === null)
      await recordFirstResponse(thread, actor, message.createdAt);
    if (actor.kind === 'visitor') {
      await maybeAutoReply(thread);
      if (visitorListeners.length > 0) {
        // The robot reads the whole row (its group, its agent): read afresh rather than patched.
        const listened =
          outcome.kind === 'stored' && thread.status === 'robot'
            ? ((await findThreadByTid(db, thread.org_id, thread.tid)) ?? thread)
            : thread;
        // Not awaited: the visitor's acknowledgement does not wait for the robot to think.
        for (const listener of visitorListeners)
          void listener(listened, message).catch((error: unknown) =>
            deps.logger?.error({ err: error, tid: thread.tid }, 'visitor message listener failed'),
          );
      }
    }
    return message;
  };

  const recordFirstResponse = async (thread: ThreadRow, actor: AgentActor, at: number) => {
    const updated = await db
      .updateTable('thread')
      .set({ first_response_at: at })
      .where('id', '=', thread.id)
      .where('first_response_at', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n)
      await insertThreadEvent(db, {
        orgId: thread.org_id,
        threadId: thread.id,
        cycle: Number(thread.cycle),
        kind: 'first_response',
        agentId: actor.userId,
        workgroupId: thread.workgroup_id,
        at,
      });
  };

  /** An agent away from the desk answers with its auto-reply, at most once per thread every 10 minutes. */
  const maybeAutoReply = async (thread: ThreadRow) => {
    if (thread.agent_id === null || thread.status !== 'chatting') return;
    if (!thread.agent_auto_reply_type || thread.agent_auto_reply_type === 'none') return;
    const agent = await db
      .selectFrom('user')
      .select(['id', 'uid', 'nickname', 'avatar', 'auto_reply_type', 'auto_reply_content'])
      .where('id', '=', thread.agent_id)
      .executeTakeFirst();
    if (!agent || agent.auto_reply_type === 'none' || !agent.auto_reply_content) return;
    const last = await lastAutoReplyAt(db, thread.id);
    if (last !== null && now() - last < autoReplyIntervalMs) return;
    await store(thread, {
      type: 'text',
      content: agent.auto_reply_content,
      localId: `${autoReplyLocalIdPrefix}${createPublicId(12)}`,
      client: 'system',
      sender: {
        kind: 'agent',
        userId: agent.id,
        uid: agent.uid,
        nickname: agent.nickname,
        avatar: agent.avatar,
      },
    });
  };

  const systemInput = (message: SystemMessage): StoreInput => ({
    type: message.type,
    content: message.content,
    localId: message.localId ?? '',
    client: 'system',
    sender: message.asRobot
      ? { kind: 'robot', ...message.asRobot }
      : message.asAgent
        ? { kind: 'agent', ...message.asAgent }
        : { kind: 'system' },
  });

  /** Notifications and tips written by the server into a thread. */
  const storeSystem = async (thread: ThreadRow, message: SystemMessage): Promise<Message> =>
    store(thread, systemInput(message));

  /**
   * A notice written in the caller's transaction, together with the change it reports (a close, a
   * rating, an assignment), so its seq follows the order in which those changes happened. The
   * caller publishes it after the commit.
   */
  const storeSystemIn = async (trx: Executor, thread: ThreadRow, message: SystemMessage): Promise<Message> =>
    insertInto(trx, thread, systemInput(message));

  const history = async (
    actor: ChatActor,
    query: { tid: string; afterSeq?: number; beforeSeq?: number; size: number },
  ): Promise<MessageHistory> => {
    const thread = await loadReadable(actor, query.tid);
    const { rows, hasMore } = await listThreadMessages(db, thread.id, query);
    return { messages: rows.map(toMessage), hasMore };
  };

  /** Marks messages up to `seq` received or read and tells the other side. */
  const receipt = async (actor: ChatActor, input: Receipt): Promise<void> => {
    const thread = await loadThread(actor.orgId, input.tid);
    if (!(await isParticipant(actor, thread))) throw AppError.notFound('thread.notFound', { tid: input.tid });
    const seq = Math.min(input.seq, Number(thread.seq));
    if (input.status === 'read') await setReadSeq(db, thread.id, actor.kind, seq);
    hub.emit(await roomsOf(thread), 'receipt', {
      tid: thread.tid,
      seq,
      status: input.status,
      by: actor.kind,
    });
  };

  /** Own messages within two minutes; everyone in the thread sees the recalled copy. */
  const recall = async (actor: ChatActor, input: { tid: string; mid: string }): Promise<Message> => {
    const thread = await loadThread(actor.orgId, input.tid);
    if (!(await isParticipant(actor, thread))) throw AppError.notFound('thread.notFound', { tid: input.tid });
    const row = await findMessageByMid(db, thread.id, input.mid);
    const isOwn =
      row &&
      (actor.kind === 'visitor'
        ? row.sender_visitor_id === actor.visitorId
        : row.sender_user_id === actor.userId);
    if (!row || !isOwn) throw AppError.notFound('message.notFound', { mid: input.mid });
    if (now() - Number(row.created_at) > messageRecallWindowMs)
      throw AppError.conflict('message.recallTooLate');
    await markRecalled(db, row.id);
    const recalled = toMessage({
      ...row,
      status: 'recall',
      content: '',
      image_url: '',
      thumb_url: '',
      file_url: '',
      file_name: '',
      file_size: 0,
      card: '',
    });
    hub.emit(await roomsOf(thread), 'message', recalled);
    return recalled;
  };

  /**
   * The customer opens a red packet given in their conversation: stamped once (a second open, or
   * one racing it on another node, answers with the stamped copy), then pushed to everyone.
   */
  const openRedPacket = async (visitor: VisitorActor, input: RedPacketOpenBody): Promise<Message> => {
    const thread = await loadThread(visitor.orgId, input.tid);
    if (thread.visitor_id !== visitor.visitorId)
      throw AppError.notFound('thread.notFound', { tid: input.tid });
    const row = await findMessageByMid(db, thread.id, input.mid);
    const card = row && row.status !== 'recall' ? cardOf(row.card) : undefined;
    if (!row || card?.kind !== 'red_packet') throw AppError.notFound('message.notFound', { mid: input.mid });
    if (card.openedAt !== null) return toMessage(row);
    const json = JSON.stringify({ ...card, openedAt: now() });
    const updated = await db
      .updateTable('message')
      .set({ card: json })
      .where('id', '=', row.id)
      .where('card', '=', row.card)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      const stamped = await findMessageByMid(db, thread.id, input.mid);
      return toMessage(stamped ?? row);
    }
    const message = toMessage({ ...row, card: json });
    hub.emit(await roomsOf(thread), 'message', message);
    return message;
  };

  /** Replaces a stored message's content (a robot answer's rating) and pushes the new copy. */
  const replaceContent = async (thread: ThreadRow, mid: string, content: string): Promise<Message | null> => {
    const row = await findMessageByMid(db, thread.id, mid);
    if (!row) return null;
    await updateMessageContent(db, row.id, content);
    const message = toMessage({ ...row, content });
    await publish(thread, message);
    return message;
  };

  return {
    send,
    onVisitorMessage: (listener: (thread: ThreadRow, message: Message) => Promise<void>) => {
      visitorListeners.push(listener);
    },
    onOutgoing: (listener: (thread: ThreadRow, message: Message) => void) => {
      outgoingListeners.push(listener);
    },
    replaceContent,
    openRedPacket,
    findByMid: (thread: ThreadRow, mid: string) => findMessageByMid(db, thread.id, mid),
    storeSystem,
    storeSystemIn,
    publish,
    history,
    receipt,
    recall,
    roomsOf,
    loadReadable,
    canRead,
    isParticipant,
  };
};
