import {
  messageRecallWindowMs,
  messageSendSchema,
  type Message,
  type MessageHistory,
  type MessageSend,
  type MessageType,
  type Receipt,
} from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { findAttachmentByAid } from '../upload/upload.repository.js';
import type { Storage } from '../../lib/storage/storage.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentRoom, visitorRoom, watchRoom } from '../realtime/rooms.js';
import type { AgentActor, ChatActor } from '../thread/chat-actor.js';
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
import { previewOf, toMessage } from './message.mapper.js';
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
  updateMessageContent,
} from './message.repository.js';

export type MessageService = ReturnType<typeof createMessageService>;

/** Called inside the transaction that stores a new text message, e.g. to feed the search index. */
export type MessageIndexer = (
  db: Executor,
  message: { messageId: number; orgId: number; content: string },
) => Promise<void>;

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

export const createMessageService = (deps: {
  db: Executor;
  hub: RealtimeHub;
  storage: Storage;
  indexer?: MessageIndexer;
  guard?: MessageGuard;
  /** Where a failing listener of visitors' messages is reported (it never fails the send). */
  logger?: { error: (context: object, message: string) => void };
  now?: () => number;
}) => {
  const { db, hub, storage } = deps;
  const now = deps.now ?? Date.now;
  /** Told of every stored visitor message after its sender's acknowledgement (the robot answers this way). */
  const visitorListeners: ((thread: ThreadRow, message: Message) => Promise<void>)[] = [];

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
      now: at,
    });
    // In the same transaction: a stored text message is always searchable, and one commit is cheaper.
    if (deps.indexer && message.type === 'text' && message.content)
      await deps.indexer(trx, { messageId: insertedId, orgId: thread.org_id, content: message.content });
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
    };
  };

  /** Pushes a stored message to everyone who sees the thread (clients drop copies they hold by mid). */
  const publish = async (thread: ThreadRow, message: Message): Promise<void> => {
    hub.emit(await roomsOf(thread), 'message', message);
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

  const mediaOf = async (orgId: number, aid: string) => {
    const attachment = await findAttachmentByAid(db, orgId, aid);
    if (!attachment)
      throw AppError.badRequest('message.attachmentNotFound', {
        params: { aid },
        fields: [{ field: 'aid', message: 'no such upload' }],
      });
    return {
      imageUrl: attachment.mediaType.startsWith('image/') ? storage.url(attachment.storageKey) : '',
      thumbUrl: attachment.thumbKey ? storage.url(attachment.thumbKey) : '',
      fileUrl: storage.url(attachment.storageKey),
      fileName: attachment.fileName,
      fileSize: Number(attachment.size),
    };
  };

  /** Sends as a visitor or agent; a resend with the same localId returns the stored message. */
  const send = async (actor: ChatActor, input: MessageSend, client = 'web'): Promise<Message> => {
    const body = messageSendSchema.parse(input);
    const thread = await loadThread(actor.orgId, body.tid);
    if (!(await isParticipant(actor, thread))) throw AppError.notFound('thread.notFound', { tid: body.tid });
    const senderRef =
      actor.kind === 'visitor'
        ? { kind: 'visitor', userId: null, visitorId: actor.visitorId }
        : { kind: 'agent', userId: actor.userId, visitorId: null };
    const isWritable = actor.kind === 'visitor' ? isOpenStatus(thread.status) : thread.status === 'chatting';
    if (!isWritable) {
      // A resend of a message stored before the thread closed still gets its stored copy.
      const existing = await findMessageByLocalId(db, thread.id, senderRef, body.localId);
      if (existing) return republish(thread, existing);
      throw AppError.conflict('thread.notOpen', { params: { tid: body.tid } });
    }
    const media = body.aid ? await mediaOf(actor.orgId, body.aid) : undefined;
    if (body.type === 'image' && media && !media.imageUrl)
      throw AppError.badRequest('message.notAnImage', {
        fields: [{ field: 'aid', message: 'not an image' }],
      });
    const checked = deps.guard
      ? await deps.guard.check(actor, thread, { type: body.type, content: body.content })
      : { content: body.content, afterStore: null };
    const content = body.type === 'link' ? (body.url ?? body.content) : checked.content;
    let message: Message;
    try {
      message = await store(thread, {
        type: body.type,
        content,
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
      });
    } catch (error) {
      // The unique (thread, sender, localId) index: this is a resend after a lost ack.
      if (!isUniqueViolation(error)) throw error;
      const existing = await findMessageByLocalId(db, thread.id, senderRef, body.localId);
      if (!existing) throw error;
      return republish(thread, existing);
    }
    if (checked.afterStore) await checked.afterStore();
    if (actor.kind === 'agent' && thread.agent_id === actor.userId && thread.first_response_at === null)
      await recordFirstResponse(thread, actor, message.createdAt);
    if (actor.kind === 'visitor') {
      await maybeAutoReply(thread);
      // Not awaited: the visitor's acknowledgement does not wait for the robot to think.
      for (const listener of visitorListeners)
        void listener(thread, message).catch((error: unknown) =>
          deps.logger?.error({ err: error, tid: thread.tid }, 'visitor message listener failed'),
        );
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
    });
    hub.emit(await roomsOf(thread), 'message', recalled);
    return recalled;
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
    replaceContent,
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
