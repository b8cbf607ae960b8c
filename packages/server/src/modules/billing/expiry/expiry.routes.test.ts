import type { BillingOverview, ThreadRequestResult } from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../../lib/mail/test-smtp.js';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { createMemoryPresence } from '../../realtime/presence.js';
import { bringOnline, initVisitor, makeChatOrg, requestThread } from '../../thread/chat.fixture.js';
import {
  assignPlan,
  createBilledOrganization,
  createCall,
  dayFromToday,
  savePlan,
  setWallet,
  type BilledOrganization,
} from '../bill/billing.fixture.js';
import { utcDay } from '../bill/billing.dates.js';
import { expiryOf, isExpired, warningDueAt } from './expiry.state.js';
import { isOpenWhenExpired } from './expiry.guard.js';

describe('expiry states', () => {
  it('is active, expiring within 7 days, expired the day after the validity', () => {
    expect(expiryOf(null, '2026-03-01')).toEqual({ state: 'active', daysLeft: null });
    expect(expiryOf('2026-03-20', '2026-03-01')).toEqual({ state: 'active', daysLeft: 19 });
    expect(expiryOf('2026-03-08', '2026-03-01')).toEqual({ state: 'expiring', daysLeft: 7 });
    expect(expiryOf('2026-03-01', '2026-03-01')).toEqual({ state: 'expiring', daysLeft: 0 });
    expect(expiryOf('2026-02-28', '2026-03-01')).toEqual({ state: 'expired', daysLeft: -1 });
    expect(isExpired('2026-03-01', '2026-03-01')).toBe(false);
    expect(isExpired(null, '2026-03-01')).toBe(false);
  });

  it('sends the nearest warning not yet passed', () => {
    expect([8, 7, 5, 3, 2, 1, 0, -1].map(warningDueAt)).toEqual([null, 7, 7, 3, 3, 1, 1, null]);
  });

  it('keeps sign-out, billing, live chat and platform routes writable', () => {
    for (const route of [
      '/api/user/logout',
      '/api/billing/renew',
      '/api/thread/close',
      '/api/upload/image',
      '/oauth/token',
    ])
      expect(isOpenWhenExpired(route), route).toBe(true);
    for (const route of ['/api/tag/create', '/api/user/update/profile', '/api/workgroup/update'])
      expect(isOpenWhenExpired(route), route).toBe(false);
  });
});

