import type { Plan } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import {
  assignPlan,
  createBilledOrganization,
  createCall,
  priceList,
  savePlan,
  type BilledOrganization,
} from '../bill/billing.fixture.js';

await describeEachDatabase('billing plans', (target) => {
  const ctx = useTestApp(target, { build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  const call = createCall(ctx);
  let staff: string;
  let orgA: BilledOrganization;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    orgA = await createBilledOrganization(ctx);
  });

  it('answers 401 without a token and 403 to an organisation admin on every plan route', async () => {
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/platform/billing/plan/query'],
      ['POST', '/api/platform/billing/plan/save', priceList],
      ['POST', '/api/platform/billing/plan/delete', { pid: 'x' }],
      ['POST', '/api/platform/billing/plan/assign', { subDomain: 'x', pid: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).status, url).toBe(401);
      expect((await call(method, url, orgA.token, payload)).status, url).toBe(403);
    }
  });

  it('has the default plan "Standard" seeded by the migration, free, with every organisation on it', async () => {
    const { status, body } = await call<Plan[]>('GET', '/api/platform/billing/plan/query', staff);
    expect(status).toBe(200);
    const standard = body.data.find((plan) => plan.isDefault);
    expect(standard).toMatchObject({ name: 'Standard', monthlyCents: 0, enabled: true });
    expect(standard?.organizations).toBeGreaterThanOrEqual(2);
  });

  it('creates and changes a plan, and names the fields of a bad one', async () => {
    const created = await savePlan(call, staff, { name: 'Team' });
    expect(created).toMatchObject({ name: 'Team', monthlyCents: 10_000, isDefault: false, organizations: 0 });
    expect(created.addOns.map((addOn) => addOn.code)).toEqual(['sla', 'audit']);

    const changed = await call<Plan>('POST', '/api/platform/billing/plan/save', staff, {
      ...priceList,
      pid: created.pid,
      name: 'Team 2',
      monthlyCents: 12_000,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ pid: created.pid, name: 'Team 2', monthlyCents: 12_000 });

    const bad = await call('POST', '/api/platform/billing/plan/save', staff, {
      ...priceList,
      name: '',
      monthlyCents: -1,
      addOns: [{ code: 'X', name: 'x', monthlyCents: 1 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.map((field) => field.field).sort()).toEqual([
      'addOns.0.code',
      'monthlyCents',
      'name',
    ]);

    const duplicate = await call('POST', '/api/platform/billing/plan/save', staff, {
      ...priceList,
      addOns: [priceList.addOns?.[0], priceList.addOns?.[0]],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fields).toEqual([{ field: 'addOns.1.code', message: 'appears twice' }]);

    const unknown = await call('POST', '/api/platform/billing/plan/save', staff, {
      ...priceList,
      pid: 'nope',
    });
    expect(unknown.status).toBe(404);
  });

  it('moves the default mark to the plan saved as default', async () => {
    const before = (await call<Plan[]>('GET', '/api/platform/billing/plan/query', staff)).body.data;
    const standard = before.find((plan) => plan.isDefault);
    const other = await savePlan(call, staff, { isDefault: true, monthlyCents: 0 });
    const after = (await call<Plan[]>('GET', '/api/platform/billing/plan/query', staff)).body.data;
    expect(after.filter((plan) => plan.isDefault).map((plan) => plan.pid)).toEqual([other.pid]);
    // Back as it was, so that other tests' organisations stay on the free Standard plan.
    await call('POST', '/api/platform/billing/plan/save', staff, { ...standard, isDefault: true });
    const restored = (await call<Plan[]>('GET', '/api/platform/billing/plan/query', staff)).body.data;
    expect(restored.filter((plan) => plan.isDefault).map((plan) => plan.pid)).toEqual([standard?.pid]);
  });

  describe('assigning and deleting', () => {
    it('puts an organisation on a plan, keeping only the add-ons the plan offers', async () => {
      const plan = await savePlan(call, staff);
      await ctx.database.db
        .insertInto('org_billing')
        .values({
          org_id: orgA.orgId,
          add_ons: JSON.stringify(['sla', 'gone']),
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      await assignPlan(call, staff, orgA.subDomain, plan.pid);
      const row = await ctx.database.db
        .selectFrom('org_billing')
        .selectAll()
        .where('org_id', '=', orgA.orgId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.add_ons)).toEqual(['sla']);
      const listed = (await call<Plan[]>('GET', '/api/platform/billing/plan/query', staff)).body.data;
      expect(listed.find((item) => item.pid === plan.pid)?.organizations).toBe(1);

      const refused = await call('POST', '/api/platform/billing/plan/delete', staff, { pid: plan.pid });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('1 organisation');
    });

    it('refuses an unknown organisation (404), an unknown plan (404) and a disabled plan (409)', async () => {
      const plan = await savePlan(call, staff);
      const disabled = await savePlan(call, staff, { enabled: false });
      const unknownOrg = await call('POST', '/api/platform/billing/plan/assign', staff, {
        subDomain: 'no-such-org',
        pid: plan.pid,
      });
      expect(unknownOrg.status).toBe(404);
      const unknownPlan = await call('POST', '/api/platform/billing/plan/assign', staff, {
        subDomain: orgA.subDomain,
        pid: 'no-such-plan',
      });
      expect(unknownPlan.status).toBe(404);
      const off = await call('POST', '/api/platform/billing/plan/assign', staff, {
        subDomain: orgA.subDomain,
        pid: disabled.pid,
      });
      expect(off.status).toBe(409);
      const missing = await call('POST', '/api/platform/billing/plan/assign', staff, {
        subDomain: orgA.subDomain,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((field) => field.field)).toEqual(['pid']);
    });

    it('deletes a plan nobody is on, and never the default plan', async () => {
      const plan = await savePlan(call, staff);
      expect((await call('POST', '/api/platform/billing/plan/delete', staff, { pid: plan.pid })).status).toBe(
        200,
      );
      const listed = (await call<Plan[]>('GET', '/api/platform/billing/plan/query', staff)).body.data;
      expect(listed.some((item) => item.pid === plan.pid)).toBe(false);
      const standard = listed.find((item) => item.isDefault);
      const refused = await call('POST', '/api/platform/billing/plan/delete', staff, { pid: standard?.pid });
      expect(refused.status).toBe(409);
      expect((await call('POST', '/api/platform/billing/plan/delete', staff, { pid: 'nope' })).status).toBe(
        404,
      );
    });
  });
});
