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
