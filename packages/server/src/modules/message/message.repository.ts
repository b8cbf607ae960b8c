import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';

/* Kysely queries of messages; callers have already scoped the thread to the caller's organisation. */

/** Messages with their thread's tid and sender; the records search selects these columns too. */
export const selectMessages = (db: Executor) =>
  db
    .selectFrom('message')
    .innerJoin('thread', 'thread.id', 'message.thread_id')
    .leftJoin('user as sender_user', 'sender_user.id', 'message.sender_user_id')
    .leftJoin('visitor as sender_visitor', 'sender_visitor.id', 'message.sender_visitor_id')
    .select([
      'message.id',
      'message.mid',
      'message.seq',
      'message.type',
      'message.content',
      'message.image_url',
      'message.thumb_url',
      'message.file_url',
      'message.file_name',
      'message.file_size',
      'message.status',
      'message.client',
      'message.local_id',
      'message.sender_kind',
      'message.sender_user_id',
      'message.sender_visitor_id',
      'message.created_at',
      'message.delivery',
      'message.delivery_error',
      'message.card',
      'thread.tid',
      'sender_user.uid as user_uid',
      'sender_user.nickname as user_nickname',
      'sender_user.avatar as user_avatar',
      'sender_visitor.vid as visitor_vid',
      'sender_visitor.nickname as visitor_nickname',
      'sender_visitor.avatar as visitor_avatar',
    ]);

export type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>['executeTakeFirstOrThrow']>>;

/** Messages of a thread in ascending seq: after `afterSeq`, or the newest page before `beforeSeq`. */
export const listThreadMessages = async (
  db: Executor,
  threadId: number,
  query: { afterSeq?: number; beforeSeq?: number; size: number },
): Promise<{ rows: MessageRow[]; hasMore: boolean }> => {
  let select = selectMessages(db).where('message.thread_id', '=', threadId);
  if (query.afterSeq !== undefined) {
    const rows = await select
      .where('message.seq', '>', query.afterSeq)
      .orderBy('message.seq')
      .limit(query.size + 1)
      .execute();
    return { rows: rows.slice(0, query.size), hasMore: rows.length > query.size };
  }
  if (query.beforeSeq !== undefined) select = select.where('message.seq', '<', query.beforeSeq);
  const rows = await select
    .orderBy('message.seq', 'desc')
    .limit(query.size + 1)
    .execute();
  return { rows: rows.slice(0, query.size).reverse(), hasMore: rows.length > query.size };
};

export const findMessageByMid = (db: Executor, threadId: number, mid: string) =>
  selectMessages(db)
    .where('message.thread_id', '=', threadId)
    .where('message.mid', '=', mid)
    .executeTakeFirst();

/** The message a sender already stored under this local id (a resend after a lost ack). */
export const findMessageByLocalId = (
  db: Executor,
  threadId: number,
  sender: { kind: string; userId: number | null; visitorId: number | null },
  localId: string,
) => {
  let query = selectMessages(db)
    .where('message.thread_id', '=', threadId)
    .where('message.sender_kind', '=', sender.kind)
    .where('message.local_id', '=', localId);
  query =
    sender.visitorId !== null
      ? query.where('message.sender_visitor_id', '=', sender.visitorId)
      : query.where('message.sender_user_id', '=', sender.userId ?? -1);
  return query.executeTakeFirst();
};

/**
 * Takes the thread's next seq and updates its last-message fields in one statement. Returns the
 * message's time too: never earlier than the thread's previous message, so time order follows seq
 * order even when two writers took their clock readings the other way round (the row lock orders seq).
 */
export const allocateSeq = async (
  db: Executor,
  threadId: number,
  values: { preview: string | null; now: number; readSide: 'visitor' | 'agent' | null; isVisitor: boolean },
): Promise<{ seq: number; at: number }> => {
  const row = await db
    .updateTable('thread')
    .set((eb) => ({
      seq: eb('seq', '+', 1),
      ...(values.preview === null ? {} : { content: values.preview }),
      last_message_at: sql<number>`case when coalesce(last_message_at, 0) > cast(${values.now} as bigint) then last_message_at else cast(${values.now} as bigint) end`,
      updated_at: values.now,
      ...(values.isVisitor ? { last_visitor_message_at: values.now } : {}),
      // The sender has seen everything up to its own message.
      ...(values.readSide === 'visitor' ? { visitor_read_seq: eb('seq', '+', 1) } : {}),
      ...(values.readSide === 'agent' ? { agent_read_seq: eb('seq', '+', 1) } : {}),
    }))
    .where('id', '=', threadId)
    .returning(['seq', 'last_message_at'])
    .executeTakeFirstOrThrow();
  return { seq: Number(row.seq), at: Number(row.last_message_at ?? values.now) };
};

export type MessageInsert = {
  mid: string;
  orgId: number;
  threadId: number;
  seq: number;
  type: string;
  content: string;
  imageUrl: string;
  thumbUrl: string;
  fileUrl: string;
  fileName: string;
  fileSize: number;
  status: string;
  client: string;
  localId: string;
  senderKind: string;
  senderUserId: number | null;
  senderVisitorId: number | null;
  /** The card as JSON, '' when none. */
  card?: string;
  now: number;
};

export const insertMessage = async (db: Executor, values: MessageInsert): Promise<number> => {
  const row = await db
    .insertInto('message')
    .values({
      mid: values.mid,
      org_id: values.orgId,
      thread_id: values.threadId,
      seq: values.seq,
      type: values.type,
      content: values.content,
      image_url: values.imageUrl,
      thumb_url: values.thumbUrl,
      file_url: values.fileUrl,
      file_name: values.fileName,
      file_size: values.fileSize,
      status: values.status,
      client: values.client,
      local_id: values.localId,
      sender_kind: values.senderKind,
      sender_user_id: values.senderUserId,
      sender_visitor_id: values.senderVisitorId,
      card: values.card ?? '',
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const markRecalled = async (db: Executor, id: number) => {
  await db
    .updateTable('message')
    .set({
      status: 'recall',
      content: '',
      image_url: '',
      thumb_url: '',
      file_url: '',
      file_name: '',
      file_size: 0,
      card: '',
    })
    .where('id', '=', id)
    .execute();
};

/** Sets a message's card (a link preview fetched after the message was stored). */
export const updateMessageCard = async (db: Executor, id: number, card: string) => {
  await db.updateTable('message').set({ card }).where('id', '=', id).execute();
};

export const updateMessageContent = async (db: Executor, id: number, content: string) => {
  await db.updateTable('message').set({ content }).where('id', '=', id).execute();
};

/** Auto-replies carry a local id with this prefix (unique per message, like any other). */
export const autoReplyLocalIdPrefix = 'auto-reply:';

/** When the thread's last auto-reply was sent. */
export const lastAutoReplyAt = async (db: Executor, threadId: number): Promise<number | null> => {
  const row = await db
    .selectFrom('message')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('thread_id', '=', threadId)
    .where('local_id', 'like', `${autoReplyLocalIdPrefix}%`)
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
};
