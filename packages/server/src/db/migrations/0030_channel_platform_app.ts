import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Accounts connected through the platform's own app (Shopee, Lazada partner apps, WeChat's
 * third-party platform): the platform calls one push address for every shop, and
 * `platform_tenant` (the shop, seller or official account the grant named) finds the account a
 * push belongs to. `platform_channel_token` keeps the platform apps' own tokens (WeChat's verify
 * ticket and component access token), sealed, for every node.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema.alterTable('channel_account').addColumn('platform_tenant', 'text').execute();
  await db.schema
    .createIndex('channel_account_platform_tenant_idx')
    .on('channel_account')
    .columns(['type', 'platform_tenant'])
    .execute();
  await db.schema
    .createTable('platform_channel_token')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value_sealed', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
};
