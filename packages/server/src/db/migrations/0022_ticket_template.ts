import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 15: a ticket remembers the template it was made from, so that its custom fields are
 * checked on every update as they were on create. Deleting the template leaves the ticket's
 * values and stops the checks.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('ticket')
    .addColumn('template_id', idType, (c) => c.references('ticket_template.id').onDelete('set null'))
    .execute();
};
