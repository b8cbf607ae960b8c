import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Voice and video calls (issue 21). The state lives in the database so that every node agrees on
 * who is busy and a ring's timeout or hang-up is one conditional update, whichever node runs it.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  // Which skill groups allow calls (flag 0/1, off by default).
  await db.schema
    .alterTable('workgroup')
    .addColumn('allow_call', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('call')
    .addColumn('id', idType, id)
    .addColumn('cid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('thread_id', idType, (c) => c.notNull().references('thread.id').onDelete('cascade'))
    .addColumn('visitor_id', idType, (c) => c.notNull())
    .addColumn('agent_id', idType, (c) => c.notNull())
    /** audio or video. */
    .addColumn('media', 'text', (c) => c.notNull())
    /** visitor or agent: who rang. */
    .addColumn('caller', 'text', (c) => c.notNull())
    /** ringing, active, ended. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    /** visitor, agent or system (timeouts, disconnects). */
    .addColumn('ended_by', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  // At most one ringing or active call per agent and per visitor, even when two nodes start calls
  // at the same moment: the second insert fails and the caller hears "busy".
  await sql`create unique index call_agent_live_idx on call (agent_id) where state <> 'ended'`.execute(db);
  await sql`create unique index call_visitor_live_idx on call (visitor_id) where state <> 'ended'`.execute(
    db,
  );
  await db.schema.createIndex('call_thread_idx').on('call').columns(['thread_id']).execute();
};
