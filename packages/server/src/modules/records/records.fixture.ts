import { createPublicId } from '../../lib/ids.js';
import { bearer, createAccount, signIn, type TestAccount, type TestContext } from '../../test/app.js';
import { indexMessageText } from '../search/message-search.js';

/*
 * Test fixture of the records and leave-message suites: an organisation with an admin, an agent
 * and a quality checker (no kefu.* permissions), and rows written straight into the tables, so
 * the read side is tested on exactly the data it is given.
 */

export type Envelope<T> = { message: string; status_code: number; data: T; fields?: { field: string }[] };

export type SignedIn = TestAccount & { token: string };

export type RecordsOrg = {
  orgId: number;
  admin: SignedIn;
  agent: SignedIn;
  /** Holds no kefu.* permission: every records call answers 403. */
  checker: SignedIn;
};

const signedIn = async (ctx: TestContext, account: TestAccount): Promise<SignedIn> => ({
  ...account,
  token: await signIn(ctx.app, account.username, account.password),
});

export const createRecordsOrg = async (ctx: TestContext): Promise<RecordsOrg> => {
  const admin = await signedIn(ctx, await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] }));
  const agent = await signedIn(
    ctx,
    await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: admin.orgId }),
  );
  const checker = await signedIn(
    ctx,
    await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_CHECKER'], orgId: admin.orgId }),
  );
  await ctx.database.db
    .updateTable('user')
    .set({ nickname: 'Agent Smith' })
    .where('id', '=', agent.userId)
    .execute();
  return { orgId: admin.orgId, admin, agent, checker };
};

export const getJson = async <T>(ctx: TestContext, url: string, token?: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};

export const postJson = async <T>(
  ctx: TestContext,
  url: string,
  token: string | undefined,
  payload: object,
) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    payload,
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};

export const insertWorkgroup = async (
  ctx: TestContext,
  orgId: number,
  values: { nickname?: string; leaveMessageType?: 'default' | 'mobile' | 'email' } = {},
) => {
  const wid = createPublicId();
  const now = Date.now();
  const row = await ctx.database.db
    .insertInto('workgroup')
    .values({
      wid,
      org_id: orgId,
      nickname: values.nickname ?? `Group ${wid.slice(0, 4)}`,
      leave_message_type: values.leaveMessageType ?? 'default',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), wid };
};

export const insertVisitor = async (
  ctx: TestContext,
  orgId: number,
  values: { nickname?: string; client?: string } = {},
) => {
  const vid = createPublicId();
  const now = Date.now();
  const row = await ctx.database.db
    .insertInto('visitor')
    .values({
      vid,
      org_id: orgId,
      token_hash: createPublicId(40),
      nickname: values.nickname ?? `Visitor ${vid.slice(0, 4)}`,
      client: values.client ?? 'web',
      first_visit_at: now,
      last_visit_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), vid };
};

export type ThreadValues = {
  orgId: number;
  visitorId: number;
  workgroupId?: number | null;
  agentId?: number | null;
  status?: 'robot' | 'queuing' | 'chatting' | 'offline' | 'closed';
  client?: string;
  createdAt?: number;
  closeType?: string | null;
  content?: string;
};

export const insertThread = async (ctx: TestContext, values: ThreadValues) => {
  const tid = createPublicId();
  const createdAt = values.createdAt ?? Date.now();
  const status = values.status ?? 'closed';
  const row = await ctx.database.db
    .insertInto('thread')
    .values({
      tid,
      org_id: values.orgId,
      type: 'workgroup',
      status,
      visitor_id: values.visitorId,
      workgroup_id: values.workgroupId ?? null,
      agent_id: values.agentId ?? null,
      client: values.client ?? 'web',
      content: values.content ?? '',
      close_type: status === 'closed' ? (values.closeType ?? 'agent') : null,
      queued_at: createdAt,
      started_at: status === 'queuing' ? null : createdAt + 5_000,
      first_response_at: status === 'queuing' ? null : createdAt + 20_000,
      closed_at: status === 'closed' ? createdAt + 600_000 : null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), tid };
};

export type MessageValues = {
  orgId: number;
  threadId: number;
  type?: string;
  content?: string;
  imageUrl?: string;
  thumbUrl?: string;
  sender: { kind: 'visitor'; visitorId: number } | { kind: 'agent'; userId: number } | { kind: 'system' };
  createdAt?: number;
};

/** Stores a message with the thread's next seq and indexes its text, as the message service does. */
export const insertMessage = async (ctx: TestContext, values: MessageValues) => {
  const { db, dialect } = ctx.database;
  const seqRow = await db
    .updateTable('thread')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .where('id', '=', values.threadId)
    .returning('seq')
    .executeTakeFirstOrThrow();
  const mid = createPublicId();
  const type = values.type ?? 'text';
  const content = values.content ?? '';
  const row = await db
    .insertInto('message')
    .values({
      mid,
      org_id: values.orgId,
      thread_id: values.threadId,
      seq: Number(seqRow.seq),
      type,
      content,
      image_url: values.imageUrl ?? '',
      thumb_url: values.thumbUrl ?? '',
      status: 'stored',
      sender_kind: values.sender.kind,
      sender_visitor_id: values.sender.kind === 'visitor' ? values.sender.visitorId : null,
      sender_user_id: values.sender.kind === 'agent' ? values.sender.userId : null,
      created_at: values.createdAt ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (type === 'text' && content)
    await indexMessageText(db, dialect, { messageId: Number(row.id), orgId: values.orgId, content });
  return { id: Number(row.id), mid, seq: Number(seqRow.seq) };
};

export const insertRate = async (
  ctx: TestContext,
  values: {
    orgId: number;
    threadId: number;
    visitorId: number;
    agentId: number | null;
    score: number;
    note?: string;
    cycle?: number;
    createdAt?: number;
  },
) => {
  const rid = createPublicId();
  await ctx.database.db
    .insertInto('rate')
    .values({
      rid,
      org_id: values.orgId,
      thread_id: values.threadId,
      cycle: values.cycle ?? 1,
      visitor_id: values.visitorId,
      agent_id: values.agentId,
      score: values.score,
      note: values.note ?? '',
      created_at: values.createdAt ?? Date.now(),
    })
    .execute();
  return { rid };
};

export const insertSummary = async (
  ctx: TestContext,
  values: {
    orgId: number;
    threadId: number;
    agentId: number | null;
    category: string;
    content: string;
    createdAt?: number;
  },
) => {
  const sid = createPublicId();
  await ctx.database.db
    .insertInto('thread_summary')
    .values({
      sid,
      org_id: values.orgId,
      thread_id: values.threadId,
      agent_id: values.agentId,
      category: values.category,
      content: values.content,
      created_at: values.createdAt ?? Date.now(),
    })
    .execute();
  return { sid };
};
