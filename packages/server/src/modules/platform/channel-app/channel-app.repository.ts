import type { Executor } from '../../../db/database.js';

/* Kysely queries of the platform's channel apps: one row per platform type. */

export const listChannelApps = (db: Executor) =>
  db
    .selectFrom('platform_channel_app')
    .select(['type', 'settings', 'secrets_sealed', 'updated_at'])
    .execute();

export const findChannelApp = (db: Executor, type: string) =>
  db
    .selectFrom('platform_channel_app')
    .select(['type', 'settings', 'secrets_sealed', 'updated_at'])
    .where('type', '=', type)
    .executeTakeFirst();

export const saveChannelApp = async (
  db: Executor,
  row: { type: string; settings: string; secretsSealed: string; userId: number; now: number },
): Promise<void> => {
  const values = {
    settings: row.settings,
    secrets_sealed: row.secretsSealed,
    updated_by: row.userId,
    updated_at: row.now,
  };
  await db
    .insertInto('platform_channel_app')
    .values({ type: row.type, ...values })
    .onConflict((conflict) => conflict.column('type').doUpdateSet(values))
    .execute();
};

/* The platform apps' own tokens (WeChat's verify ticket, component access token), sealed. */

export const findPlatformToken = (db: Executor, name: string) =>
  db
    .selectFrom('platform_channel_token')
    .select(['value_sealed', 'expires_at'])
    .where('name', '=', name)
    .executeTakeFirst();

export const upsertPlatformToken = async (
  db: Executor,
  row: { name: string; valueSealed: string; expiresAt: number },
): Promise<void> => {
  const values = { value_sealed: row.valueSealed, expires_at: row.expiresAt };
  await db
    .insertInto('platform_channel_token')
    .values({ name: row.name, ...values })
    .onConflict((conflict) => conflict.column('name').doUpdateSet(values))
    .execute();
};

export const deletePlatformToken = async (db: Executor, name: string): Promise<void> => {
  await db.deleteFrom('platform_channel_token').where('name', '=', name).execute();
};
