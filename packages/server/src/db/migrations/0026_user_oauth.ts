import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 19, WeChat and Work WeChat scan sign-in: which platform identity (a WeChat unionid, a Work
 * WeChat corpid:userid) belongs to which account. One identity, one account.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('user_oauth')
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_oauth_pk', ['user_id', 'provider'])
    .addUniqueConstraint('user_oauth_subject_uq', ['provider', 'subject'])
    .execute();
};
