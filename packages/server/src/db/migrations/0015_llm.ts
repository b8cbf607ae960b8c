import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 14, large-model answers: providers over the OpenAI-compatible protocol (their API keys
 * sealed, lib/sealed.ts), which provider each zhipuai_* robot uses, a daily token limit per
 * organisation and the tokens used per day.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();
  await db.schema
    .createTable('llm_provider')
    .addColumn('id', idType, id)
    .addColumn('pid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('api_key_sealed', 'text', (c) => c.notNull())
    /** The key's last four characters, to tell keys apart; the key itself is never sent back. */
    .addColumn('api_key_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('llm_provider_org_idx').on('llm_provider').column('org_id').execute();
  await db.schema
    .createTable('llm_robot')
    .addColumn('user_id', idType, (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('provider_id', idType, (c) => c.notNull().references('llm_provider.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('llm_setting')
    .addColumn('org_id', idType, (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    /** Tokens per UTC day for the whole organisation; 0 = no large-model answers. */
    .addColumn('daily_token_limit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('llm_usage')
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    /** UTC day, YYYY-MM-DD. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('llm_usage_pk', ['org_id', 'day'])
    .execute();
};
