import type { Message, MessageCard } from '@openkefu/contract';
import { CompiledQuery } from 'kysely';
import { isUniqueViolation, type DialectName, type Executor } from '../../db/database.js';
import { openThreadStatuses } from '../thread/thread.machine.js';

/*
 * Group commit of chat messages. Messages sent within the same turn of the event loop (and, while a
 * batch is being written, everything that arrives meanwhile) are written together: one transaction on
 * SQLite, one statement on PostgreSQL. Each thread of a batch takes its seq range with one UPDATE,
 * whose WHERE is the send's permission (the thread is open, the sender still takes part): a thread
 * closed or transferred a moment ago refuses at once, and the fan-out goes to the agent the UPDATE
 * returns, never to a cached one. Senders are acknowledged and fanned out only after the commit.
 */

/** Who may write: checked by the seq UPDATE itself, so no earlier read can be stale. */
export type SendCondition = { kind: 'visitor'; visitorId: number } | { kind: 'agent'; userId: number };

export type BatchMessage = {
  threadId: number;
  orgId: number;
  tid: string;
  condition: SendCondition;
  mid: string;
  type: Message['type'];
  content: string;
  media: { imageUrl: string; thumbUrl: string; fileUrl: string; fileName: string; fileSize: number };
  /** A location or product sent (link previews come later, message.service.ts). */
  card?: MessageCard;
  client: string;
  localId: string;
  sender: { kind: 'visitor' | 'agent'; id: string; nickname: string; avatar: string };
  /** The thread's new last-message preview, or null to keep the old one. */
  preview: string | null;
  /** Space-separated search tokens ('' leaves the message unindexed). */
  tokens: string;
  now: number;
};

/** The thread as the seq UPDATE left it (the state that the fan-out and the follow-ups use). */
export type ThreadState = {
  seq: number;
  status: string;
  visitorId: number | null;
  agentId: number | null;
  workgroupId: number | null;
  cycle: number;
  firstResponseAt: number | null;
  memberIds: number[];
  agentAutoReplyType: string | null;
};

export type BatchOutcome =
  | { kind: 'stored'; message: Message; state: ThreadState }
  /** The thread refused (closed, not found, sender no longer a participant): the caller finds out why. */
  | { kind: 'refused' }
  /** Its (thread, sender, localId) is stored already: a resend after a lost ack. */
  | { kind: 'duplicate' };

type Pending = {
  item: BatchMessage;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
};

type Group = { threadId: number; condition: SendCondition; items: Pending[] };

type StateRow = {
  seq: number | string;
  last_message_at: number | string | null;
  status: string;
  visitor_id: number | string | null;
  agent_id: number | string | null;
  workgroup_id: number | string | null;
  cycle: number | string;
  first_response_at: number | string | null;
  member_ids: string | null;
  agent_auto_reply_type: string | null;
};

const openStatusList = openThreadStatuses.map((status) => `'${status}'`).join(', ');

const conditionKey = (condition: SendCondition) =>
  condition.kind === 'visitor' ? `v${condition.visitorId}` : `a${condition.userId}`;

const toNumberOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

const toState = (row: StateRow): ThreadState => ({
  seq: Number(row.seq),
  status: row.status,
  visitorId: toNumberOrNull(row.visitor_id),
  agentId: toNumberOrNull(row.agent_id),
  workgroupId: toNumberOrNull(row.workgroup_id),
  cycle: Number(row.cycle),
  firstResponseAt: toNumberOrNull(row.first_response_at),
  memberIds: row.member_ids ? row.member_ids.split(',').map(Number) : [],
  agentAutoReplyType: row.agent_auto_reply_type,
});

const toMessage = (item: BatchMessage, seq: number, at: number): Message => ({
  mid: item.mid,
  tid: item.tid,
  seq,
  type: item.type,
  content: item.content,
  ...item.media,
  status: 'stored',
  client: item.client as Message['client'],
  localId: item.localId,
  sender: item.sender,
  createdAt: at,
  ...(item.card ? { card: item.card } : {}),
});

const cardJsonOf = (item: BatchMessage): string => (item.card ? JSON.stringify(item.card) : '');

// --- SQLite: fixed statement texts (the driver keeps them prepared), run in one transaction -----------

const sqliteStateColumns = `seq, last_message_at, status, visitor_id, agent_id, workgroup_id, cycle, first_response_at,
  (select group_concat(user_id) from thread_member where thread_member.thread_id = thread.id) as member_ids,
  (select auto_reply_type from "user" where "user".id = thread.agent_id) as agent_auto_reply_type`;

