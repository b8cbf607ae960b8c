import type { Executor } from '../../db/database.js';

/*
 * TICKET INTEGRATION HOOK of the CRM. The ticket module (migration 0012) keeps the CRM
 * customer's public id in `ticket.customer_id` (text, no foreign key). The CRM only reads and
 * re-points those rows: a merge moves the source's tickets to the target in the merge's
 * transaction, and the timeline lists them. Keep in sync with the ticket table's columns.
 */

/** Points the tickets of one customer (by cid) at another; returns how many moved. */
export const moveTicketsToCustomer = async (
  trx: Executor,
  orgId: number,
  fromCid: string,
  toCid: string,
): Promise<number> => {
  const result = await trx
    .updateTable('ticket')
    .set({ customer_id: toCid })
    .where('org_id', '=', orgId)
    .where('customer_id', '=', fromCid)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** The customer's tickets for the timeline, newest first. */
export const listTicketsOfCustomer = (db: Executor, orgId: number, cid: string, limit: number) =>
  db
    .selectFrom('ticket')
    .select(['tkid', 'number', 'title', 'status', 'created_at'])
    .where('org_id', '=', orgId)
    .where('customer_id', '=', cid)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/**
 * Deleting customers unlinks their tickets (in the deletion's transaction) rather than leaving
 * them pointing at a cid that no longer exists: `customer_id` becomes null and each ticket's
 * activity log gets a `customerId` change whose old value names the deleted customer, so the
 * history still says who it was. Returns how many tickets were unlinked.
 */
export const unlinkTicketsOfCustomers = async (
  trx: Executor,
  orgId: number,
  customers: readonly { cid: string; name: string }[],
  actorId: number | null,
  at: number,
): Promise<number> => {
  if (customers.length === 0) return 0;
  const nameOf = new Map(customers.map((customer) => [customer.cid, customer.name]));
  const tickets = await trx
    .selectFrom('ticket')
    .select(['id', 'customer_id'])
    .where('org_id', '=', orgId)
    .where('customer_id', 'in', [...nameOf.keys()])
    .execute();
  if (tickets.length === 0) return 0;
  await trx
    .updateTable('ticket')
    .set({ customer_id: null })
    .where('org_id', '=', orgId)
    .where(
      'id',
      'in',
      tickets.map((ticket) => ticket.id),
    )
    .execute();
  await trx
    .insertInto('ticket_activity')
    .values(
      tickets.map((ticket) => ({
        org_id: orgId,
        ticket_id: ticket.id,
        actor_id: actorId,
        field: 'customerId',
        old_value: `${nameOf.get(ticket.customer_id ?? '') ?? ''} (${ticket.customer_id ?? ''}, deleted)`,
        new_value: null,
        created_at: at,
      })),
    )
    .execute();
  return tickets.length;
};
