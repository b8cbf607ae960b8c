import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { createPublicId } from '../../lib/ids.js';
import type { DialectName } from '../database.js';

/**
 * Issue 20, plans and bills: the platform's price lists, which plan each organisation is on (its
 * add-ons, auto-pay and the warnings already sent), the daily usage that bills are computed from,
 * the monthly bills (one live bill per organisation and month), and invoices for paid bills (a bill
 * in at most one invoice that was not rejected). A default plan is seeded so that existing installs
 * have one; it is free until platform staff price it, so nobody is billed by the upgrade itself.
 */
export const up = async (db: Kysely<unknown>, dialect: DialectName): Promise<void> => {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = (column: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? column.generatedByDefaultAsIdentity().primaryKey()
      : column.autoIncrement().primaryKey();

  await db.schema
    .createTable('plan')
    .addColumn('id', idType, id)
    .addColumn('pid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('monthly_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('included_seats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seat_monthly_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('included_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('token_million_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    /** JSON array of { code, name, monthlyCents }. */
    .addColumn('add_ons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_billing')
    .addColumn('org_id', idType, (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    /** A plan with organisations on it cannot be deleted. */
    .addColumn('plan_id', idType, (c) => c.references('plan.id'))
    /** JSON array of the plan's add-on codes switched on. */
    .addColumn('add_ons', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('auto_pay', 'integer', (c) => c.notNull().defaultTo(1))
    /** `<validity>:<days>` of the last expiry warning sent, so each is sent once. */
    .addColumn('expiry_warning', 'text')
    /** The month (YYYY-MM) whose low-balance warning was sent. */
    .addColumn('balance_warning', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('org_billing_plan_idx').on('org_billing').column('plan_id').execute();

  await db.schema
    .createTable('usage_day')
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    /** YYYY-MM-DD (UTC, like llm_usage). */
    .addColumn('day', 'text', (c) => c.notNull())
    /** The day's peak of enabled person accounts (agents and admins, robots excluded). */
    .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usage_day_pk', ['org_id', 'day'])
    .execute();

  await db.schema
    .createTable('bill')
    .addColumn('id', idType, id)
    .addColumn('bid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    /** YYYY-MM. */
    .addColumn('period', 'text', (c) => c.notNull())
    /** JSON array of contract BillLine. */
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    /** unpaid, paid, void. */
    .addColumn('state', 'text', (c) => c.notNull())
    /** auto or manual. */
    .addColumn('paid_by', 'text')
    .addColumn('paid_at', 'bigint')
    .addColumn('renewed_until', 'text')
    .addColumn('void_reason', 'text')
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One live bill per organisation and month: the monthly run may repeat (restarts, several nodes).
  await db.schema
    .createIndex('bill_org_period_uq')
    .on('bill')
    .columns(['org_id', 'period'])
    .unique()
    .where(sql.ref('state'), '<>', 'void')
    .execute();
  await db.schema.createIndex('bill_org_idx').on('bill').columns(['org_id', 'created_at']).execute();
  await db.schema.createIndex('bill_created_idx').on('bill').column('created_at').execute();

  await db.schema
    .createTable('invoice')
    .addColumn('id', idType, id)
    .addColumn('ivid', 'text', (c) => c.notNull().unique())
    .addColumn('org_id', idType, (c) => c.notNull().references('organization.id').onDelete('cascade'))
    .addColumn('requested_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('tax_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** requested, issued, rejected. */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    /** lib/storage key of the issued PDF. */
    .addColumn('storage_key', 'text')
    .addColumn('decided_by', idType, (c) => c.references('user.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint')
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invoice_org_idx').on('invoice').columns(['org_id', 'requested_at']).execute();
  await db.schema.createIndex('invoice_requested_idx').on('invoice').column('requested_at').execute();

  await db.schema
    .createTable('invoice_bill')
    .addColumn('invoice_id', idType, (c) => c.notNull().references('invoice.id').onDelete('cascade'))
    .addColumn('bill_id', idType, (c) => c.notNull().references('bill.id').onDelete('cascade'))
    /** 1 while the invoice is requested or issued; 0 once rejected (the bill may be asked for again). */
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('invoice_bill_pk', ['invoice_id', 'bill_id'])
    .execute();
  await db.schema
    .createIndex('invoice_bill_active_uq')
    .on('invoice_bill')
    .column('bill_id')
    .unique()
    .where(sql.ref('active'), '=', 1)
    .execute();

  const now = Date.now();
  await db
    .insertInto('plan' as never)
    .values({
      pid: createPublicId(),
      name: 'Standard',
      description: '',
      monthly_cents: 0,
      included_seats: 0,
      seat_monthly_cents: 0,
      included_tokens: 0,
      token_million_cents: 0,
      add_ons: '[]',
      enabled: 1,
      is_default: 1,
      created_at: now,
      updated_at: now,
    } as never)
    .execute();
};
