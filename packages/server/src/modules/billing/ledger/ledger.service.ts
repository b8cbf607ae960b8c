import {
  toPage,
  type balanceAdjustBodySchema,
  type LedgerEntry,
  type LedgerKind,
  type ledgerQuerySchema,
  type Page,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import type { Principal } from '../../auth/auth.service.js';
import { insertBalanceLog } from '../../user/balance-log.repository.js';
import {
  addToBalance,
  findBalanceOfUser,
  findOrganizationBySubDomain,
  findOwnerUserId,
  pageLedger,
  type LedgerRow,
} from './ledger.repository.js';

export type BalanceMove = {
  orgId: number;
  kind: LedgerKind;
  /** Signed: credits are positive, debits negative. Whole cents. */
  amountCents: number;
  /** The order or bill number the movement comes from. */
  reference: string | null;
  description: string;
  /** Who made it (platform staff, the paying user); null for the system (notifications, jobs). */
  operatorId: number | null;
  /** Lets a debit take the balance below zero (a bill that must be recorded even when unpaid). */
  allowNegative?: boolean;
  /** Sets the validity in the same update (YYYY-MM-DD, null: no expiry); left as it is when absent. */
  validateUntilDate?: string | null;
  now?: number;
};

export type BalanceMoveResult = { balanceAfterCents: number; validateUntilDate: string | null };

const yuan = (cents: number): string => (cents / 100).toFixed(2);

/**
 * Moves an organisation's balance and writes its ledger row, inside the caller's transaction (pass
 * the transaction as `db`). The balance changes in one atomic UPDATE … RETURNING, so concurrent
 * recharges and charges never lose one another and the ledger's movements always sum to the
 * balance. A debit that would go below zero is refused (409 billing.insufficientBalance) and
 * changes nothing, unless `allowNegative`.
 */
export const moveBalance = async (db: Executor, move: BalanceMove): Promise<BalanceMoveResult> => {
  if (!Number.isSafeInteger(move.amountCents))
    throw new Error(`moveBalance: amountCents must be whole cents, got ${move.amountCents}`);
  const ownerId = await findOwnerUserId(db, move.orgId);
  if (ownerId === null) throw AppError.notFound('billing.noOwner');
  const now = move.now ?? Date.now();
  const isGuarded = move.amountCents < 0 && !move.allowNegative;
  const row = await addToBalance(db, ownerId, {
    amountCents: move.amountCents,
    floorCents: isGuarded ? 0 : null,
    validateUntilDate: move.validateUntilDate,
    now,
  });
  if (!row) {
    const balance = await findBalanceOfUser(db, ownerId);
    throw AppError.conflict('billing.insufficientBalance', {
      params: { balance: yuan(balance), amount: yuan(-move.amountCents) },
    });
  }
  await insertBalanceLog(db, {
    orgId: move.orgId,
    userId: ownerId,
    operatorId: move.operatorId,
    kind: move.kind,
    amountCents: move.amountCents,
    balanceAfterCents: row.balance_cents,
    validateUntilDate: row.validate_until_date,
    description: move.description,
    reference: move.reference,
    now,
  });
  return { balanceAfterCents: row.balance_cents, validateUntilDate: row.validate_until_date };
};

const toLedgerEntry = (row: LedgerRow, withOrganization: boolean): LedgerEntry => ({
  kind: row.kind as LedgerKind,
  amountCents: row.amount_cents,
  balanceAfterCents: row.balance_after_cents,
  validateUntilDate: row.validate_until_date,
  description: row.description,
  reference: row.reference,
  operator: row.operator,
  createdAt: row.created_at,
  ...(withOrganization
    ? { organization: { oid: row.oid, name: row.organization_name, subDomain: row.sub_domain } }
    : {}),
});

export type LedgerService = ReturnType<typeof createLedgerService>;

/** The ledger's lists and the platform's manual credit and debit. */
export const createLedgerService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /** The caller's organisation only; `subDomain` is ignored here. */
  const pageOwn = async (
    principal: Principal,
    query: z.output<typeof ledgerQuerySchema>,
  ): Promise<Page<LedgerEntry>> => {
    const result = await pageLedger(db, { orgId: principal.orgId, kind: query.kind }, query);
    return toPage(
      result.rows.map((row) => toLedgerEntry(row, false)),
      result.total,
      query,
    );
  };

  /** Platform staff: every organisation's wallet, or one by sub-domain. */
  const pageAll = async (query: z.output<typeof ledgerQuerySchema>): Promise<Page<LedgerEntry>> => {
    const result = await pageLedger(db, { subDomain: query.subDomain, kind: query.kind }, query);
    return toPage(
      result.rows.map((row) => toLedgerEntry(row, true)),
      result.total,
      query,
    );
  };

  /** Platform staff credit or debit a balance with a reason; a debit never takes it below zero. */
  const adjust = async (
    principal: Principal,
    body: z.output<typeof balanceAdjustBodySchema>,
  ): Promise<LedgerEntry> => {
    const organization = await findOrganizationBySubDomain(db, body.subDomain);
    if (!organization) throw AppError.notFound('billing.organizationNotFound', { subDomain: body.subDomain });
    const time = now();
    const amountCents = body.direction === 'credit' ? body.amountCents : -body.amountCents;
    const result = await db.transaction().execute((trx) =>
      moveBalance(trx, {
        orgId: organization.id,
        kind: body.direction,
        amountCents,
        reference: null,
        description: body.reason,
        operatorId: principal.userId,
        now: time,
      }),
    );
    return {
      kind: body.direction,
      amountCents,
      balanceAfterCents: result.balanceAfterCents,
      validateUntilDate: result.validateUntilDate,
      description: body.reason,
      reference: null,
      operator: principal.username,
      createdAt: time,
      organization: { oid: organization.oid, name: organization.name, subDomain: organization.sub_domain },
    };
  };

  return { pageOwn, pageAll, adjust };
};
