import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 18: a visitor's conversations, newest first (GET /api/thread/visitor, the workbench's visitor
 * panel). Without it SQLite walked the whole organisation by (org_id, …) and sorted: 36 ms at
 * 100,000 threads against 0.1 ms, growing with the organisation rather than with the visitor.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema
    .createIndex('thread_org_visitor_updated_idx')
    .on('thread')
    .columns(['org_id', 'visitor_id', 'updated_at'])
    .execute();
};
