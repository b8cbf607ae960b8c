import type { Executor } from '../../db/database.js';

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
