import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * A message's card (issue 21): a link's preview, a shared location or a product, as JSON checked by
 * the contract's messageCardSchema; '' when the message has none.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema
    .alterTable('message')
    .addColumn('card', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
};
