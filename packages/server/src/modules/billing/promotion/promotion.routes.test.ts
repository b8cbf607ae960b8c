import type { Page, Promotion, PromotionCheck } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { discountOf } from './promotion.service.js';

type Envelope<T> = { status_code: number; data: T; message: string; fields?: { field: string }[] };

describe('discountOf', () => {
  it('takes a percentage (rounded down) or an amount, never the whole amount', () => {
    expect(discountOf({ kind: 'percent', value: 15 }, 10_001)).toBe(1_500);
    expect(discountOf({ kind: 'amount', value: 2_000 }, 10_000)).toBe(2_000);
    expect(discountOf({ kind: 'percent', value: 100 }, 10_000)).toBe(9_999);
    expect(discountOf({ kind: 'amount', value: 50_000 }, 10_000)).toBe(9_999);
  });
});

await describeEachDatabase('promotion codes', (target) => {
  const ctx = useTestApp(target, { build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  let staff: string;
  let ownerToken: string;
  let agentToken: string;
  const day = 24 * 3600_000;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerToken = await signIn(ctx.app, owner.username, owner.password);
    const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
    agentToken = await signIn(ctx.app, agent.username, agent.password);
  });

  const save = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/platform/marketing/promotion/save',
      headers: bearer(token),
      payload,
    });
  const check = (token: string, code: string, amountCents: number | string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/billing/promotion/check?code=${encodeURIComponent(code)}&amountCents=${amountCents}`,
      headers: bearer(token),
    });
  const running = () => ({ startsAt: Date.now() - day, endsAt: Date.now() + day });

  it('creates codes upper-case, lists them, changes and deletes them', async () => {
    const created = await save(staff, { code: 'spring-10', kind: 'percent', value: 10, ...running() });
    expect(created.statusCode).toBe(200);
    const promotion = created.json<Envelope<Promotion>>().data;
    expect(promotion).toMatchObject({
      code: 'SPRING-10',
      kind: 'percent',
      value: 10,
      used: 0,
      enabled: true,
    });
    const changed = await save(staff, { ...promotion, value: 20, usageLimit: 5 });
    expect(changed.json<Envelope<Promotion>>().data).toMatchObject({
      prid: promotion.prid,
      value: 20,
      usageLimit: 5,
    });
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/platform/marketing/promotion/query?page=0&size=50',
      headers: bearer(staff),
    });
    expect(page.json<Envelope<Page<Promotion>>>().data.content.map((item) => item.code)).toContain(
      'SPRING-10',
    );
    const remove = (prid: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/platform/marketing/promotion/delete',
        headers: bearer(staff),
        payload: { prid },
      });
    expect((await remove(promotion.prid)).statusCode).toBe(200);
    expect((await remove(promotion.prid)).statusCode).toBe(404);
  });

  it('refuses a taken code (409 naming code) and bad input (400 naming fields)', async () => {
    await save(staff, { code: 'TAKEN', kind: 'amount', value: 100, ...running() });
    const duplicate = await save(staff, { code: 'taken', kind: 'amount', value: 100, ...running() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['code']);
    const bad = await save(staff, { code: 'x', kind: 'percent', value: 150, startsAt: 10, endsAt: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(
      expect.arrayContaining(['code', 'value', 'endsAt']),
    );
  });

  it('keeps management to platform staff (403 for an organisation admin)', async () => {
    expect(
      (await save(ownerToken, { code: 'MINE', kind: 'amount', value: 1, ...running() })).statusCode,
    ).toBe(403);
    for (const request of [
      { method: 'GET' as const, url: '/api/platform/marketing/promotion/query' },
      { method: 'POST' as const, url: '/api/platform/marketing/promotion/delete', payload: { prid: 'x' } },
    ])
      expect((await ctx.app.inject({ ...request, headers: bearer(ownerToken) })).statusCode).toBe(403);
  });

  describe('checking a code before paying', () => {
    it('answers the percent or amount discount', async () => {
      await save(staff, { code: 'PCT15', kind: 'percent', value: 15, ...running() });
      await save(staff, { code: 'CUT20', kind: 'amount', value: 2_000, minCents: 10_000, ...running() });
      expect((await check(ownerToken, 'pct15', 20_000)).json<Envelope<PromotionCheck>>().data).toEqual({
        code: 'PCT15',
        discountCents: 3_000,
        payCents: 17_000,
      });
      expect((await check(ownerToken, 'CUT20', 10_000)).json<Envelope<PromotionCheck>>().data).toEqual({
        code: 'CUT20',
        discountCents: 2_000,
        payCents: 8_000,
      });
    });

    it('refuses (400 naming code) below the minimum, outside the validity window, switched off or unknown', async () => {
      await save(staff, {
        code: 'FUTURE',
        kind: 'amount',
        value: 100,
        startsAt: Date.now() + day,
        endsAt: Date.now() + 2 * day,
      });
      await save(staff, {
        code: 'PAST',
        kind: 'amount',
        value: 100,
        startsAt: Date.now() - 2 * day,
        endsAt: Date.now() - day,
      });
      await save(staff, { code: 'OFF', kind: 'amount', value: 100, enabled: false, ...running() });
      for (const [code, amount, words] of [
        ['CUT20', 9_999, '¥100.00'],
        ['FUTURE', 10_000, 'not valid yet'],
        ['PAST', 10_000, 'expired'],
        ['OFF', 10_000, 'does not exist'],
        ['NOPE', 10_000, 'does not exist'],
      ] as const) {
        const response = await check(ownerToken, code, amount);
        expect(response.statusCode).toBe(400);
        const body = response.json<Envelope<null>>();
        expect(body.fields?.map((field) => field.field)).toEqual(['code']);
        expect(body.message).toContain(words);
      }
    });

    it('answers 400 naming the query fields, and 403 to agents', async () => {
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/api/billing/promotion/check?amountCents=abc',
        headers: bearer(ownerToken),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(
        expect.arrayContaining(['code', 'amountCents']),
      );
      expect((await check(agentToken, 'PCT15', 10_000)).statusCode).toBe(403);
    });
  });
});
