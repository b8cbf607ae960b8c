import type { LedgerKind } from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';

/** The account that holds an organisation's balance (spec §3: the owner's user row). */
export const findOwnerUserId = async (db: Executor, orgId: number): Promise<number | null> => {
  const row = await db
    .selectFrom('organization')
    .select('owner_user_id')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return row?.owner_user_id ?? null;
};

export const findBalanceOfUser = async (db: Executor, userId: number): Promise<number> => {
  const row = await db.selectFrom('user').select('balance_cents').where('id', '=', userId).executeTakeFirst();
  return row?.balance_cents ?? 0;
};

/**
 * Adds `amountCents` (signed) to the balance in one statement, so concurrent movements never lose
 * each other's updates. With `floorCents` set, a movement that would take the balance below it
 * changes nothing and answers undefined.
 */
export const addToBalance = async (
  db: Executor,
  userId: number,
  change: {
    amountCents: number;
    floorCents: number | null;
    /** Also sets the validity (a paid bill renewing the organisation). */
    validateUntilDate?: string | null;
    now: number;
  },
): Promise<{ balance_cents: number; validate_until_date: string | null } | undefined> => {
  let query = db
    .updateTable('user')
    .set((eb) => ({
      balance_cents: eb('balance_cents', '+', change.amountCents),
      ...(change.validateUntilDate !== undefined ? { validate_until_date: change.validateUntilDate } : {}),
      updated_at: change.now,
    }))
    .where('id', '=', userId);
  if (change.floorCents !== null)
    query = query.where('balance_cents', '>=', change.floorCents - change.amountCents);
  return query.returning(['balance_cents', 'validate_until_date']).executeTakeFirst();
};

export type LedgerFilter = {
  /** One organisation (the caller's, or the platform's sub-domain filter resolved to it). */
  orgId?: number;
  subDomain?: string;
  kind?: LedgerKind;
};

/**
 * Ledger rows of organisations' wallets (the owner's account), newest first. Movements of other
 * accounts (a platform change of an agent's balance) are not the organisation's wallet.
 */
export const pageLedger = async (
  db: Executor,
  filter: LedgerFilter,
  paging: { page: number; size: number },
) => {
  let base = db
    .selectFrom('balance_log')
    .innerJoin('organization', (join) =>
      join
        .onRef('organization.id', '=', 'balance_log.org_id')
        .onRef('organization.owner_user_id', '=', 'balance_log.user_id'),
    );
  if (filter.orgId !== undefined) base = base.where('balance_log.org_id', '=', filter.orgId);
  if (filter.subDomain) base = base.where('organization.sub_domain', '=', filter.subDomain);
  if (filter.kind) base = base.where('balance_log.kind', '=', filter.kind);
  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .leftJoin('user as operator', 'operator.id', 'balance_log.operator_id')
      .select([
        'balance_log.kind',
        'balance_log.amount_cents',
        'balance_log.balance_after_cents',
        'balance_log.validate_until_date',
        'balance_log.description',
        'balance_log.reference',
        'balance_log.created_at',
        'operator.username as operator',
        'organization.oid',
        'organization.name as organization_name',
        'organization.sub_domain',
      ])
      .orderBy('balance_log.created_at', 'desc')
      .orderBy('balance_log.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};

export type LedgerRow = Awaited<ReturnType<typeof pageLedger>>['rows'][number];

export const findOrganizationBySubDomain = async (db: Executor, subDomain: string) =>
  db
    .selectFrom('organization')
    .select(['id', 'oid', 'name', 'sub_domain', 'owner_user_id'])
    .where('sub_domain', '=', subDomain)
    .executeTakeFirst();
