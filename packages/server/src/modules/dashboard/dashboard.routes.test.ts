import {
  monitorNamespace,
  monitorSnapshotEvent,
  type DashboardGuide,
  type DashboardMonitor,
  type DashboardWorkplace,
} from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  postJson,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { createMemoryPresence } from '../realtime/presence.js';
import { connectWithFirst, listen } from '../realtime/socket.fixture.js';
import { insertThreadEvent } from '../thread/thread.repository.js';

/*
 * The dashboard's own endpoints against a real database: the checklist ticks from the
 * organisation's rows only, the workplace counts the caller's figures and the team's live state
 * (presence decides who is really online), the wallboard's snapshot over HTTP and its Socket.IO
 * namespace; roles and tenancy throughout.
 */

const minute = 60_000;
const hour = 60 * minute;
const dayMs = 24 * hour;

await describeEachDatabase('dashboard routes', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0, presence } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  // Today 00:01 UTC: every event of "today" lands on today's UTC day whatever the hour of the run.
  const todayStart = Math.floor(Date.now() / dayMs) * dayMs;

  const guide = (token?: string) => getJson<DashboardGuide>(ctx, '/api/dashboard/guide', token);
  const stepsOf = (body: { data: DashboardGuide }) =>
    Object.fromEntries(body.data.steps.map((step) => [step.key, step.isDone]));
  const workplace = (token?: string, tz = 'UTC') =>
    getJson<DashboardWorkplace>(ctx, `/api/dashboard/workplace?tz=${encodeURIComponent(tz)}`, token);
  const monitor = (token?: string, tz = 'UTC') =>
    getJson<DashboardMonitor>(ctx, `/api/dashboard/monitor?tz=${encodeURIComponent(tz)}`, token);

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  it('answers 401 without a token and 400 for an unknown time zone', async () => {
    expect((await guide()).status).toBe(401);
    expect((await workplace()).status).toBe(401);
    expect((await monitor()).status).toBe(401);
    const bad = await workplace(a.agent.token, 'Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.map((field) => field.field)).toEqual(['tz']);
    expect((await monitor(a.admin.token, 'nowhere')).status).toBe(400);
  });

  describe('guide', () => {
    it("ticks each step from the organisation's own rows, never from another organisation's", async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const token = await signIn(ctx.app, owner.username, owner.password);
      const empty = await guide(token);
      expect(empty.status).toBe(200);
      expect(empty.body.data.steps.map((step) => step.key)).toEqual([
        'skillGroup',
        'agent',
        'agentOnline',
        'embedLoaded',
        'firstConversation',
        'robotFaq',
        'kbArticle',
        'quickReply',
      ]);
      // The owner alone: nothing done (the owner is not "an agent besides the owner", and is offline).
      expect(empty.body.data.steps.every((step) => !step.isDone)).toBe(true);

      // Organisation B does everything.
      const db = ctx.database.db;
      const now = Date.now();
      const group = await insertWorkgroup(ctx, b.orgId);
      const visitor = await insertVisitor(ctx, b.orgId);
      await db
        .updateTable('visitor')
        .set({ page: 'https://shop.example.com/cart' })
        .where('id', '=', visitor.id)
        .execute();
      await insertThread(ctx, { orgId: b.orgId, visitorId: visitor.id, workgroupId: group.id });
      await db.updateTable('user').set({ status: 'online' }).where('id', '=', b.agent.userId).execute();
      await db
        .insertInto('faq')
        .values({
          aid: createPublicId(),
          org_id: b.orgId,
          question: 'Refund?',
          question_key: 'refund?',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('article')
        .values({
          aid: createPublicId(),
          org_id: b.orgId,
          type: 'support',
          title: 'How to pay',
          status: 'published',
          published_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('quick_reply')
        .values({
          cid: createPublicId(),
          scope: 'company',
          owner_key: `org:${b.orgId}`,
          org_id: b.orgId,
          name: 'Hello',
          content: 'Hello!',
          created_at: now,
          updated_at: now,
        })
        .execute();
      const done = await guide(b.checker.token);
      expect(done.status).toBe(200);
      expect(done.body.data.steps.every((step) => step.isDone)).toBe(true);
      // The fresh organisation still has nothing ticked.
      expect((await guide(token)).body.data.steps.every((step) => !step.isDone)).toBe(true);
    });

    it('counts a site page as the embed code loaded, not the chat page or this console', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const token = await signIn(ctx.app, owner.username, owner.password);
      const visitor = await insertVisitor(ctx, owner.orgId);
      const setPage = (page: string) =>
        ctx.database.db.updateTable('visitor').set({ page }).where('id', '=', visitor.id).execute();
      for (const page of ['', 'https://kefu.example.com/chat/?org=x', 'https://kefu.example.com/admin/x']) {
        await setPage(page);
        expect(stepsOf((await guide(token)).body).embedLoaded).toBe(false);
      }
      await setPage('http://www.example.org/');
      expect(stepsOf((await guide(token)).body)).toMatchObject({
        embedLoaded: true,
        firstConversation: false,
      });
    });

    it('leaves a draft article, a disabled FAQ and a deleted skill group unticked', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const token = await signIn(ctx.app, owner.username, owner.password);
      const db = ctx.database.db;
      const now = Date.now();
      const group = await insertWorkgroup(ctx, owner.orgId);
      await db.updateTable('workgroup').set({ deleted_at: now }).where('id', '=', group.id).execute();
      await db
        .insertInto('faq')
        .values({
          aid: createPublicId(),
          org_id: owner.orgId,
          question: 'Off',
          question_key: 'off',
          enabled: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('article')
        .values({
          aid: createPublicId(),
          org_id: owner.orgId,
          type: 'support',
          title: 'Draft',
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect(stepsOf((await guide(token)).body)).toMatchObject({
        skillGroup: false,
        robotFaq: false,
        kbArticle: false,
      });
    });
  });

  describe('workplace', () => {
    beforeAll(async () => {
      const db = ctx.database.db;
      const agentId = a.agent.userId;
      const group = await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' });
      const visitor = await insertVisitor(ctx, a.orgId);
      const event = (values: Parameters<typeof insertThreadEvent>[1]) => insertThreadEvent(db, values);

      // Today: the agent takes a conversation, answers after 2 minutes, closes it; rated 4.
      const t1 = await insertThread(ctx, { orgId: a.orgId, visitorId: visitor.id, workgroupId: group.id });
      const base = { orgId: a.orgId, threadId: t1.id, workgroupId: group.id, cycle: 1 };
      const at = todayStart + minute;
      await event({ ...base, kind: 'created', at });
      await event({ ...base, kind: 'assigned', agentId, at: at + 1000 });
      await event({ ...base, kind: 'first_response', agentId, at: at + 2 * minute });
      await event({ ...base, kind: 'closed', agentId, data: { closeType: 'agent' }, at: at + 10 * minute });
      await event({ ...base, kind: 'rated', agentId, data: { score: 4 }, at: at + 11 * minute });
      // Yesterday: another one, answered after 4 minutes.
      const t2 = await insertThread(ctx, { orgId: a.orgId, visitorId: visitor.id, workgroupId: group.id });
      const base2 = { ...base, threadId: t2.id };
      const then = todayStart - 12 * hour;
      await event({ ...base2, kind: 'created', at: then });
      await event({ ...base2, kind: 'assigned', agentId, at: then });
      await event({ ...base2, kind: 'first_response', agentId, at: then + 4 * minute });
      // Now: one conversation open with the agent, one waiting.
      await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.id,
        workgroupId: group.id,
        agentId,
        status: 'chatting',
      });
      await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.id,
        workgroupId: group.id,
        status: 'queuing',
      });

      // Organisation B's agent is busy with the same kinds of rows: none of them may count for A.
      const visitorB = await insertVisitor(ctx, b.orgId);
      const tb = await insertThread(ctx, { orgId: b.orgId, visitorId: visitorB.id });
      await event({ orgId: b.orgId, threadId: tb.id, cycle: 1, kind: 'created', at });
      await event({
        orgId: b.orgId,
        threadId: tb.id,
        cycle: 1,
        kind: 'assigned',
        agentId: b.agent.userId,
        at,
      });
      await insertThread(ctx, { orgId: b.orgId, visitorId: visitorB.id, status: 'queuing' });

      // Tickets: one open and one resolved for the agent.
      const open = await postJson<{ tkid: string }>(ctx, '/api/ticket/create', a.admin.token, {
        title: 'Open one',
        assignee: a.agent.uid,
      });
      expect(open.status).toBe(200);
      const done = await postJson<{ tkid: string }>(ctx, '/api/ticket/create', a.admin.token, {
        title: 'Done one',
        assignee: a.agent.uid,
      });
      await db
        .updateTable('ticket')
        .set({ status: 'resolved' })
        .where('tkid', '=', done.body.data.tkid)
        .execute();

      // The agent is online with the workbench open, the admin chose "busy" but has no workbench open.
      await db.updateTable('user').set({ status: 'online' }).where('id', '=', agentId).execute();
      await db.updateTable('user').set({ status: 'busy' }).where('id', '=', a.admin.userId).execute();
      await presence.connect(agentId);
    });

    it("gives the agent's own figures today and yesterday, open work and the team's live status", async () => {
      const { status, body } = await workplace(a.agent.token);
      expect(status).toBe(200);
      const data = body.data;
      expect(data.today).toBe(new Date(todayStart).toISOString().slice(0, 10));
      expect(data.me.today).toMatchObject({
        conversationsAccepted: 1,
        conversationsClosed: 1,
        firstResponseAvg: 120,
        satisfactionAvg: 4,
        ratings: 1,
      });
      expect(data.me.yesterday).toMatchObject({ conversationsAccepted: 1, firstResponseAvg: 240 });
      expect(data.me.openConversations).toBe(1);
      expect(data.me.openTickets).toBe(1);
      // Admin, agent and checker: only the agent has a workbench open.
      expect(data.team).toEqual({ online: 1, busy: 0, away: 0, offline: 2, total: 3, waiting: 1 });
    });

    it("gives the admin their own figures, not the agent's, and no tickets to a role without them", async () => {
      const admin = await workplace(a.admin.token);
      expect(admin.status).toBe(200);
      expect(admin.body.data.me.today.conversationsAccepted).toBe(0);
      expect(admin.body.data.me.openConversations).toBe(0);
      expect(admin.body.data.me.openTickets).toBe(0);
      const checker = await workplace(a.checker.token);
      expect(checker.status).toBe(200);
      expect(checker.body.data.me.openTickets).toBeNull();
      expect(checker.body.data.team.total).toBe(3);
    });

    it('counts the day in the asked time zone', async () => {
      // Both of the agent's conversations fall on one day in Los Angeles (UTC−7/−8): the day before
      // today's UTC date. Whether that is "today" there depends on the hour of the run.
      const tz = 'America/Los_Angeles';
      const dateIn = (at: number) =>
        new Intl.DateTimeFormat('en-CA', {
          timeZone: tz,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(at);
      const isTodayThere = dateIn(Date.now()) === dateIn(todayStart + minute);
      const { body } = await workplace(a.agent.token, tz);
      expect(body.data.tz).toBe(tz);
      expect(body.data.today).toBe(dateIn(Date.now()));
      expect(body.data.me.today.conversationsAccepted).toBe(isTodayThere ? 2 : 0);
      expect(body.data.me.yesterday.conversationsAccepted).toBe(isTodayThere ? 0 : 2);
    });
  });

  describe('monitor', () => {
    let groupWid = '';
    const sockets: Socket[] = [];
    let url = '';

    /** Connects; the first snapshot is listened for from the start (it is sent right on connect). */
    const connect = (auth: object) =>
      connectWithFirst<DashboardMonitor>(`${url}${monitorNamespace}`, auth, monitorSnapshotEvent, sockets);

    beforeAll(async () => {
      url = await listen(ctx.app);
      const db = ctx.database.db;
      const support = await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' });
      groupWid = support.wid;
      await db
        .insertInto('workgroup_member')
        .values({ workgroup_id: support.id, user_id: a.agent.userId })
        .execute();
      const visitor = await insertVisitor(ctx, a.orgId);
      const waitingSince = Date.now() - 5 * minute;
      for (const createdAt of [waitingSince, waitingSince + minute])
        await insertThread(ctx, {
          orgId: a.orgId,
          visitorId: visitor.id,
          workgroupId: support.id,
          status: 'queuing',
          createdAt,
        });
      await insertThread(ctx, { orgId: a.orgId, visitorId: visitor.id, status: 'robot' });
    });
    afterAll(() => {
      for (const socket of sockets) socket.close();
    });

    it('is for supervisors: agents and checkers are refused', async () => {
      expect((await monitor(a.agent.token)).status).toBe(403);
      expect((await monitor(a.checker.token)).status).toBe(403);
    });

    it("shows the organisation's queues, live conversations, agents and today's figures", async () => {
      const { status, body } = await monitor(a.admin.token);
      expect(status).toBe(200);
      const data = body.data;
      // The workplace suite's queued conversation in Sales, and the two here in Support.
      expect(data.queue.waiting).toBe(3);
      const [first, second] = data.queue.groups;
      expect(first).toMatchObject({ wid: groupWid, nickname: 'Support', waiting: 2, agentsOnline: 1 });
      expect(Date.now() - (first?.oldestQueuedAt ?? 0)).toBeGreaterThanOrEqual(5 * minute);
      expect(second).toMatchObject({ nickname: 'Sales', waiting: 1, agentsOnline: 0 });
      expect(data.queue.oldestQueuedAt).toBe(first?.oldestQueuedAt);
      expect(data.conversations).toEqual({ chatting: 1, robot: 1 });
      expect(data.agents).toMatchObject({ online: 1, busy: 0, away: 0, offline: 2, total: 3 });
      expect(data.agents.list[0]).toMatchObject({
        uid: a.agent.uid,
        activity: 'online',
        status: 'online',
        openConversations: 1,
      });
      expect(data.agents.list.map((agent) => agent.uid)).not.toContain(b.agent.uid);
      expect(data.today).toMatchObject({ conversationsNew: 1, conversationsAccepted: 1 });
    });

    it('pushes the snapshot over its own namespace, without making the supervisor present', async () => {
      const refusal = (auth: object) =>
        connect(auth).then(
          () => 0,
          (error: unknown) => (error as { data?: { status?: number } }).data?.status,
        );
      expect(await refusal({ tz: 'UTC' })).toBe(401);
      expect(await refusal({ token: 'forged', tz: 'UTC' })).toBe(401);
      expect(await refusal({ token: a.agent.token, tz: 'UTC' })).toBe(403);
      expect(await refusal({ token: a.admin.token, tz: 'Nowhere/City' })).toBe(400);

      const first = await (await connect({ token: a.admin.token, tz: 'UTC' })).first;
      expect(first.queue.waiting).toBe(3);
      expect(first.agents.list.map((agent) => agent.uid)).toContain(a.agent.uid);
      expect((await presence.connectedAmong([a.admin.userId])).size).toBe(0);

      // Another organisation's wallboard sees its own state only.
      const theirs = await (await connect({ token: b.admin.token, tz: 'UTC' })).first;
      expect(theirs.queue.waiting).toBe(1);
      expect(theirs.agents.list.map((agent) => agent.uid)).not.toContain(a.agent.uid);
    });
  });
});