await describeEachDatabase('billing: expiry, read-only console and warnings', (target) => {
  const env: Record<string, string> = { EMAIL_PROVIDER: 'smtp', MAIL_FROM: 'OpenKefu <billing@kefu.test>' };
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => smtp?.close());
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { env, build: { presence, jobIntervalMs: 0, sweepIntervalMs: 0 } });
  const call = createCall(ctx);
  let staff: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  const createTag = (token: string) =>
    call('POST', '/api/tag/create', token, { name: `Tag ${Math.random().toString(36).slice(2, 8)}` });

  describe('an expired organisation', () => {
    it('refuses writes with 402 and keeps reads, sign-out, billing and live chat working', async () => {
      const org = await makeChatOrg(ctx, { agents: 1 });
      const [agent] = org.agents;
      await bringOnline(ctx, presence, agent);
      const visitor = await initVisitor(ctx, org.subDomain);
      const chat: ThreadRequestResult = await requestThread(ctx, visitor.token, { wid: org.wid });
      expect(chat.code).toBe(200);

      await setWallet(ctx, org.owner, { validity: dayFromToday(-1) });
      const refused = await createTag(org.owner.token);
      expect(refused.status).toBe(402);
      expect(refused.body.code).toBe('PAYMENT_REQUIRED');
      expect(refused.body.message).toBe(
        `The organisation expired on ${dayFromToday(-1)}: the console is read-only until a bill is paid or the validity is renewed`,
      );
      const overview = await call<BillingOverview>('GET', '/api/billing/overview', agent.token);
      expect(overview.body.data).toMatchObject({ state: 'expired', daysLeft: -1 });
      expect((await call('GET', '/api/tag/query', org.owner.token)).status).toBe(200);

      // Live chat: a new visitor comes in, the agent closes the conversation.
      const another = await initVisitor(ctx, org.subDomain);
      expect((await requestThread(ctx, another.token, { wid: org.wid })).code).toBeGreaterThan(0);
      const closed = await call('POST', '/api/thread/close', agent.token, { tid: chat.thread?.tid });
      expect(closed.status).toBe(200);
      // Billing stays open: the renewal is answered on its merits (the free plan has nothing to renew).
      const renewal = await call('POST', '/api/billing/renew', org.owner.token, { months: 1 });
      expect(renewal.status).toBe(409);
      // Signing out works.
      const second = await signIn(ctx.app, agent.username, agent.password);
      expect((await call('POST', '/api/user/logout', second)).status).toBe(200);
      // Platform staff are never read-only.
      expect((await call('GET', '/api/platform/billing/plan/query', staff)).status).toBe(200);
    });

    it('takes writes again at once after paying a renewal', async () => {
      const org = await createBilledOrganization(ctx);
      const plan = await savePlan(call, staff, { monthlyCents: 5_000 });
      await assignPlan(call, staff, org.subDomain, plan.pid);
      await setWallet(ctx, org, { validity: dayFromToday(-3), balanceCents: 10_000 });
      expect((await createTag(org.token)).status).toBe(402);
      // The recharge and payment routes are billing's: never refused as writes (404: no such order).
      const recharge = await call('POST', '/api/billing/bill/pay', org.token, { bid: 'none' });
      expect(recharge.status).toBe(404);
      const renewed = await call('POST', '/api/billing/renew', org.token, { months: 1 });
      expect(renewed.status).toBe(200);
      // The same token, straight away: the organisation's validity was forgotten with the payment.
      expect((await createTag(org.token)).status).toBe(200);
    });

    it('follows a platform change of the validity at once, both ways', async () => {
      const org = await createBilledOrganization(ctx);
      expect((await createTag(org.token)).status).toBe(200);
      const expire = await call('POST', '/api/user/update/validateUntilDate', staff, {
        uid: org.uid,
        validateUntilDate: dayFromToday(-1),
      });
      expect(expire.status).toBe(200);
      expect((await createTag(org.token)).status).toBe(402);
      await call('POST', '/api/user/renew', staff, {
        uid: org.uid,
        validateUntilDate: dayFromToday(30),
        balance: 0,
      });
      expect((await createTag(org.token)).status).toBe(200);
    });
  });

  describe('warnings', () => {
    let org: BilledOrganization;
    let secondAdmin: string;

    beforeAll(async () => {
      org = await createBilledOrganization(ctx);
      secondAdmin = `admin2-${org.subDomain}@example.org`;
      await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], orgId: org.orgId, email: secondAdmin });
      // An agent is no admin: not told.
      await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_AGENT'],
        orgId: org.orgId,
        email: `agent-${org.subDomain}@example.org`,
      });
    });

    const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

    it('mails the admins 3 days before expiry, once however often the run sees it', async () => {
      await setWallet(ctx, org, { validity: dayFromToday(3) });
      const first = await ctx.app.billing.warnings.run();
      expect(first.expiring).toBeGreaterThanOrEqual(1);
      await ctx.app.billing.warnings.run();
      await ctx.app.services.jobs.runDue();
      await smtp.waitFor(org.email);
      await smtp.waitFor(secondAdmin);
      expect(mailsTo(org.email).map((mail) => mail.header('subject'))).toEqual([
        `Org ${org.subDomain} expires in 3 day(s)`,
      ]);
      expect(mailsTo(`agent-${org.subDomain}@example.org`)).toHaveLength(0);
      const row = await ctx.database.db
        .selectFrom('org_billing')
        .select('expiry_warning')
        .where('org_id', '=', org.orgId)
        .executeTakeFirstOrThrow();
      expect(row.expiry_warning).toBe(`${dayFromToday(3)}:3`);
    });

    it('sends the next warning when it is due, and a new one after a renewal', async () => {
      await setWallet(ctx, org, { validity: dayFromToday(1) });
      await ctx.app.billing.warnings.run();
      await ctx.app.billing.warnings.run();
      await ctx.app.services.jobs.runDue();
      await smtp.waitFor(org.email, 2);
      expect(mailsTo(org.email).map((mail) => mail.header('subject'))).toEqual([
        `Org ${org.subDomain} expires in 3 day(s)`,
        `Org ${org.subDomain} expires in 1 day(s)`,
      ]);
    });

    it('warns once a month when the balance cannot cover the estimated bill', async () => {
      const short = await createBilledOrganization(ctx);
      const plan = await savePlan(call, staff, { monthlyCents: 20_000 });
      await assignPlan(call, staff, short.subDomain, plan.pid);
      await setWallet(ctx, short, { balanceCents: 5_000 });
      const first = await ctx.app.billing.warnings.run();
      expect(first.lowBalance).toBeGreaterThanOrEqual(1);
      expect((await ctx.app.billing.warnings.run()).lowBalance).toBe(0);
      await ctx.app.services.jobs.runDue();
      const [mail] = await smtp.waitFor(short.email);
      expect(mail.header('subject')).toBe(`Org ${short.subDomain}: the balance will not cover the next bill`);
      expect(mail.raw).toContain('=C2=A550.00');
      expect(mailsTo(short.email)).toHaveLength(1);
      const row = await ctx.database.db
        .selectFrom('org_billing')
        .select('balance_warning')
        .where('org_id', '=', short.orgId)
        .executeTakeFirstOrThrow();
      expect(row.balance_warning).toBe(utcDay(Date.now()).slice(0, 7));
    });
  });
});
