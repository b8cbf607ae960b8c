import { type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 15 (CRM and feedback, server): customers with tags, custom fields defined per
 * organisation, notes and saved list views; the visitor a customer was identified from
 * (`visitor.customer_id`); the organisation's sealed HMAC secret for signed identities; and
 * visitors' feedback with its reply and the ticket it became.
 *
 * `email` and `mobile` of a customer are stored normalised (lower-case, digits and a leading +)
 * so duplicate detection is an index lookup on both databases.
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
    .createTable('crm_field')
    .addColumn('id', idType, id)
    .addColumn('fid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON array of strings (select choices).
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('crm_field_org_key_uq', ['org_id', 'key'])
    .execute();

  await db.schema
    .createTable('customer')
    .addColumn('id', idType, id)
    .addColumn('cid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', idType, user)
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('web'))
    // The site's own user id of a signed identity; unique per organisation when set.
    .addColumn('external_id', 'text')
    // JSON object keyed by crm_field.key.
    .addColumn('custom_fields', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('first_contact_at', 'bigint')
    .addColumn('last_contact_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('customer_org_external_uq', ['org_id', 'external_id'])
    .execute();
  await db.schema
    .createIndex('customer_org_updated_idx')
    .on('customer')
    .columns(['org_id', 'updated_at'])
    .execute();
  await db.schema.createIndex('customer_org_email_idx').on('customer').columns(['org_id', 'email']).execute();
  await db.schema
    .createIndex('customer_org_mobile_idx')
    .on('customer')
    .columns(['org_id', 'mobile'])
    .execute();

  await db.schema
    .createTable('customer_tag')
    .addColumn('customer_id', idType, (c) => c.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_tag_pk', ['customer_id', 'tag'])
    .execute();
  await db.schema.createIndex('customer_tag_tag_idx').on('customer_tag').column('tag').execute();

  await db.schema
    .createTable('customer_note')
    .addColumn('id', idType, id)
    .addColumn('nid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('customer_id', idType, (c) => c.notNull().references('customer.id').onDelete('cascade'))
    .addColumn('author_id', idType, user)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('customer_note_customer_idx')
    .on('customer_note')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('customer_view')
    .addColumn('id', idType, id)
    .addColumn('view_id', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('user_id', idType, (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON of contract customerFilterSchema.
    .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_view_user_idx').on('customer_view').columns(['user_id']).execute();

  // The HMAC secret must be used again to verify signatures, so it is sealed (AES-256-GCM), not hashed.
  await db.schema
    .createTable('crm_identity')
    .addColumn('org_id', idType, (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('visitor')
    .addColumn('customer_id', idType, (c) => c.references('customer.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('visitor_customer_idx').on('visitor').column('customer_id').execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', idType, id)
    .addColumn('fid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, org)
    .addColumn('visitor_id', idType, (c) => c.references('visitor.id').onDelete('set null'))
    .addColumn('customer_id', idType, (c) => c.references('customer.id').onDelete('set null'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    // JSON array of attachment aids.
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('browser', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('replied_at', 'bigint')
    .addColumn('first_replied_at', 'bigint')
    .addColumn('replier_id', idType, user)
    .addColumn('closed_at', 'bigint')
    // The ticket module's public id of the ticket it became; no FK so either module can land first.
    .addColumn('ticket_id', 'text')
    .addColumn('converted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_org_created_idx')
    .on('feedback')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema.createIndex('feedback_visitor_idx').on('feedback').columns(['visitor_id']).execute();
  await db.schema.createIndex('feedback_customer_idx').on('feedback').columns(['customer_id']).execute();
};
