import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { InvoiceTable } from '../../../db/schema.js';

/* Invoice requests and the paid bills each covers (a bill in at most one live invoice). */

export type InvoiceRow = Selectable<InvoiceTable> & {
  oid: string;
  organization_name: string;
  sub_domain: string;
};

const selectInvoices = (db: Executor) =>
  db
    .selectFrom('invoice')
    .innerJoin('organization', 'organization.id', 'invoice.org_id')
    .selectAll('invoice')
    .select(['organization.oid', 'organization.name as organization_name', 'organization.sub_domain']);

export const insertInvoice = async (
  db: Executor,
  values: Insertable<InvoiceTable>,
  billIds: readonly number[],
): Promise<void> => {
  await db.insertInto('invoice').values(values).execute();
  const invoice = await db
    .selectFrom('invoice')
    .select('id')
    .where('ivid', '=', values.ivid)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invoice_bill')
    .values(billIds.map((billId) => ({ invoice_id: invoice.id, bill_id: billId, active: 1 })))
    .execute();
};

/** An invoice by its public id; scoped to `orgId` unless platform staff ask (null). */
export const findInvoice = (
  db: Executor,
  orgId: number | null,
  ivid: string,
): Promise<InvoiceRow | undefined> => {
  let query = selectInvoices(db).where('invoice.ivid', '=', ivid);
  if (orgId !== null) query = query.where('invoice.org_id', '=', orgId);
  return query.executeTakeFirst();
};

export type InvoiceFilter = { orgId?: number; subDomain?: string; state?: string };

export const pageInvoices = async (
  db: Executor,
  filter: InvoiceFilter,
  paging: { page: number; size: number },
) => {
  let base = db.selectFrom('invoice').innerJoin('organization', 'organization.id', 'invoice.org_id');
  if (filter.orgId !== undefined) base = base.where('invoice.org_id', '=', filter.orgId);
  if (filter.subDomain) base = base.where('organization.sub_domain', '=', filter.subDomain);
  if (filter.state) base = base.where('invoice.state', '=', filter.state);
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .selectAll('invoice')
      .select(['organization.oid', 'organization.name as organization_name', 'organization.sub_domain'])
      .orderBy('invoice.requested_at', 'desc')
      .orderBy('invoice.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows: rows as InvoiceRow[], total: Number(countRow.count) };
};

/** The bills of these invoices, by invoice id, oldest month first. */
export const findBillsOfInvoices = async (db: Executor, invoiceIds: readonly number[]) => {
  const byInvoice = new Map<number, { bid: string; period: string; totalCents: number }[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const rows = await db
    .selectFrom('invoice_bill')
    .innerJoin('bill', 'bill.id', 'invoice_bill.bill_id')
    .select(['invoice_bill.invoice_id', 'bill.bid', 'bill.period', 'bill.total_cents'])
    .where('invoice_bill.invoice_id', 'in', [...invoiceIds])
    .orderBy('bill.period')
    .execute();
  for (const row of rows) {
    const id = Number(row.invoice_id);
    byInvoice.set(id, [
      ...(byInvoice.get(id) ?? []),
      { bid: row.bid, period: row.period, totalCents: Number(row.total_cents) },
    ]);
  }
  return byInvoice;
};

/** The organisation's bills among `bids`, with whether each is in a live invoice already. */
export const findBillsForInvoice = (db: Executor, orgId: number, bids: readonly string[]) =>
  db
    .selectFrom('bill')
    .select((eb) => [
      'bill.id',
      'bill.bid',
      'bill.state',
      'bill.total_cents',
      eb
        .exists(
          eb
            .selectFrom('invoice_bill')
            .select('invoice_bill.bill_id')
            .whereRef('invoice_bill.bill_id', '=', 'bill.id')
            .where('invoice_bill.active', '=', 1),
        )
        .as('is_invoiced'),
    ])
    .where('bill.org_id', '=', orgId)
    .where('bill.bid', 'in', [...bids])
    .execute();

/** Decides a requested invoice; false when it was decided already. */
export const decideInvoice = async (
  db: Executor,
  id: number,
  decision:
    | { state: 'issued'; storageKey: string; by: number; at: number }
    | { state: 'rejected'; reason: string; by: number; at: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('invoice')
    .set({
      state: decision.state,
      storage_key: decision.state === 'issued' ? decision.storageKey : null,
      reject_reason: decision.state === 'rejected' ? decision.reason : null,
      decided_by: decision.by,
      decided_at: decision.at,
    })
    .where('id', '=', id)
    .where('state', '=', 'requested')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // A rejected invoice lets its bills go into another request.
  if (decision.state === 'rejected')
    await db.updateTable('invoice_bill').set({ active: 0 }).where('invoice_id', '=', id).execute();
  return true;
};

export const findRequesterLanguage = async (db: Executor, userId: number | null): Promise<string | null> => {
  if (userId === null) return null;
  const row = await db.selectFrom('user').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
};