/* Keep in sync with allocateSeq (message.repository.ts): the same columns change per message. */
const sqliteVisitorUpdate = `update thread set seq = seq + ?, content = coalesce(?, content),
  last_message_at = max(coalesce(last_message_at, 0), ?), updated_at = ?, last_visitor_message_at = ?,
  visitor_read_seq = seq + ?
  where id = ? and visitor_id = ? and status in (${openStatusList})
  returning ${sqliteStateColumns}`;

const sqliteAgentUpdate = `update thread set seq = seq + ?, content = coalesce(?, content),
  last_message_at = max(coalesce(last_message_at, 0), ?), updated_at = ?, agent_read_seq = seq + ?
  where id = ? and status = 'chatting' and (agent_id = ? or exists
    (select 1 from thread_member where thread_member.thread_id = thread.id and thread_member.user_id = ?))
  returning ${sqliteStateColumns}`;

const sqliteMessageInsert = `insert into message (mid, org_id, thread_id, seq, type, content, image_url, thumb_url,
  file_url, file_name, file_size, status, client, local_id, sender_kind, sender_user_id, sender_visitor_id, card,
  created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'stored', ?, ?, ?, ?, ?, ?, ?) returning id`;

/* Keep in sync with indexMessageText (modules/search/message-search.ts). */
const sqliteSearchInsert = `insert into message_search (rowid, tokens, org_id) values (?, ?, ?)`;

const lastPreviewOf = (group: Group): string | null => {
  let preview: string | null = null;
  for (const { item } of group.items) if (item.preview !== null) preview = item.preview;
  return preview;
};

const senderIds = (item: BatchMessage) => ({
  userId: item.condition.kind === 'agent' ? item.condition.userId : null,
  visitorId: item.condition.kind === 'visitor' ? item.condition.visitorId : null,
});

const writeSqlite = async (db: Executor, groups: Group[], isIndexing: boolean) =>
  db.transaction().execute(async (trx) => {
    const outcomes = new Map<Pending, BatchOutcome>();
    for (const group of groups) {
      const n = group.items.length;
      const now = Math.max(...group.items.map(({ item }) => item.now));
      const preview = lastPreviewOf(group);
      const update =
        group.condition.kind === 'visitor'
          ? CompiledQuery.raw(sqliteVisitorUpdate, [
              n,
              preview,
              now,
              now,
              now,
              n,
              group.threadId,
              group.condition.visitorId,
            ])
          : CompiledQuery.raw(sqliteAgentUpdate, [
              n,
              preview,
              now,
              now,
              n,
              group.threadId,
              group.condition.userId,
              group.condition.userId,
            ]);
      const row = (await trx.executeQuery<StateRow>(update)).rows[0];
      if (!row) {
        for (const pending of group.items) outcomes.set(pending, { kind: 'refused' });
        continue;
      }
      const state = toState(row);
      const at = Number(row.last_message_at ?? now);
      let seq = state.seq - n;
      for (const pending of group.items) {
        const { item } = pending;
        seq += 1;
        const { userId, visitorId } = senderIds(item);
        const inserted = await trx.executeQuery<{ id: number | string }>(
          CompiledQuery.raw(sqliteMessageInsert, [
            item.mid,
            item.orgId,
            item.threadId,
            seq,
            item.type,
            item.content,
            item.media.imageUrl,
            item.media.thumbUrl,
            item.media.fileUrl,
            item.media.fileName,
            item.media.fileSize,
            item.client,
            item.localId,
            item.sender.kind,
            userId,
            visitorId,
            cardJsonOf(item),
            at,
          ]),
        );
        const id = Number(inserted.rows[0]?.id);
        if (isIndexing && item.tokens !== '')
          await trx.executeQuery(CompiledQuery.raw(sqliteSearchInsert, [id, item.tokens, item.orgId]));
        outcomes.set(pending, { kind: 'stored', message: toMessage(item, seq, at), state });
      }
    }
    return outcomes;
  });

// --- PostgreSQL: one statement per batch -------------------------------------------------------------

type PostgresRow = StateRow & { mid: string; message_seq: number | string };

/**
 * Seq ranges, messages and search rows in one statement: a single round trip, atomic without an
 * explicit transaction. A thread whose UPDATE matched nothing inserts none of its messages.
 */
