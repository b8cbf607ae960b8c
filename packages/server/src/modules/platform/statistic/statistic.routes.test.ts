import type { PlatformStatistic } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { createPublicId } from '../../../lib/ids.js';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { getJson, type Envelope } from '../../records/records.fixture.js';
import { dimAgent, dimDaily } from '../../statistic/statistic.columns.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];
const at = (date: string, hour = 0) => Date.parse(`${date}T00:00:00Z`) + hour * 3600_000;
const hourOf = (date: string) => at(date) / 3600_000;

await describeEachDatabase('platform statistic routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });
  let staffToken: string;
  let adminToken: string;

  const insertOrg = async (createdAt: number) => {
    const subDomain = `s-${createPublicId(8)}`;
    const row = await ctx.database.db
      .insertInto('organization')
      .values({
        oid: createPublicId(),
        name: subDomain,
        sub_domain: subDomain,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  const insertRollup = (
    orgId: number,
    dims: number,
    date: string,
    values: Record<string, number>,
    agentId = 0,
  ) =>
    ctx.database.db
      .insertInto('statistic_hourly')
      .values({
        org_id: orgId,
        dims,
        hour: hourOf(date),
        agent_id: agentId,
        workgroup_id: 0,
        channel: '',
        ...values,
      })
      .execute();

  const insertOrder = (orgId: number, state: string, payCents: number, paidAt: number) =>
    ctx.database.db
      .insertInto('recharge_order')
      .values({
        order_no: createPublicId(16),
        org_id: orgId,
        provider: 'wechat',
        amount_cents: payCents + 100,
        pay_cents: payCents,
        state,
        expires_at: paidAt,
        paid_at: paidAt,
        created_at: paidAt,
        updated_at: paidAt,
      })
      .execute();

  beforeAll(async () => {
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
    const admin = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    adminToken = await signIn(ctx.app, admin.username, admin.password);

    const old = await insertOrg(at('2019-12-30'));
    const first = await insertOrg(at('2020-01-01', 5));
    const second = await insertOrg(at('2020-01-03', 23));
    await insertOrg(at('2020-01-03', 1));
    await insertRollup(old, dimDaily, '2020-01-01', { conv_new: 3, msg_visitor: 10, msg_agent: 7 });
    await insertRollup(first, dimDaily, '2020-01-01', { conv_new: 2, msg_visitor: 4, msg_agent: 1 });
    await insertRollup(first, dimDaily, '2020-01-03', { conv_new: 1, msg_visitor: 2, msg_agent: 2 });
    // Hourly rows and per-agent rows are not the organisation's daily totals: not counted twice.
    await insertRollup(first, 0, '2020-01-01', { conv_new: 50, msg_visitor: 50 });
    await insertRollup(old, dimDaily | dimAgent, '2020-01-01', { msg_agent: 7 }, 11);
    await insertRollup(first, dimDaily | dimAgent, '2020-01-01', { accepted: 1 }, 21);
    await insertRollup(first, dimDaily | dimAgent, '2020-01-03', { msg_agent: 2 }, 21);
    await insertRollup(first, dimDaily | dimAgent, '2020-01-03', { msg_visitor: 9 }, 22);

    await insertOrder(old, 'paid', 10_000, at('2020-01-01', 9));
    await insertOrder(first, 'paid', 5_000, at('2020-01-02', 23));
    await insertOrder(first, 'pending', 7_000, at('2020-01-02', 12));
    await insertOrder(second, 'paid', 999, at('2020-01-04', 1));

    const plan = await ctx.database.db
      .insertInto('plan')
      .values({ pid: 'plan-pro', name: 'Pro', created_at: at('2019-01-01'), updated_at: at('2019-01-01') })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const orgId of [old, first])
      await ctx.database.db
        .insertInto('org_billing')
        .values({
          org_id: orgId,
          plan_id: Number(plan.id),
          created_at: at('2020-01-01'),
          updated_at: at('2020-01-01'),
        })
        .execute();
  });

  const query = (token: string | undefined, search: string) =>
    getJson<PlatformStatistic>(ctx, `/api/platform/statistic?${search}`, token);

  it('refuses organisation admins (403) and anonymous callers (401)', async () => {
    expect((await query(adminToken, 'from=2020-01-01&to=2020-01-03')).status).toBe(403);
    expect((await query(undefined, 'from=2020-01-01&to=2020-01-03')).status).toBe(401);
  });

  it('answers 400 naming the field', async () => {
    const cases: [string, string[]][] = [
      ['to=2020-01-03', ['from']],
      ['from=2020-1-1&to=2020-01-03', ['from']],
      ['from=2020-01-05&to=2020-01-03', ['to']],
      ['from=2020-01-01&to=2021-01-02', ['to']],
      ['from=2020-02-31&to=2020-03-01', ['from']],
    ];
    for (const [search, fields] of cases) {
      const response = await query(staffToken, search);
      expect(response.status).toBe(400);
      expect(fieldsOf(response.body as Envelope<unknown>)).toEqual(fields);
    }
  });

  it('counts per UTC day from the daily rollup rows, organisations and paid orders', async () => {
    const { status, body } = await query(staffToken, 'from=2020-01-01&to=2020-01-03');
    expect(status).toBe(200);
    expect(body.data.days).toEqual([
      {
        day: '2020-01-01',
        newOrganizations: 1,
        totalOrganizations: 2,
        activeAgents: 2,
        conversations: 5,
        messages: 22,
        revenueCents: 10_000,
      },
      {
        day: '2020-01-02',
        newOrganizations: 0,
        totalOrganizations: 2,
        activeAgents: 0,
        conversations: 0,
        messages: 0,
        revenueCents: 5_000,
      },
      {
        day: '2020-01-03',
        newOrganizations: 2,
        totalOrganizations: 4,
        activeAgents: 1,
        conversations: 1,
        messages: 4,
        revenueCents: 0,
      },
    ]);
    expect(body.data.totals).toEqual({
      newOrganizations: 3,
      totalOrganizations: 4,
      activeAgents: 2,
      conversations: 6,
      messages: 26,
      revenueCents: 15_000,
    });
    expect(body.data.byPlan.find((plan) => plan.pid === 'plan-pro')).toEqual({
      pid: 'plan-pro',
      name: 'Pro',
      organizations: 2,
      newOrganizations: 1,
      revenueCents: 15_000,
    });
    expect(body.data.byPlan.find((plan) => plan.pid === null)).toMatchObject({
      name: 'No plan',
      organizations: 2,
      newOrganizations: 2,
      revenueCents: 0,
    });
  });
});
