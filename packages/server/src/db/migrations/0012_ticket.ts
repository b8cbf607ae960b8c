import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 15 (tickets, server): tickets with a readable number per organisation (`ticket_counter`,
 * taken by a conditional increment inside the creating transaction), watchers, comments (public
 * replies and internal notes), an append-only activity log of field changes, SLA policies per
 * priority, templates, colleagues' notices (mentions, assignments, replies), the per-organisation
 * inbound-mail secret (hash only) and the thread's link to the ticket made from it.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();
  const org = (c: ColumnDefinitionBuilder) => c.notNull().references('organization.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('user.id').onDelete('set null');

  await db.schema
    .createTable('ticket_counter')
    .addColumn('org_id', idType, (c) => org(c).primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('ticket')
    .addColumn('id', idType, id)
    .addColumn('tkid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    // 0 = lowest … 5 = critical, for sorting by priority.
    .addColumn('priority_rank', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('category_id', idType, (c) => c.references('category.id').onDelete('set null'))
    .addColumn('workgroup_id', idType, (c) => c.references('workgroup.id').onDelete('set null'))
    .addColumn('assignee_id', idType, user)
    .addColumn('reporter_id', idType, user)
    // The CRM customer's public id; no FK so the CRM can land independently.
    .addColumn('customer_id', 'text')
    .addColumn('thread_id', idType, (c) => c.references('thread.id').onDelete('set null'))
    .addColumn('feedback_id', 'text')
    // JSON arrays / objects.
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('{}'))
    // Random token in the Reply-To address of its mails; not a credential (every mail shows it).
    .addColumn('reply_token', 'text', (c) => c.notNull().unique())
    .addColumn('due_at', 'bigint')
    .addColumn('first_response_due_at', 'bigint')
    .addColumn('resolution_due_at', 'bigint')
    .addColumn('first_responded_at', 'bigint')
    .addColumn('first_response_breached', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resolution_breached', 'integer', (c) => c.notNull().defaultTo(0))
    // The nearest open target (SLA or due date), null when none: "due soon" sorting and overdue.
    .addColumn('next_due_at', 'bigint')
    .addColumn('resolved_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ticket_org_number_uq', ['org_id', 'number'])
    .execute();
  await db.schema
    .createIndex('ticket_org_created_idx')
    .on('ticket')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema.createIndex('ticket_org_status_idx').on('ticket').columns(['org_id', 'status']).execute();
  await db.schema
    .createIndex('ticket_org_assignee_idx')
    .on('ticket')
    .columns(['org_id', 'assignee_id'])
    .execute();
  await db.schema
    .createIndex('ticket_org_reporter_idx')
    .on('ticket')
    .columns(['org_id', 'reporter_id'])
    .execute();
  await db.schema.createIndex('ticket_org_due_idx').on('ticket').columns(['org_id', 'next_due_at']).execute();
  await db.schema.createIndex('ticket_thread_idx').on('ticket').column('thread_id').execute();
  // The CRM's timeline and merge read tickets by customer.
  await db.schema
    .createIndex('ticket_org_customer_idx')
    .on('ticket')
    .columns(['org_id', 'customer_id'])
    .execute();

  await db.schema
    .createTable('ticket_watcher')
    .addColumn('ticket_id', idType, (c) => c.notNull().references('ticket.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_watcher_pk', ['ticket_id', 'user_id'])
    .execute();
  await db.schema.createIndex('ticket_watcher_user_idx').on('ticket_watcher').column('user_id').execute();

  await db.schema
    .createTable('ticket_comment')
    .addColumn('id', idType, id)
    .addColumn('cmid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('ticket_id', idType, (c) => c.notNull().references('ticket.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('author_id', idType, user)
    .addColumn('author_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('via', 'text', (c) => c.notNull())
    // JSON arrays: mentioned user ids, attachments.
    .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('emailed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_comment_ticket_idx')
    .on('ticket_comment')
    .columns(['ticket_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('ticket_activity')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, org)
    .addColumn('ticket_id', idType, (c) => c.notNull().references('ticket.id').onDelete('cascade'))
    .addColumn('actor_id', idType, user)
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_activity_ticket_idx')
    .on('ticket_activity')
    .columns(['ticket_id', 'id'])
    .execute();

  await db.schema
    .createTable('ticket_sla_policy')
    .addColumn('org_id', idType, org)
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('first_response_minutes', 'integer', (c) => c.notNull())
    .addColumn('resolution_minutes', 'integer', (c) => c.notNull())
    .addColumn('warn_minutes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ticket_sla_policy_pk', ['org_id', 'priority'])
    .execute();

  await db.schema
    .createTable('ticket_template')
    .addColumn('id', idType, id)
    .addColumn('ttid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('preset', 'text', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ticket_template_org_name_uq', ['org_id', 'name'])
    .execute();

  await db.schema
    .createTable('ticket_notice')
    .addColumn('id', idType, id)
    .addColumn('nid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ticket_id', idType, (c) => c.notNull().references('ticket.id').onDelete('cascade'))
    .addColumn('actor_id', idType, user)
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_notice_user_idx')
    .on('ticket_notice')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('ticket_inbound')
    .addColumn('org_id', idType, (c) => org(c).primaryKey())
    // SHA-256 of the secret (32 random bytes, so a fast hash is enough).
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  // The ticket most recently made from the conversation (no FK: SQLite cannot add one here).
  await db.schema.alterTable('thread').addColumn('ticket_id', idType).execute();
};
