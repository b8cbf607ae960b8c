import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Accounts connected through the platform's own app (Shopee, Lazada partner apps): the platform
 * calls one push address for every shop, and `platform_tenant` (the shop or seller id the grant
 * named) finds the account a push belongs to.
 */
export const up = async (db: Kysely<unknown>, _dialect: DialectName): Promise<void> => {
  await db.schema.alterTable('channel_account').addColumn('platform_tenant', 'text').execute();
  await db.schema
    .createIndex('channel_account_platform_tenant_idx')
    .on('channel_account')
    .columns(['type', 'platform_tenant'])
    .execute();
};
