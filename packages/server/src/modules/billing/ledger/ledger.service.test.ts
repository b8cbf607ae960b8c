import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { createAccount, useTestApp, type TestAccount } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { moveBalance } from './ledger.service.js';

await describeEachDatabase('billing ledger: moveBalance', (target) => {
  const ctx = useTestApp(target, { build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });

  const balanceOf = async (account: TestAccount) =>
    (
      await ctx.database.db
        .selectFrom('user')
        .select('balance_cents')
        .where('id', '=', account.userId)
        .executeTakeFirstOrThrow()
    ).balance_cents;

  const ledgerOf = (account: TestAccount) =>
    ctx.database.db
      .selectFrom('balance_log')
      .selectAll()
      .where('org_id', '=', account.orgId)
      .orderBy('id')
      .execute();

  describe('one movement', () => {
    it('credits the owner account and writes the ledger row with its reference', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const result = await ctx.database.db.transaction().execute((trx) =>
        moveBalance(trx, {
          orgId: owner.orgId,
          kind: 'recharge',
          amountCents: 12_345,
          reference: 'R-1',
          description: 'top-up',
          operatorId: owner.userId,
        }),
      );
      expect(result).toEqual({ balanceAfterCents: 12_345, validateUntilDate: null });
      expect(await balanceOf(owner)).toBe(12_345);
      const rows = await ledgerOf(owner);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        user_id: owner.userId,
        kind: 'recharge',
        amount_cents: 12_345,
        balance_after_cents: 12_345,
        reference: 'R-1',
        description: 'top-up',
        operator_id: owner.userId,
      });
    });

    it('refuses a debit below zero and changes nothing, unless allowNegative', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const debit = (allowNegative: boolean) =>
        ctx.database.db.transaction().execute((trx) =>
          moveBalance(trx, {
            orgId: owner.orgId,
            kind: 'bill',
            amountCents: -500,
            reference: 'B-1',
            description: '',
            operatorId: null,
            allowNegative,
          }),
        );
      const refusal = await debit(false).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ statusCode: 409, messageKey: 'billing.insufficientBalance' });
      expect(await balanceOf(owner)).toBe(0);
      expect(await ledgerOf(owner)).toHaveLength(0);
      expect((await debit(true)).balanceAfterCents).toBe(-500);
      expect(await balanceOf(owner)).toBe(-500);
    });

    it('sets the validity in the same movement when asked, and records it on the row', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const result = await ctx.database.db.transaction().execute((trx) =>
        moveBalance(trx, {
          orgId: owner.orgId,
          kind: 'renew',
          amountCents: 0,
          reference: 'B-2',
          description: 'renewed',
          operatorId: null,
          validateUntilDate: '2031-01-31',
        }),
      );
      expect(result).toEqual({ balanceAfterCents: 0, validateUntilDate: '2031-01-31' });
      expect((await ledgerOf(owner))[0]).toMatchObject({ validate_until_date: '2031-01-31' });
      const user = await ctx.database.db
        .selectFrom('user')
        .select('validate_until_date')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow();
      expect(user.validate_until_date).toBe('2031-01-31');
    });

    it('rolls the movement back with the caller’s transaction', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const failure = await ctx.database.db
        .transaction()
        .execute(async (trx) => {
          await moveBalance(trx, {
            orgId: owner.orgId,
            kind: 'credit',
            amountCents: 700,
            reference: null,
            description: 'x',
            operatorId: null,
          });
          throw new Error('later step failed');
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(await balanceOf(owner)).toBe(0);
      expect(await ledgerOf(owner)).toHaveLength(0);
    });
  });

  it('keeps sum of movements = balance under many concurrent credits and debits', async () => {
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    await ctx.database.db.transaction().execute((trx) =>
      moveBalance(trx, {
        orgId: owner.orgId,
        kind: 'credit',
        amountCents: 1_000,
        reference: null,
        description: 'opening',
        operatorId: null,
      }),
    );
    // 40 credits of 100 and 60 debits of 150 race each other: some debits may be refused (never
    // below zero), and whatever happened, the ledger adds up to the balance.
    const moves = Array.from({ length: 100 }, (_, index) =>
      index % 5 < 2
        ? { kind: 'recharge' as const, amountCents: 100 }
        : { kind: 'bill' as const, amountCents: -150 },
    );
    const outcomes = await Promise.allSettled(
      moves.map((move, index) =>
        ctx.database.db.transaction().execute((trx) =>
          moveBalance(trx, {
            orgId: owner.orgId,
            kind: move.kind,
            amountCents: move.amountCents,
            reference: `M-${index}`,
            description: '',
            operatorId: null,
          }),
        ),
      ),
    );
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({ messageKey: 'billing.insufficientBalance' });
    const rows = await ledgerOf(owner);
    const balance = await balanceOf(owner);
    expect(rows).toHaveLength(1 + outcomes.filter((outcome) => outcome.status === 'fulfilled').length);
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(balance);
    expect(balance).toBeGreaterThanOrEqual(0);
    // The owner's row stays locked from the UPDATE to the commit, so the rows are written in the
    // order of the movements: each row's balance-after is the running sum up to it.
    let running = 0;
    for (const row of rows) {
      running += row.amount_cents;
      expect(row.balance_after_cents).toBe(running);
    }
    const credited = outcomes.filter(
      (outcome, index) => outcome.status === 'fulfilled' && (moves[index]?.amountCents ?? 0) > 0,
    );
    expect(credited).toHaveLength(40);
  });
});
