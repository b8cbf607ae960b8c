import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * The product the visitor's page last reported (issue 21), as JSON checked by the contract's
 * commodityCardSchema; '' when none. Pinned above the conversation in the workbench.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema
    .alterTable('thread')
    .addColumn('commodity', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
};
