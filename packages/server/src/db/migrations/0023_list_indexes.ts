import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 18: every list query uses an index (db/query-plans.test.ts EXPLAINs each list route).
 * Tenant-first composites in the order the lists filter and sort, so a page is read from the
 * index in order instead of sorting all of an organisation's rows, and the foreign keys that
 * list subqueries look up by (which scanned whole tables before).
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  // Records → sessions filtered by status, group or agent, newest first. (org_id, status, …) also
  // serves everything the two-column index did, so that one goes: one index less per write.
  await db.schema
    .createIndex('thread_org_status_created_idx')
    .on('thread')
    .columns(['org_id', 'status', 'created_at'])
    .execute();
  await db.schema.dropIndex('thread_org_status_idx').execute();
  await db.schema
    .createIndex('thread_org_workgroup_created_idx')
    .on('thread')
    .columns(['org_id', 'workgroup_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('thread_org_agent_created_idx')
    .on('thread')
    .columns(['org_id', 'agent_id', 'created_at'])
    .execute();
  // "My conversations": the threads a user joined (the primary key starts with thread_id).
  await db.schema
    .createIndex('thread_member_user_idx')
    .on('thread_member')
    .columns(['user_id', 'thread_id'])
    .execute();
  // A thread row's "left a message" flag looks up the groups handing over to its group.
  await db.schema
    .createIndex('workgroup_on_duty_idx')
    .on('workgroup')
    .column('on_duty_workgroup_id')
    .execute();
  // Forms → surveys filtered by use: the groups and defaults using each form.
  await db.schema
    .createIndex('workgroup_prechat_form_idx')
    .on('workgroup')
    .column('prechat_form_id')
    .execute();
  await db.schema
    .createIndex('workgroup_afterchat_form_idx')
    .on('workgroup')
    .column('afterchat_form_id')
    .execute();
  await db.schema.createIndex('form_default_form_idx').on('form_default').column('form_id').execute();
  // Leave messages without a status filter, newest first (the status index cannot give that order).
  await db.schema
    .createIndex('leave_message_org_created_idx')
    .on('leave_message')
    .columns(['org_id', 'created_at'])
    .execute();
};