const postgresStatement = (groups: Group[], isIndexing: boolean): CompiledQuery => {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `cast($${params.length} as ${type})`;
  };
  const groupRows = groups.map((group) => {
    const now = Math.max(...group.items.map(({ item }) => item.now));
    const visitorId = group.condition.kind === 'visitor' ? group.condition.visitorId : null;
    const userId = group.condition.kind === 'agent' ? group.condition.userId : null;
    return `(${[
      param(group.threadId, 'bigint'),
      param(group.items.length, 'integer'),
      param(group.condition.kind, 'text'),
      param(visitorId, 'bigint'),
      param(userId, 'bigint'),
      param(lastPreviewOf(group), 'text'),
      param(now, 'bigint'),
    ].join(', ')})`;
  });
  const messageRows = groups.flatMap((group) =>
    group.items.map(({ item }, index) => {
      const { userId, visitorId } = senderIds(item);
      return `(${[
        param(item.threadId, 'bigint'),
        param(index + 1, 'integer'),
        param(item.mid, 'text'),
        param(item.orgId, 'bigint'),
        param(item.type, 'text'),
        param(item.content, 'text'),
        param(item.media.imageUrl, 'text'),
        param(item.media.thumbUrl, 'text'),
        param(item.media.fileUrl, 'text'),
        param(item.media.fileName, 'text'),
        param(item.media.fileSize, 'bigint'),
        param(item.client, 'text'),
        param(item.localId, 'text'),
        param(item.sender.kind, 'text'),
        param(userId, 'bigint'),
        param(visitorId, 'bigint'),
        param(isIndexing ? item.tokens : '', 'text'),
        param(cardJsonOf(item), 'text'),
      ].join(', ')})`;
    }),
  );
  // Keep in sync with allocateSeq (message.repository.ts) and indexMessageText (search/message-search.ts).
  const text = `with g (thread_id, n, kind, visitor_id, user_id, preview, now) as (values ${groupRows.join(', ')}),
t as (
  update thread set seq = thread.seq + g.n,
    content = coalesce(g.preview, thread.content),
    last_message_at = greatest(coalesce(thread.last_message_at, 0), g.now),
    updated_at = g.now,
    last_visitor_message_at = case when g.kind = 'visitor' then g.now else thread.last_visitor_message_at end,
    visitor_read_seq = case when g.kind = 'visitor' then thread.seq + g.n else thread.visitor_read_seq end,
    agent_read_seq = case when g.kind = 'agent' then thread.seq + g.n else thread.agent_read_seq end
  from g
  where thread.id = g.thread_id and (
    (g.kind = 'visitor' and thread.visitor_id = g.visitor_id and thread.status in (${openStatusList}))
    or (g.kind = 'agent' and thread.status = 'chatting' and (thread.agent_id = g.user_id or exists
      (select 1 from thread_member tm where tm.thread_id = thread.id and tm.user_id = g.user_id))))
  returning thread.id, thread.seq, g.n, thread.last_message_at, thread.status, thread.visitor_id, thread.agent_id,
    thread.workgroup_id, thread.cycle, thread.first_response_at,
    (select string_agg(tm.user_id::text, ',') from thread_member tm where tm.thread_id = thread.id) as member_ids,
    (select u.auto_reply_type from "user" u where u.id = thread.agent_id) as agent_auto_reply_type
),
v (thread_id, k, mid, org_id, type, content, image_url, thumb_url, file_url, file_name, file_size, client, local_id,
  sender_kind, sender_user_id, sender_visitor_id, tokens, card) as (values ${messageRows.join(', ')}),
m as (
  insert into message (mid, org_id, thread_id, seq, type, content, image_url, thumb_url, file_url, file_name,
    file_size, status, client, local_id, sender_kind, sender_user_id, sender_visitor_id, card, created_at)
  select v.mid, v.org_id, v.thread_id, t.seq - t.n + v.k, v.type, v.content, v.image_url, v.thumb_url, v.file_url,
    v.file_name, v.file_size, 'stored', v.client, v.local_id, v.sender_kind, v.sender_user_id, v.sender_visitor_id,
    v.card, t.last_message_at
  from v join t on t.id = v.thread_id
  returning id, mid, seq
)${
    isIndexing
      ? `,
s as (
  insert into message_search (message_id, org_id, tokens)
  select m.id, v.org_id, v.tokens from m join v on v.mid = m.mid where v.tokens <> ''
)`
      : ''
  }
select m.mid, m.seq as message_seq, t.seq, t.last_message_at, t.status, t.visitor_id, t.agent_id, t.workgroup_id,
  t.cycle, t.first_response_at, t.member_ids, t.agent_auto_reply_type
from m join v on v.mid = m.mid join t on t.id = v.thread_id`;
  return CompiledQuery.raw(text, params);
};

