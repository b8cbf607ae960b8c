import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 15, tickets from the widget: a skill group may offer "Leave a ticket" (flag 0/1, off by
 * default), and a ticket remembers the visitor who left it, so the widget can list "My tickets".
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .alterTable('workgroup')
    .addColumn('widget_ticket', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ticket')
    .addColumn('visitor_id', idType, (c) => c.references('visitor.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('ticket_visitor_idx')
    .on('ticket')
    .columns(['org_id', 'visitor_id', 'created_at'])
    .execute();
};
