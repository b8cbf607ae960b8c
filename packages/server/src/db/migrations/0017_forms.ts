import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 16, forms and questionnaires: builder forms are `chat_form` rows of kind `survey` (the
 * pre-chat forms keep kind `prechat`), with a working copy on the row and each published version
 * frozen in `form_version`; `form_response` holds their answers (with the version answered and,
 * when given in a chat, the thread); `form_session` counts views, starts and where visitors stopped.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();
  const orgRef = (c: ColumnDefinitionBuilder) =>
    c.notNull().references('organization.id').onDelete('cascade');

  await db.schema
    .alterTable('chat_form')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('prechat'))
    .execute();
  await db.schema
    .alterTable('chat_form')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // JSON SurveySettings (contract form-builder.ts).
  await db.schema
    .alterTable('chat_form')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  // The live version (0: never published) and whether the working copy changed since.
  await db.schema
    .alterTable('chat_form')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('chat_form')
    .addColumn('is_changed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('chat_form').addColumn('published_at', 'bigint').execute();
  await db.schema
    .createIndex('chat_form_kind_idx')
    .on('chat_form')
    .columns(['org_id', 'kind', 'updated_at'])
    .execute();

  await db.schema
    .createTable('form_version')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, orgRef)
    .addColumn('form_id', idType, (c) => c.notNull().references('chat_form.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // JSON FormItem[] and SurveySettings as published.
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('form_version_form_version_uq', ['form_id', 'version'])
    .execute();

  await db.schema
    .createTable('form_response')
    .addColumn('id', idType, id)
    .addColumn('rid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, orgRef)
    .addColumn('form_id', idType, (c) => c.notNull().references('chat_form.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    // Set when the form was filled inside a conversation.
    .addColumn('thread_id', idType, (c) => c.references('thread.id').onDelete('set null'))
    // SHA-256 of the page's visitor cookie and of the address: one answer per visitor.
    .addColumn('visitor_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_hash', 'text', (c) => c.notNull().defaultTo(''))
    // JSON FormValues, only the items shown to the visitor.
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_response_form_idx')
    .on('form_response')
    .columns(['form_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('form_response_visitor_idx')
    .on('form_response')
    .columns(['form_id', 'visitor_hash'])
    .execute();
  await db.schema
    .createIndex('form_response_ip_idx')
    .on('form_response')
    .columns(['form_id', 'ip_hash'])
    .execute();

  await db.schema
    .createTable('form_session')
    .addColumn('id', idType, id)
    .addColumn('org_id', idType, orgRef)
    .addColumn('form_id', idType, (c) => c.notNull().references('chat_form.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    // The furthest item answered (its key), for drop-off.
    .addColumn('last_key', 'text')
    .addColumn('last_index', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('submitted_at', 'bigint')
    .addUniqueConstraint('form_session_visitor_uq', ['form_id', 'version', 'visitor_hash'])
    .execute();
  await db.schema
    .createIndex('form_session_form_idx')
    .on('form_session')
    .columns(['form_id', 'viewed_at'])
    .execute();
};
