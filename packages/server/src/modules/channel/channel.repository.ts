import type { Executor } from '../../db/database.js';

/* Kysely queries of channels; every console query is scoped by the caller's organisation. */

const selectAccounts = (db: Executor) =>
  db
    .selectFrom('channel_account as a')
    .leftJoin('workgroup as w', 'w.id', 'a.workgroup_id')
    .select([
      'a.id',
      'a.caid',
      'a.org_id',
      'a.type',
      'a.name',
      'a.workgroup_id',
      'a.settings',
      'a.secrets_sealed',
      'a.webhook_key',
      'a.app_key',
      'a.enabled',
      'a.last_inbound_at',
      'a.last_outbound_at',
      'a.last_error',
      'a.last_error_at',
      'a.created_at',
      'w.wid as workgroup_wid',
      'w.nickname as workgroup_nickname',
    ]);

export type ChannelAccountRow = Awaited<
  ReturnType<ReturnType<typeof selectAccounts>['executeTakeFirstOrThrow']>
>;

export const findAccountByCaid = (db: Executor, orgId: number, caid: string) =>
  selectAccounts(db).where('a.org_id', '=', orgId).where('a.caid', '=', caid).executeTakeFirst();

/** For jobs, which carry the account's row id and already belong to its organisation. */
export const findAccountById = (db: Executor, id: number) =>
  selectAccounts(db).where('a.id', '=', id).executeTakeFirst();

/** Webhook calls find their account by the path's key alone; the platform's signature proves the rest. */
export const findAccountByWebhookKey = (db: Executor, key: string) =>
  selectAccounts(db).where('a.webhook_key', '=', key).executeTakeFirst();

/** The account a push to the platform's app is for: the shop or seller its grant named. */
export const findAccountByPlatformTenant = (db: Executor, type: string, tenant: string) =>
  selectAccounts(db)
    .where('a.type', '=', type)
    .where('a.platform_tenant', '=', tenant)
    .orderBy('a.updated_at', 'desc')
    .executeTakeFirst();

/**
 * A shop granted access to a new account: no other account keeps its pushes (it may have been
 * granted before to another organisation's account, or to this one's older account).
 */
export const releasePlatformTenant = async (
  db: Executor,
  type: string,
  tenant: string,
  exceptId: number,
): Promise<void> => {
  await db
    .updateTable('channel_account')
    .set({ platform_tenant: null })
    .where('type', '=', type)
    .where('platform_tenant', '=', tenant)
    .where('id', '!=', exceptId)
    .execute();
};

export const findAccountByAppKey = (db: Executor, appKey: string) =>
  selectAccounts(db).where('a.app_key', '=', appKey).executeTakeFirst();

export const pageAccounts = async (
  db: Executor,
  orgId: number,
  filter: { type?: string },
  page: { page: number; size: number },
) => {
  let query = db.selectFrom('channel_account').where('org_id', '=', orgId);
  if (filter.type) query = query.where('type', '=', filter.type);
  const { total } = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let rows = selectAccounts(db).where('a.org_id', '=', orgId);
  if (filter.type) rows = rows.where('a.type', '=', filter.type);
  const items = await rows
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  return { items, total: Number(total) };
};

