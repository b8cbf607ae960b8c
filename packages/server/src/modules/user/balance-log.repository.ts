import type { LedgerKind } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';

/** The platform's renew/balance/validity changes and the billing ledger's movements (issue 20). */
export type BalanceLogKind = LedgerKind;

export type NewBalanceLog = {
  orgId: number;
  userId: number;
  operatorId: number | null;
  kind: BalanceLogKind;
  amountCents: number;
  balanceAfterCents: number;
  validateUntilDate: string | null;
  description: string;
  /** The order or bill number the movement came from. */
  reference?: string | null;
  now: number;
};

export const insertBalanceLog = async (db: Executor, log: NewBalanceLog): Promise<void> => {
  await db
    .insertInto('balance_log')
    .values({
      org_id: log.orgId,
      user_id: log.userId,
      operator_id: log.operatorId,
      kind: log.kind,
      amount_cents: log.amountCents,
      balance_after_cents: log.balanceAfterCents,
      validate_until_date: log.validateUntilDate,
      description: log.description,
      reference: log.reference ?? null,
      created_at: log.now,
    })
    .execute();
};

/** One account's ledger, newest first; the account was resolved (and its organisation) by the caller. */
export const pageBalanceLogsOfUser = async (
  db: Executor,
  orgId: number,
  userId: number,
  paging: { page: number; size: number },
) => {
  const base = db
    .selectFrom('balance_log')
    .where('balance_log.org_id', '=', orgId)
    .where('balance_log.user_id', '=', userId);
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
        'balance_log.created_at',
        'operator.username as operator',
      ])
      .orderBy('balance_log.created_at', 'desc')
      .orderBy('balance_log.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};
