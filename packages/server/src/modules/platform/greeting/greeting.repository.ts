import type { Executor } from '../../../db/database.js';

/* Kysely queries of the platform's default skill-group tips: one row per language. */

export const findPlatformGreeting = (db: Executor, language: string) =>
  db
    .selectFrom('platform_greeting')
    .select(['language', 'tips', 'updated_at'])
    .where('language', '=', language)
    .executeTakeFirst();

export const listPlatformGreetings = (db: Executor) =>
  db.selectFrom('platform_greeting').select(['language', 'tips', 'updated_at']).execute();

export const savePlatformGreeting = async (
  db: Executor,
  row: { language: string; tips: string; userId: number; now: number },
): Promise<void> => {
  await db
    .insertInto('platform_greeting')
    .values({ language: row.language, tips: row.tips, updated_by: row.userId, updated_at: row.now })
    .onConflict((conflict) =>
      conflict
        .column('language')
        .doUpdateSet({ tips: row.tips, updated_by: row.userId, updated_at: row.now }),
    )
    .execute();
};