export const insertAccount = async (
  db: Executor,
  values: {
    caid: string;
    orgId: number;
    type: string;
    name: string;
    workgroupId: number | null;
    settings: string;
    secretsSealed: string;
    webhookKey: string;
    appKey: string | null;
    now: number;
  },
): Promise<void> => {
  await db
    .insertInto('channel_account')
    .values({
      caid: values.caid,
      org_id: values.orgId,
      type: values.type,
      name: values.name,
      workgroup_id: values.workgroupId,
      settings: values.settings,
      secrets_sealed: values.secretsSealed,
      webhook_key: values.webhookKey,
      app_key: values.appKey,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

export const updateAccount = async (
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<{
    name: string;
    workgroup_id: number | null;
    settings: string;
    secrets_sealed: string;
    enabled: number;
    last_error: string;
    last_error_at: number | null;
    platform_tenant: string | null;
  }> & { updated_at: number },
): Promise<void> => {
  await db
    .updateTable('channel_account')
    .set(values)
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const deleteAccount = async (db: Executor, orgId: number, id: number): Promise<void> => {
  await db.deleteFrom('channel_account').where('org_id', '=', orgId).where('id', '=', id).execute();
};

export const recordAccountInbound = async (db: Executor, id: number, at: number): Promise<void> => {
  await db.updateTable('channel_account').set({ last_inbound_at: at }).where('id', '=', id).execute();
};

/** A successful call clears the account's error; a failed one records it. */
export const recordAccountOutcome = async (
  db: Executor,
  id: number,
  outcome: { at: number; error: string | null; isOutbound: boolean },
): Promise<void> => {
  await db
    .updateTable('channel_account')
    .set(
      outcome.error === null
        ? {
            last_error: '',
            last_error_at: null,
            ...(outcome.isOutbound ? { last_outbound_at: outcome.at } : {}),
          }
        : { last_error: outcome.error.slice(0, 500), last_error_at: outcome.at },
    )
    .where('id', '=', id)
    .execute();
};

export const readAccountState = async (db: Executor, id: number): Promise<string> =>
  (await db.selectFrom('channel_account').select('state').where('id', '=', id).executeTakeFirst())?.state ??
  '';

export const writeAccountState = async (db: Executor, id: number, state: string): Promise<void> => {
  await db.updateTable('channel_account').set({ state }).where('id', '=', id).execute();
};

export const findToken = (db: Executor, accountId: number, name: string) =>
  db
    .selectFrom('channel_token')
    .select(['value_sealed', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('name', '=', name)
    .executeTakeFirst();

export const upsertToken = async (
  db: Executor,
  values: { accountId: number; name: string; valueSealed: string; expiresAt: number },
): Promise<void> => {
  await db
    .insertInto('channel_token')
    .values({
      account_id: values.accountId,
      name: values.name,
      value_sealed: values.valueSealed,
      expires_at: values.expiresAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['account_id', 'name'])
        .doUpdateSet({ value_sealed: values.valueSealed, expires_at: values.expiresAt }),
    )
    .execute();
};

export const deleteToken = async (db: Executor, accountId: number, name: string): Promise<void> => {
  await db.deleteFrom('channel_token').where('account_id', '=', accountId).where('name', '=', name).execute();
};

export const deleteTokens = async (db: Executor, accountId: number): Promise<void> => {
  await db.deleteFrom('channel_token').where('account_id', '=', accountId).execute();
};

export const findChannelUser = (db: Executor, accountId: number, externalId: string) =>
  db
    .selectFrom('channel_user')
    .select(['id', 'visitor_id', 'context', 'last_inbound_at'])
    .where('account_id', '=', accountId)
    .where('external_id', '=', externalId)
    .executeTakeFirst();

/** The platform user behind a visitor (channel visitors have exactly one). */
export const findChannelUserOfVisitor = (db: Executor, orgId: number, visitorId: number) =>
  db
    .selectFrom('channel_user')
    .select(['id', 'account_id', 'external_id', 'context', 'last_inbound_at'])
    .where('org_id', '=', orgId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst();

export const findChannelUserById = (db: Executor, id: number) =>
  db
    .selectFrom('channel_user')
    .select(['id', 'account_id', 'external_id', 'visitor_id', 'context', 'last_inbound_at'])
    .where('id', '=', id)
    .executeTakeFirst();

export const insertChannelUser = async (
  db: Executor,
  values: {
    orgId: number;
    accountId: number;
    externalId: string;
    visitorId: number;
    context: string;
    now: number;
  },
): Promise<number> => {
  const row = await db
    .insertInto('channel_user')
    .values({
      org_id: values.orgId,
      account_id: values.accountId,
      external_id: values.externalId,
      visitor_id: values.visitorId,
      context: values.context,
      last_inbound_at: values.now,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const touchChannelUser = async (
  db: Executor,
  id: number,
  values: { context: string; lastInboundAt: number },
): Promise<void> => {
  await db
    .updateTable('channel_user')
    .set({ context: values.context, last_inbound_at: values.lastInboundAt })
    .where('id', '=', id)
    .execute();
};

export const hasInbound = async (db: Executor, accountId: number, externalId: string): Promise<boolean> =>
  (await db
    .selectFrom('channel_inbound')
    .select('account_id')
    .where('account_id', '=', accountId)
    .where('external_id', '=', externalId)
    .executeTakeFirst()) !== undefined;

export const insertInbound = async (db: Executor, accountId: number, externalId: string, at: number) => {
  await db
    .insertInto('channel_inbound')
    .values({ account_id: accountId, external_id: externalId, received_at: at })
    .onConflict((conflict) => conflict.columns(['account_id', 'external_id']).doNothing())
    .execute();
};

/** Platforms redeliver for minutes, not weeks: older ids need not be remembered. */
export const pruneInbound = async (db: Executor, before: number): Promise<void> => {
  await db.deleteFrom('channel_inbound').where('received_at', '<', before).execute();
};

/** Marks a message as queued for delivery; false when it already was (a republished copy). */
export const claimMessageDelivery = async (
  db: Executor,
  threadId: number,
  mid: string,
): Promise<number | null> => {
  const row = await db
    .updateTable('message')
    .set({ delivery: 'pending' })
    .where('thread_id', '=', threadId)
    .where('mid', '=', mid)
    .where('delivery', '=', '')
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
};

export const setMessageDelivery = async (
  db: Executor,
  messageId: number,
  values: { delivery: '' | 'pending' | 'sent' | 'failed'; error: string },
): Promise<void> => {
  await db
    .updateTable('message')
    .set({ delivery: values.delivery, delivery_error: values.error.slice(0, 500) })
    .where('id', '=', messageId)
    .execute();
};

export const setThreadReplyUntil = async (db: Executor, threadId: number, until: number | null) => {
  await db.updateTable('thread').set({ reply_until: until }).where('id', '=', threadId).execute();
};

/** Per thread client over [from, ∞): visitors' messages, delivered and failed replies, new conversations. */
export const countChannelTraffic = async (db: Executor, orgId: number, from: number) => {
  const messages = await db
    .selectFrom('message as m')
    .innerJoin('thread as t', 't.id', 'm.thread_id')
    .select((eb) => [
      't.client',
      eb.fn.count<number>(eb.case().when('m.sender_kind', '=', 'visitor').then(1).end()).as('inbound'),
      eb.fn.count<number>(eb.case().when('m.delivery', '=', 'sent').then(1).end()).as('outbound'),
      eb.fn.count<number>(eb.case().when('m.delivery', '=', 'failed').then(1).end()).as('failed'),
    ])
    .where('m.org_id', '=', orgId)
    .where('m.created_at', '>=', from)
    .groupBy('t.client')
    .execute();
  const threads = await db
    .selectFrom('thread')
    .select((eb) => ['client', eb.fn.countAll<number>().as('conversations')])
    .where('org_id', '=', orgId)
    .where('created_at', '>=', from)
    .groupBy('client')
    .execute();
  const accounts = await db
    .selectFrom('channel_account')
    .select((eb) => [
      'type',
      eb.fn.countAll<number>().as('accounts'),
      eb.fn
        .count<number>(
          eb
            .case()
            .when(eb.and([eb('enabled', '=', 1), eb('last_error', '=', '')]))
            .then(1)
            .end(),
        )
        .as('connected'),
    ])
    .where('org_id', '=', orgId)
    .groupBy('type')
    .execute();
  return { messages, threads, accounts };
};

/** The skill group a channel without its own (or whose group was deleted) sends conversations to: the oldest live one. */
export const findFallbackWorkgroupWid = async (db: Executor, orgId: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom('workgroup')
      .select('wid')
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  )?.wid;

export const findLiveWorkgroupId = async (db: Executor, orgId: number, wid: string) =>
  (
    await db
      .selectFrom('workgroup')
      .select('id')
      .where('org_id', '=', orgId)
      .where('wid', '=', wid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  )?.id;

export const findLiveWorkgroupWidById = async (db: Executor, orgId: number, id: number) =>
  (
    await db
      .selectFrom('workgroup')
      .select('wid')
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  )?.wid;
