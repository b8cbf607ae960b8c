import type { Insertable, Selectable } from 'kysely';
import type { DialectName, Executor } from '../../../db/database.js';
import type { BillTable } from '../../../db/schema.js';

/* Bills, and the organisation's wallet as bills read and renew it (the owner's user row). */

export type BillRow = Selectable<BillTable>;
export type BillWithOrganization = BillRow & { oid: string; organization_name: string; sub_domain: string };

const selectBills = (db: Executor) =>
  db
    .selectFrom('bill')
    .innerJoin('organization', 'organization.id', 'bill.org_id')
    .selectAll('bill')
    .select(['organization.oid', 'organization.name as organization_name', 'organization.sub_domain']);

export const insertBill = async (db: Executor, values: Insertable<BillTable>): Promise<void> => {
  await db.insertInto('bill').values(values).execute();
};

/** A bill by its public id; scoped to `orgId` unless platform staff ask (null). */
export const findBill = (
  db: Executor,
  orgId: number | null,
  bid: string,
): Promise<BillWithOrganization | undefined> => {
  let query = selectBills(db).where('bill.bid', '=', bid);
  if (orgId !== null) query = query.where('bill.org_id', '=', orgId);
  return query.executeTakeFirst();
};

export const findLiveBillOfPeriod = (db: Executor, orgId: number, period: string) =>
  db
    .selectFrom('bill')
    .select(['id', 'bid'])
    .where('org_id', '=', orgId)
    .where('period', '=', period)
    .where('state', '<>', 'void')
    .executeTakeFirst();

/** Marks an unpaid bill paid; false when it was not unpaid any more (paid twice, voided). */
export const markBillPaid = async (
  db: Executor,
  id: number,
  values: { paidBy: 'auto' | 'manual'; paidAt: number; renewedUntil: string | null },
): Promise<boolean> => {
  const result = await db
    .updateTable('bill')
    .set({
      state: 'paid',
      paid_by: values.paidBy,
      paid_at: values.paidAt,
      renewed_until: values.renewedUntil,
      updated_at: values.paidAt,
    })
    .where('id', '=', id)
    .where('state', '=', 'unpaid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const markBillVoid = async (
  db: Executor,
  id: number,
  reason: string,
  now: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('bill')
    .set({ state: 'void', void_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('state', '<>', 'void')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export type BillFilter = { orgId?: number; subDomain?: string; state?: string; period?: string };

export const pageBills = async (db: Executor, filter: BillFilter, paging: { page: number; size: number }) => {
  let base = db.selectFrom('bill').innerJoin('organization', 'organization.id', 'bill.org_id');
  if (filter.orgId !== undefined) base = base.where('bill.org_id', '=', filter.orgId);
  if (filter.subDomain) base = base.where('organization.sub_domain', '=', filter.subDomain);
  if (filter.state) base = base.where('bill.state', '=', filter.state);
  if (filter.period) base = base.where('bill.period', '=', filter.period);
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll('bill')
      .select(['organization.oid', 'organization.name as organization_name', 'organization.sub_domain'])
      .orderBy('bill.created_at', 'desc')
      .orderBy('bill.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows: rows as BillWithOrganization[], total: Number(countRow.count) };
};

/** The state of the invoice each bill is in: the live one, else the last rejected one. */
export const findInvoiceStatesOfBills = async (
  db: Executor,
  billIds: readonly number[],
): Promise<Map<number, string>> => {
  if (billIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_bill')
    .innerJoin('invoice', 'invoice.id', 'invoice_bill.invoice_id')
    .select(['invoice_bill.bill_id', 'invoice_bill.active', 'invoice.state'])
    .where('invoice_bill.bill_id', 'in', [...billIds])
    .orderBy('invoice.id')
    .execute();
  const live = new Map<number, string>();
  const rejected = new Map<number, string>();
  for (const row of rows) (row.active === 1 ? live : rejected).set(Number(row.bill_id), row.state);
  return new Map([...rejected, ...live]);
};

export const summarizeUnpaid = async (db: Executor, orgId: number) => {
  const row = await db
    .selectFrom('bill')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('total_cents').as('cents')])
    .where('org_id', '=', orgId)
    .where('state', '=', 'unpaid')
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), cents: Number(row.cents ?? 0) };
};

/** Organisations that existed before `createdBefore` and have no live bill for the month. */
export const listOrganizationsWithoutBill = (db: Executor, period: string, createdBefore: number) =>
  db
    .selectFrom('organization')
    .select(['organization.id', 'organization.oid', 'organization.name', 'organization.sub_domain'])
    .where('organization.created_at', '<', createdBefore)
    .where('organization.owner_user_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bill')
            .select('bill.id')
            .whereRef('bill.org_id', '=', 'organization.id')
            .where('bill.period', '=', period)
            .where('bill.state', '<>', 'void'),
        ),
      ),
    )
    .orderBy('organization.id')
    .execute();

export type Wallet = { ownerId: number; balanceCents: number; validity: string | null };

/**
 * The organisation's wallet: its owner account's balance and validity. Inside a transaction on
 * PostgreSQL the row is locked, so a charge decided on this balance cannot race another.
 */
export const findWallet = async (
  db: Executor,
  dialect: DialectName,
  orgId: number,
  options: { lock?: boolean } = {},
): Promise<Wallet | undefined> => {
  let query = db
    .selectFrom('user')
    .select(['user.id', 'user.balance_cents', 'user.validate_until_date'])
    .where('user.id', '=', (eb) =>
      eb.selectFrom('organization').select('organization.owner_user_id').where('organization.id', '=', orgId),
    );
  if (options.lock && dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? { ownerId: row.id, balanceCents: Number(row.balance_cents), validity: row.validate_until_date }
    : undefined;
};

/** Balances and validities of every organisation's owner, by organisation id. */
export const listWallets = async (db: Executor): Promise<Map<number, Wallet>> => {
  const rows = await db
    .selectFrom('organization')
    .innerJoin('user', 'user.id', 'organization.owner_user_id')
    .select(['organization.id as org_id', 'user.id', 'user.balance_cents', 'user.validate_until_date'])
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.org_id),
      { ownerId: row.id, balanceCents: Number(row.balance_cents), validity: row.validate_until_date },
    ]),
  );
};

export const setValidity = async (
  db: Executor,
  ownerId: number,
  validity: string,
  now: number,
): Promise<void> => {
  await db
    .updateTable('user')
    .set({ validate_until_date: validity, updated_at: now })
    .where('id', '=', ownerId)
    .execute();
};
