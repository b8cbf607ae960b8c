import { onlineUserStatuses } from '@openkefu/contract';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { UserTable } from '../../db/schema.js';
import { escapeLike } from '../../db/like.js';

export type UserRow = {
  id: number;
  uid: string;
  org_id: number;
  username: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  email: string | null;
  mobile: string | null;
  enabled: number;
  is_robot: number;
  balance_cents: number;
  validate_until_date: string | null;
};

const userColumns = [
  'user.id',
  'user.uid',
  'user.org_id',
  'user.username',
  'user.password_hash',
  'user.nickname',
  'user.avatar',
  'user.email',
  'user.mobile',
  'user.enabled',
  'user.is_robot',
  'user.balance_cents',
  'user.validate_until_date',
] as const;

export type NewUser = {
  uid: string;
  orgId: number;
  username: string;
  passwordHash: string;
  nickname: string;
  email?: string | null;
  mobile?: string | null;
  now: number;
};

export const insertUser = async (db: Executor, user: NewUser): Promise<number> => {
  const row = await db
    .insertInto('user')
    .values({
      uid: user.uid,
      org_id: user.orgId,
      username: user.username,
      password_hash: user.passwordHash,
      nickname: user.nickname,
      email: user.email ?? null,
      mobile: user.mobile ?? null,
      created_at: user.now,
      updated_at: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/*
 * Sign-in lookups are by a platform-wide unique key (username, email, mobile) before any tenant
 * is known, so they are the only user queries not scoped by organisation.
 */

export const findUserByUsername = async (db: Executor, username: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('user')
    .select(userColumns)
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('user')
    .select(userColumns)
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findUserByMobile = async (db: Executor, mobile: string): Promise<UserRow | undefined> =>
  db
    .selectFrom('user')
    .select(userColumns)
    .where('mobile', '=', mobile)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** Whether a username, email or mobile is used by any account, deleted ones included (they stay unique). */
export const isUserKeyTaken = async (
  db: Executor,
  column: 'username' | 'email' | 'mobile',
  value: string,
): Promise<boolean> => {
  const row = await db.selectFrom('user').select('id').where(column, '=', value).executeTakeFirst();
  return row !== undefined;
};

export const findUserInOrganization = async (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<UserRow | undefined> =>
  db
    .selectFrom('user')
    .select(userColumns)
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const updateUserPassword = async (
  db: Executor,
  orgId: number,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> => {
  await db
    .updateTable('user')
    .set({ password_hash: passwordHash, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .execute();
};

/* ---------------------------------------------------------------------------------------------
 * Accounts (agents, robots, admin accounts) as the management pages see them. Tenant functions
 * take the organisation first and filter by it; the few cross-tenant ones are named `…Anywhere`
 * or `…AcrossOrganizations` and are called for platform staff only.
 * ------------------------------------------------------------------------------------------- */

const accountColumns = [
  'user.id',
  'user.uid',
  'user.org_id',
  'user.username',
  'user.nickname',
  'user.avatar',
  'user.email',
  'user.mobile',
  'user.real_name',
  'user.description',
  'user.enabled',
  'user.is_robot',
  'user.balance_cents',
  'user.validate_until_date',
  'user.welcome_tip',
  'user.offline_tip',
  'user.top_tip',
  'user.webhook',
  'user.webhook_leave_message',
  'user.status',
  'user.auto_reply_type',
  'user.auto_reply_content',
  'user.auto_pop',
  'user.show_top_tip',
  'user.show_form',
  'user.show_collect_mobile',
  'user.robot_collect_mobile',
  'user.hide_logo',
  'user.max_thread_count',
  'user.auto_close_minutes',
  'user.robot_type',
  'user.last_login_at',
  'user.created_at',
  'user.updated_at',
  'organization.oid as org_oid',
  'organization.name as org_name',
  'organization.sub_domain as org_sub_domain',
  'organization.owner_user_id as org_owner_user_id',
] as const;

const selectAccounts = (db: Executor) =>
  db
    .selectFrom('user')
    .innerJoin('organization', 'organization.id', 'user.org_id')
    .select(accountColumns)
    .where('user.deleted_at', 'is', null);

export type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['executeTakeFirstOrThrow']>>;

/** Which accounts a list shows: people (agents and admins), robots, or organisation owners. */
export type AccountKind = 'agent' | 'robot' | 'owner';

export type AccountTextColumn = 'username' | 'nickname' | 'real_name' | 'email' | 'mobile';

/** One search term: the value is contained (case-insensitively) in any of the columns. */
export type AccountTerm = { columns: AccountTextColumn[]; value: string };

export type AccountFilter = {
  kind: AccountKind;
  /** Combined with AND (a filter form) or OR (one search box sent under several names). */
  terms?: AccountTerm[];
  combine?: 'and' | 'or';
  /** true: in an online status; false: in any other. */
  online?: boolean;
  excludeUserId?: number;
  /** Only members of this skill group (resolved within the same organisation). */
  wid?: string;
};

// `escape` is spelt out because SQLite has no default LIKE escape character; lower() on both
// sides because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
const termCondition = (term: AccountTerm) => {
  const pattern = `%${escapeLike(term.value.toLowerCase())}%`;
  return sql<boolean>`(${sql.join(
    term.columns.map((column) => sql`lower(${sql.ref(`user.${column}`)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
};

type AccountQuery = ReturnType<typeof selectAccounts>;

const applyFilter = (query: AccountQuery, orgId: number | null, filter: AccountFilter): AccountQuery => {
  let result = query;
  if (orgId !== null) result = result.where('user.org_id', '=', orgId);
  if (filter.kind === 'robot') result = result.where('user.is_robot', '=', 1);
  else result = result.where('user.is_robot', '=', 0);
  if (filter.kind === 'owner') result = result.whereRef('organization.owner_user_id', '=', 'user.id');
  if (filter.online === true) result = result.where('user.status', 'in', [...onlineUserStatuses]);
  if (filter.online === false) result = result.where('user.status', 'not in', [...onlineUserStatuses]);
  if (filter.excludeUserId !== undefined) result = result.where('user.id', '!=', filter.excludeUserId);
  if (filter.wid !== undefined) {
    const wid = filter.wid;
    result = result.where('user.id', 'in', (eb) =>
      eb
        .selectFrom('workgroup_member')
        .innerJoin('workgroup', 'workgroup.id', 'workgroup_member.workgroup_id')
        .select('workgroup_member.user_id')
        .where('workgroup.wid', '=', wid)
        .where('workgroup.deleted_at', 'is', null)
        // The group must belong to the same organisation as the listed account.
        .whereRef('workgroup.org_id', '=', 'user.org_id'),
    );
  }
  const terms = (filter.terms ?? []).filter((term) => term.value !== '');
  if (terms.length > 0) {
    const conditions = terms.map(termCondition);
    result = result.where(
      sql<boolean>`(${sql.join(conditions, filter.combine === 'or' ? sql` or ` : sql` and `)})`,
    );
  }
  return result;
};

const pageAccounts = async (
  db: Executor,
  orgId: number | null,
  filter: AccountFilter,
  paging: { page: number; size: number },
): Promise<{ rows: AccountRow[]; total: number }> => {
  const [countRow, rows] = await Promise.all([
    applyFilter(selectAccounts(db), orgId, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    applyFilter(selectAccounts(db), orgId, filter)
      .orderBy('user.created_at', 'desc')
      .orderBy('user.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};

/** A page of one organisation's accounts, newest first. */
export const pageAccountsOfOrganization = (
  db: Executor,
  orgId: number,
  filter: AccountFilter,
  paging: { page: number; size: number },
) => pageAccounts(db, orgId, filter, paging);

/** Platform staff only: a page of accounts of every organisation, newest first. */
export const pageAccountsAcrossOrganizations = (
  db: Executor,
  filter: AccountFilter,
  paging: { page: number; size: number },
) => pageAccounts(db, null, filter, paging);

/** Every matching account of one organisation (pickers), by nickname. */
export const listAccountsOfOrganization = async (
  db: Executor,
  orgId: number,
  filter: AccountFilter,
): Promise<AccountRow[]> =>
  applyFilter(selectAccounts(db), orgId, filter).orderBy('user.nickname').orderBy('user.id').execute();

export const findAccountInOrganization = async (
  db: Executor,
  orgId: number,
  uid: string,
): Promise<AccountRow | undefined> =>
  selectAccounts(db).where('user.org_id', '=', orgId).where('user.uid', '=', uid).executeTakeFirst();

/** Platform staff only: any live account by uid. */
export const findAccountAnywhere = async (db: Executor, uid: string): Promise<AccountRow | undefined> =>
  selectAccounts(db).where('user.uid', '=', uid).executeTakeFirst();

/** The signed-in user's own account row. */
export const findAccountById = async (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<AccountRow | undefined> =>
  selectAccounts(db).where('user.org_id', '=', orgId).where('user.id', '=', userId).executeTakeFirst();

/** Whether a username, email or mobile is used by an account other than `exceptUserId` (deleted ones count). */
export const isUserKeyTakenByOther = async (
  db: Executor,
  column: 'username' | 'email' | 'mobile',
  value: string,
  exceptUserId: number,
): Promise<boolean> => {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where(column, '=', value)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
};

export type AccountValues = Omit<
  Insertable<UserTable>,
  'id' | 'uid' | 'org_id' | 'created_at' | 'updated_at' | 'deleted_at'
>;

export const insertAccount = async (
  db: Executor,
  account: { uid: string; orgId: number; now: number; values: AccountValues },
): Promise<number> => {
  const row = await db
    .insertInto('user')
    .values({
      ...account.values,
      uid: account.uid,
      org_id: account.orgId,
      created_at: account.now,
      updated_at: account.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export type AccountPatch = Omit<
  Updateable<UserTable>,
  'id' | 'uid' | 'org_id' | 'username' | 'created_at' | 'updated_at' | 'deleted_at'
>;

/** Updates one live account of one organisation (the account's own, checked by the caller). */
export const updateAccount = async (
  db: Executor,
  orgId: number,
  userId: number,
  patch: AccountPatch,
  now: number,
): Promise<void> => {
  await db
    .updateTable('user')
    .set({ ...patch, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
};

/** Soft delete: the row stays for history (threads, ledger) and keeps its username reserved. */
export const markAccountDeleted = async (
  db: Executor,
  orgId: number,
  userId: number,
  now: number,
): Promise<void> => {
  await db
    .updateTable('user')
    .set({ deleted_at: now, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .execute();
};

export const findOrganizationIdBySubDomain = async (
  db: Executor,
  subDomain: string,
): Promise<number | undefined> => {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('sub_domain', '=', subDomain)
    .executeTakeFirst();
  return row?.id;
};
