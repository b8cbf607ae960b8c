import type { LedgerEntry, Page } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';

type Envelope<T> = { status_code: number; data: T; message: string; fields?: { field: string }[] };

await describeEachDatabase('billing ledger routes', (target) => {
  const ctx = useTestApp(target, { build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  let staff: string;
  let owner: TestAccount;
  let ownerToken: string;
  let agentToken: string;
  let other: TestAccount;
  let otherToken: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerToken = await signIn(ctx.app, owner.username, owner.password);
    const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
    agentToken = await signIn(ctx.app, agent.username, agent.password);
    other = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    otherToken = await signIn(ctx.app, other.username, other.password);
  });

  const adjust = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/platform/billing/balance/adjust',
      headers: bearer(token),
      payload,
    });
  const ownLedger = (token: string, query = '') =>
    ctx.app.inject({ method: 'GET', url: `/api/billing/ledger/query?${query}`, headers: bearer(token) });

  describe('platform credit and debit', () => {
    it('credits and debits with a reason, as ledger rows with the operator, summing to the balance', async () => {
      const credit = await adjust(staff, {
        subDomain: owner.subDomain,
        direction: 'credit',
        amountCents: 5_000,
        reason: 'goodwill',
      });
      expect(credit.statusCode).toBe(200);
      expect(credit.json<Envelope<LedgerEntry>>().data).toMatchObject({
        kind: 'credit',
        amountCents: 5_000,
        balanceAfterCents: 5_000,
        description: 'goodwill',
        operator: 'admin',
        organization: { subDomain: owner.subDomain },
      });
      const debit = await adjust(staff, {
        subDomain: owner.subDomain,
        direction: 'debit',
        amountCents: '1200',
        reason: 'correction',
      });
      expect(debit.json<Envelope<LedgerEntry>>().data).toMatchObject({
        kind: 'debit',
        amountCents: -1_200,
        balanceAfterCents: 3_800,
      });

      const page = (await ownLedger(ownerToken)).json<Envelope<Page<LedgerEntry>>>().data;
      expect(page.content.map((entry) => [entry.kind, entry.amountCents, entry.operator])).toEqual([
        ['debit', -1_200, 'admin'],
        ['credit', 5_000, 'admin'],
      ]);
      expect(page.content[0]).not.toHaveProperty('organization');
      const user = await ctx.database.db
        .selectFrom('user')
        .select('balance_cents')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow();
      expect(user.balance_cents).toBe(3_800);
      expect(
        (await ownLedger(ownerToken, 'kind=credit')).json<Envelope<Page<LedgerEntry>>>().data.totalElements,
      ).toBe(1);
    });

    it('refuses a debit larger than the balance (409) and changes nothing', async () => {
      const before = (await ownLedger(ownerToken)).json<Envelope<Page<LedgerEntry>>>().data.totalElements;
      const response = await adjust(staff, {
        subDomain: owner.subDomain,
        direction: 'debit',
        amountCents: 1_000_000,
        reason: 'too much',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json<Envelope<null>>().message).toContain('balance');
      expect((await ownLedger(ownerToken)).json<Envelope<Page<LedgerEntry>>>().data.totalElements).toBe(
        before,
      );
    });

    it('answers 404 for an unknown organisation and 400 naming bad fields', async () => {
      expect(
        (await adjust(staff, { subDomain: 'no-such-org', direction: 'credit', amountCents: 1, reason: 'x' }))
          .statusCode,
      ).toBe(404);
      const bad = await adjust(staff, {
        subDomain: owner.subDomain,
        direction: 'up',
        amountCents: 0,
        reason: '',
      });
      expect(bad.statusCode).toBe(400);
      const fields = bad.json<Envelope<null>>().fields?.map((field) => field.field);
      expect(fields).toEqual(expect.arrayContaining(['direction', 'amountCents', 'reason']));
    });
  });

  it('keeps platform routes from organisation admins (403) and the org ledger from agents (403)', async () => {
    expect(
      (
        await adjust(ownerToken, {
          subDomain: owner.subDomain,
          direction: 'credit',
          amountCents: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/platform/billing/ledger/query',
          headers: bearer(ownerToken),
        })
      ).statusCode,
    ).toBe(403);
    expect((await ownLedger(agentToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/billing/ledger/query' })).statusCode).toBe(401);
  });

  it('shows each organisation its own ledger only, and staff every one (filterable by sub-domain)', async () => {
    await adjust(staff, {
      subDomain: other.subDomain,
      direction: 'credit',
      amountCents: 700,
      reason: 'other',
    });
    const others = (await ownLedger(otherToken)).json<Envelope<Page<LedgerEntry>>>().data;
    expect(others.content.map((entry) => entry.description)).toEqual(['other']);
    const platform = await ctx.app.inject({
      method: 'GET',
      url: `/api/platform/billing/ledger/query?subDomain=${other.subDomain}`,
      headers: bearer(staff),
    });
    const platformPage = platform.json<Envelope<Page<LedgerEntry>>>().data;
    expect(platformPage.content).toHaveLength(1);
    expect(platformPage.content[0]?.organization?.subDomain).toBe(other.subDomain);
  });

  it('lists the new kinds in the platform account history (/api/user/balance/log)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/balance/log?uid=${owner.uid}`,
      headers: bearer(staff),
    });
    expect(response.statusCode).toBe(200);
    const kinds = response.json<Envelope<Page<{ kind: string }>>>().data.content.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['credit', 'debit']));
  });
});
