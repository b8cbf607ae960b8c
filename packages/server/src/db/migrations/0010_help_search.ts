import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 13: a skill group may offer a help-centre search in the widget before the chat starts
 * (flag 0/1, off by default).
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema
    .alterTable('workgroup')
    .addColumn('help_center_search', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};
