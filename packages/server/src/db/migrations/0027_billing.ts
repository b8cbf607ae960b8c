import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/**
 * Issue 20, recharges: orders paid with WeChat Pay or Alipay (a provider's transaction credits at
 * most one order, once), their refunds, promotion codes (one use per organisation), the platform's
 * announcements, and the order or bill number a balance movement came from.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('promotion')
    .addColumn('id', idType, id)
    .addColumn('prid', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    /** percent or amount. */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('min_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('usage_limit', 'integer')
    /** Uses taken, kept beside the limit so one conditional UPDATE holds the limit under concurrency. */
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recharge_order')
    .addColumn('id', idType, id)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    /** Who placed it (null once that account is deleted). */
    .addColumn('user_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('pay_cents', 'bigint', (c) => c.notNull())
    .addColumn('discount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('promotion_id', idType, (c) => c.references('promotion.id').onDelete('set null'))
    /** pending, paid, closed, refunded. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('code_url', 'text')
    .addColumn('pay_url', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('paid_at', 'bigint')
    .addColumn('refunded_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    /** Why a notification was not credited (the paid amount differed), for platform staff. */
    .addColumn('flag', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One provider transaction credits one order: replays and races meet this index.
  await db.schema
    .createIndex('recharge_order_transaction_uq')
    .on('recharge_order')
    .column('transaction_id')
    .unique()
    .where(sql.ref('transaction_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('recharge_order_org_idx')
    .on('recharge_order')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('recharge_order_created_idx')
    .on('recharge_order')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('recharge_order_pending_idx')
    .on('recharge_order')
    .columns(['state', 'expires_at'])
    .execute();

  await db.schema
    .createTable('recharge_refund')
    .addColumn('id', idType, id)
    .addColumn('out_refund_no', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', idType, (c) => c.notNull().references('recharge_order.id').onDelete('cascade'))
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** What the refund took from the balance (the credited share of the refunded money). */
    .addColumn('debit_cents', 'bigint', (c) => c.notNull())
    /** processing, success, closed, abnormal. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('operator_id', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('refund_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recharge_refund_order_idx').on('recharge_refund').column('order_id').execute();

  await db.schema
    .createTable('promotion_use')
    .addColumn('promotion_id', idType, (c) => c.notNull().references('promotion.id').onDelete('cascade'))
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('order_id', idType, (c) => c.references('recharge_order.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_use_pk', ['promotion_id', 'org_id'])
    .execute();

  await db.schema
    .createTable('announcement')
    .addColumn('id', idType, id)
    .addColumn('anid', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    /** Sanitised HTML. */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('on_login_page', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  /** The order or bill number a movement came from. */
  await db.schema.alterTable('balance_log').addColumn('reference', 'text').execute();
  await db.schema
    .createIndex('balance_log_org_idx')
    .on('balance_log')
    .columns(['org_id', 'created_at'])
    .execute();
};
