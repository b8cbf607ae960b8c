import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Security (issue 12): the sites an organisation allows to embed its chat page (JSON list of
 * origins; empty = any site), and the language a user last signed in with, so that mail sent on
 * their behalf (a sign-in attack warning) is in their language.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema
    .alterTable('organization')
    .addColumn('embed_sites', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('user').addColumn('language', 'text').execute();
};