const writePostgres = async (db: Executor, groups: Group[], isIndexing: boolean) => {
  const { rows } = await db.executeQuery<PostgresRow>(postgresStatement(groups, isIndexing));
  const byMid = new Map(rows.map((row) => [row.mid, row]));
  const outcomes = new Map<Pending, BatchOutcome>();
  for (const group of groups)
    for (const pending of group.items) {
      const row = byMid.get(pending.item.mid);
      outcomes.set(
        pending,
        row
          ? {
              kind: 'stored',
              message: toMessage(pending.item, Number(row.message_seq), Number(row.last_message_at)),
              state: toState(row),
            }
          : { kind: 'refused' },
      );
    }
  return outcomes;
};

// --- the batcher -------------------------------------------------------------------------------------

/** Most messages in one batch: bounds the statement's size (PostgreSQL allows 65,535 parameters). */
export const maxBatchSize = 256;

export type MessageBatcher = {
  /** Resolves once the message is committed (or refused); `afterCommit` has run for it by then. */
  write: (item: BatchMessage) => Promise<BatchOutcome>;
};

export const createMessageBatcher = (deps: {
  db: Executor;
  dialect: DialectName;
  isIndexing: boolean;
  /** Runs right after each commit, for the stored messages in commit (so per-thread seq) order. */
  afterCommit: (outcome: Extract<BatchOutcome, { kind: 'stored' }>) => void;
}): MessageBatcher => {
  const queue: Pending[] = [];
  let isWriting = false;
  let isScheduled = false;

  const writeGroups = (groups: Group[]) =>
    deps.dialect === 'sqlite'
      ? writeSqlite(deps.db, groups, deps.isIndexing)
      : writePostgres(deps.db, groups, deps.isIndexing);

  /**
   * The next batch, in arrival order. A thread holds one sender per batch (its seq UPDATE checks that
   * sender); a second sender's message, and every later one of that thread, waits for the next batch,
   * so seqs still follow arrival order.
   */
  const takeBatch = (): Group[] => {
    const groups = new Map<number, Group>();
    const deferredThreads = new Set<number>();
    const rest: Pending[] = [];
    let taken = 0;
    for (const pending of queue) {
      const { threadId, condition } = pending.item;
      const group = groups.get(threadId);
      const fits =
        taken < maxBatchSize &&
        !deferredThreads.has(threadId) &&
        (!group || conditionKey(group.condition) === conditionKey(condition));
      if (!fits) {
        deferredThreads.add(threadId);
        rest.push(pending);
        continue;
      }
      if (group) group.items.push(pending);
      else groups.set(threadId, { threadId, condition, items: [pending] });
      taken += 1;
    }
    queue.length = 0;
    queue.push(...rest);
    return [...groups.values()];
  };

  /** After a failed batch: each message alone, so one bad message (a duplicate localId) fails only itself. */
  const writeOneByOne = async (groups: Group[]) => {
    const outcomes = new Map<Pending, BatchOutcome | { kind: 'error'; error: unknown }>();
    for (const group of groups)
      for (const pending of group.items) {
        try {
          const single = await writeGroups([{ ...group, items: [pending] }]);
          outcomes.set(pending, single.get(pending) ?? { kind: 'refused' });
        } catch (error) {
          outcomes.set(pending, isUniqueViolation(error) ? { kind: 'duplicate' } : { kind: 'error', error });
        }
      }
    return outcomes;
  };

  const flush = async () => {
    isScheduled = false;
    if (isWriting || queue.length === 0) return;
    isWriting = true;
    const groups = takeBatch();
    let outcomes: Map<Pending, BatchOutcome | { kind: 'error'; error: unknown }>;
    try {
      outcomes = await writeGroups(groups);
    } catch {
      outcomes = await writeOneByOne(groups);
    }
    // Fan-out first, in seq order, then the acknowledgements.
    for (const group of groups)
      for (const pending of group.items) {
        const outcome = outcomes.get(pending);
        if (outcome?.kind === 'stored') {
          try {
            deps.afterCommit(outcome);
          } catch {
            // A failing push never un-stores a message; the client resyncs by seq.
          }
        }
      }
    for (const group of groups)
      for (const pending of group.items) {
        const outcome = outcomes.get(pending) ?? { kind: 'refused' };
        if (outcome.kind === 'error') pending.reject(outcome.error);
        else pending.resolve(outcome);
      }
    isWriting = false;
    schedule();
  };

  const schedule = () => {
    if (isScheduled || isWriting || queue.length === 0) return;
    isScheduled = true;
    // setImmediate runs after the poll phase: every message already read from the sockets joins the batch.
    setImmediate(() => void flush());
  };

  return {
    write: (item) =>
      new Promise<BatchOutcome>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      }),
  };
};
