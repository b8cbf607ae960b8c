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
