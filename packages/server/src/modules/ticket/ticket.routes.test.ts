import type {
  Page,
  Thread,
  Ticket,
  TicketBulkResult,
  TicketDetail,
  TicketNotice,
  TicketSlaPolicy,
  TicketStatistic,
  TicketTemplate,
} from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../lib/mail/test-smtp.js';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { connectSocket, listen, nextEvent } from '../realtime/socket.fixture.js';
import {
  createRecordsOrg,
  getJson,
  insertMessage,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  postJson,
  type RecordsOrg,
} from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];
const xss = '<img src=x onerror=alert(1)><script>alert(1)</script>';

await describeEachDatabase('ticket routes', (target) => {
  const env: Record<string, string> = {
    EMAIL_PROVIDER: 'smtp',
    MAIL_FROM: 'Acme Support <support@acme.test>',
  };
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => smtp?.close());
  const ctx = useTestApp(target, { env, build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;

  const create = (token: string, payload: object) =>
    postJson<Ticket>(ctx, '/api/ticket/create', token, payload);
  const detail = async (token: string, tkid: string) =>
    (await getJson<TicketDetail>(ctx, `/api/ticket/get?tkid=${tkid}`, token)).body.data;
  const transition = (token: string, tkid: string, action: string) =>
    postJson<Ticket>(ctx, '/api/ticket/transition', token, { tkid, action });
  const list = (token: string, query: string) =>
    getJson<Page<Ticket>>(ctx, `/api/ticket/query?${query}`, token);
  const createCustomer = async (token: string, name: string) => {
    const response = await postJson<{ cid: string }>(ctx, '/api/customer/create', token, {
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@customer.test`,
    });
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const count = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('ticket')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  describe('create and read', () => {
    it('numbers tickets per organisation, sanitises, targets the SLA and mails the contact', async () => {
      const first = await create(a.admin.token, {
        title: 'Printer on fire',
        description: `<p onclick="x()">It <strong>burns</strong></p>${xss}`,
        contactName: 'Ann',
        email: 'ann@customer.test',
        priority: 'high',
      });
      expect(first.status).toBe(200);
      const ticket = first.body.data;
      expect(ticket).toMatchObject({
        ticketNumber: 'T-000001',
        status: 'new',
        priority: 'high',
        type: 'external',
        source: 'console',
        reporter: { uid: a.admin.uid },
        assignee: null,
        watchers: [{ uid: a.admin.uid }],
      });
      expect(ticket.description).toBe('<p>It <strong>burns</strong></p><img src="x" />');
      // Default high policy: 4 h first response, 24 h resolution, always open without a group.
      expect(ticket.sla.firstResponseDueAt! - ticket.createdAt).toBe(4 * 3_600_000);
      expect(ticket.sla.resolutionDueAt! - ticket.createdAt).toBe(24 * 3_600_000);
      expect(ticket.sla.firstResponseBreached).toBe(false);

      const second = await create(a.agent.token, { title: 'Second', assignee: a.agent.uid });
      expect(second.body.data).toMatchObject({ ticketNumber: 'T-000002', status: 'assigned' });
      const other = await create(b.admin.token, { title: 'Other org' });
      expect(other.body.data.ticketNumber).toBe('T-000001');

      const [mail] = await smtp.waitFor('ann@customer.test');
      expect(mail?.header('subject')).toBe('[T-000001] We received your request: Printer on fire');
      const row = await ctx.database.db
        .selectFrom('ticket')
        .where('tkid', '=', ticket.tkid)
        .select('reply_token')
        .executeTakeFirstOrThrow();
      expect(mail?.header('reply-to')).toBe(`support+tk-${row.reply_token}@acme.test`);

      const got = await detail(a.agent.token, ticket.tkid);
      expect(got.activities).toMatchObject([
        { field: 'created', newValue: 'console', actor: { uid: a.admin.uid } },
      ]);
    });

    it('hands out distinct consecutive numbers to concurrent creators', async () => {
      const org = await createRecordsOrg(ctx);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          create(i % 2 ? org.admin.token : org.agent.token, { title: `n${i}` }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(Array(12).fill(200));
      const numbers = results.map((result) => result.body.data.ticketNumber).sort();
      expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => `T-${String(i + 1).padStart(6, '0')}`));
    });

    it('answers 400 naming the field without writing, 401 and 403', async () => {
      const before = await count();
      const bad = await create(a.admin.token, { title: '', email: 'nope', priority: 'extreme' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['title', 'email', 'priority']));
      const category = await create(a.admin.token, { title: 'x', category: 'missing' });
      expect([category.status, fieldsOf(category.body)]).toEqual([400, ['category']]);
      const group = await insertWorkgroup(ctx, b.orgId);
      const foreignGroup = await create(a.admin.token, { title: 'x', wid: group.wid });
      expect([foreignGroup.status, fieldsOf(foreignGroup.body)]).toEqual([400, ['wid']]);
      const foreignAssignee = await create(a.admin.token, { title: 'x', assignee: b.agent.uid });
      expect([foreignAssignee.status, fieldsOf(foreignAssignee.body)]).toEqual([400, ['assignee']]);
      const attachment = await create(a.admin.token, {
        title: 'x',
        attachments: [{ path: 'javascript:alert(1)', fileName: 'a' }],
      });
      expect([attachment.status, fieldsOf(attachment.body)]).toEqual([400, ['attachments.0.path']]);
      expect(await count()).toBe(before);
      const zh = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/create',
        headers: { authorization: `Bearer ${a.admin.token}`, 'accept-language': 'zh-CN' },
        payload: { title: 'x', category: 'missing' },
      });
      expect(zh.json()).toMatchObject({ status_code: 400, message: '分类「missing」不是本组织的工单分类' });

      expect((await postJson(ctx, '/api/ticket/create', undefined, { title: 'x' })).status).toBe(401);
      expect((await create(a.checker.token, { title: 'x' })).status).toBe(403);
      expect((await list(a.checker.token, 'view=all')).status).toBe(403);
    });

    it("takes attachments only from the organisation's own uploads, described as stored", async () => {
      const upload = async (orgId: number, key: string) =>
        ctx.database.db
          .insertInto('attachment')
          .values({
            aid: `a-${key.replace(/\W/g, '')}`,
            org_id: orgId,
            kind: 'attachment',
            file_name: 'report.pdf',
            storage_key: key,
            suffix: 'pdf',
            media_type: 'application/pdf',
            size: 1234,
            created_at: Date.now(),
          })
          .execute();
      const ours = `${a.orgId}/2026/11/ours${target.name}.pdf`;
      const theirs = `${b.orgId}/2026/11/theirs${target.name}.pdf`;
      await upload(a.orgId, ours);
      await upload(b.orgId, theirs);
      const made = await create(a.admin.token, {
        title: 'With file',
        attachments: [
          { path: `https://kefu.example.com/uploads/${ours}`, fileName: 'evil.exe', mediaType: 'x/evil' },
        ],
      });
      expect(made.status).toBe(200);
      expect(made.body.data.attachments).toEqual([
        { path: `/uploads/${ours}`, fileName: 'report.pdf', mediaType: 'application/pdf', size: 1234 },
      ]);
      const foreign = await create(a.admin.token, {
        title: 'Stolen file',
        attachments: [
          { path: `/uploads/${ours}`, fileName: 'a' },
          { path: `/uploads/${theirs}`, fileName: 'b' },
        ],
      });
      expect([foreign.status, fieldsOf(foreign.body)]).toEqual([400, ['attachments.1.path']]);
      const note = await postJson<TicketDetail>(ctx, '/api/ticket/comment', a.admin.token, {
        tkid: made.body.data.tkid,
        kind: 'note',
        content: 'see file',
        attachments: [{ path: `/uploads/${ours}`, fileName: 'x' }],
      });
      expect(note.body.data.comments.at(-1)?.attachments).toMatchObject([{ fileName: 'report.pdf' }]);
    });

    it('lets one of two racing transitions win; the other gets 409', async () => {
      const ticket = (await create(a.admin.token, { title: 'Race', assignee: a.agent.uid })).body.data;
      const answers = await Promise.all([
        transition(a.agent.token, ticket.tkid, 'resolve'),
        transition(a.admin.token, ticket.tkid, 'resolve'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const resolved = (await detail(a.admin.token, ticket.tkid)).activities.filter(
        (x) => x.newValue === 'resolved',
      );
      expect(resolved).toHaveLength(1);
    });

    it("answers 404 for another organisation's tickets everywhere", async () => {
      const theirs = (await create(b.admin.token, { title: 'Secret', assignee: b.agent.uid })).body.data;
      const token = a.admin.token;
      const tkid = theirs.tkid;
      expect((await getJson(ctx, `/api/ticket/get?tkid=${tkid}`, token)).status).toBe(404);
      expect((await postJson(ctx, '/api/ticket/update', token, { tkid, title: 'mine' })).status).toBe(404);
      expect((await transition(token, tkid, 'close')).status).toBe(404);
      expect((await postJson(ctx, '/api/ticket/assign', token, { tkid, assignee: a.agent.uid })).status).toBe(
        404,
      );
      expect((await postJson(ctx, '/api/ticket/watch', token, { tkid, watching: true })).status).toBe(404);
      expect(
        (await postJson(ctx, '/api/ticket/comment', token, { tkid, kind: 'note', content: 'hi' })).status,
      ).toBe(404);
      const bulk = await postJson<TicketBulkResult>(ctx, '/api/ticket/bulk', token, {
        tkids: [tkid],
        priority: 'low',
      });
      expect(bulk.body.data).toMatchObject({ updated: [], failed: [{ tkid }] });
      expect((await list(token, 'view=all')).body.data.content.map((t) => t.tkid)).not.toContain(tkid);
      expect((await detail(b.admin.token, tkid)).title).toBe('Secret');
    });
  });

  describe('lifecycle', () => {
    it('walks the state machine, refuses illegal moves with 409 and logs every change', async () => {
      const ticket = (await create(a.admin.token, { title: 'Lifecycle', email: 'life@customer.test' })).body
        .data;
      const { tkid } = ticket;
      expect((await transition(a.agent.token, tkid, 'start')).status).toBe(409);
      expect((await transition(a.agent.token, tkid, 'assign')).status).toBe(409);
      const assigned = await postJson<Ticket>(ctx, '/api/ticket/assign', a.admin.token, {
        tkid,
        assignee: a.agent.uid,
      });
      expect(assigned.body.data).toMatchObject({ status: 'assigned', assignee: { uid: a.agent.uid } });
      for (const [action, status] of [
        ['start', 'processing'],
        ['wait', 'pending'],
        ['resume', 'processing'],
        ['resolve', 'resolved'],
      ] as const) {
        const moved = await transition(a.agent.token, tkid, action);
        expect([moved.status, moved.body.data.status]).toEqual([200, status]);
      }
      const refused = await transition(a.agent.token, tkid, 'wait');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('resolved');
      expect((await transition(a.agent.token, tkid, 'close')).body.data).toMatchObject({ status: 'closed' });
      const closed = await detail(a.agent.token, tkid);
      expect(closed.resolvedTime).toBeGreaterThan(0);
      expect(closed.closedTime).toBeGreaterThan(0);
      expect((await transition(a.agent.token, tkid, 'reopen')).body.data).toMatchObject({
        status: 'reopened',
        resolvedTime: null,
        closedTime: null,
      });
      const statuses = (await detail(a.agent.token, tkid)).activities
        .filter((activity) => activity.field === 'status')
        .map((activity) => `${activity.oldValue}>${activity.newValue}`);
      expect(statuses).toEqual([
        'new>assigned',
        'assigned>processing',
        'processing>pending',
        'pending>processing',
        'processing>resolved',
        'resolved>closed',
        'closed>reopened',
      ]);
      const mails = await smtp.waitFor('life@customer.test', 2);
      expect(mails.map((mail) => mail.header('subject'))).toContain(
        `[${ticket.ticketNumber}] Resolved: Lifecycle`,
      );
      // The assignee was told.
      const notices = await getJson<Page<TicketNotice>>(ctx, '/api/ticket/notice/query', a.agent.token);
      expect(notices.body.data.content.find((notice) => notice.tkid === tkid)).toMatchObject({
        kind: 'assigned',
        actor: { uid: a.admin.uid },
        read: false,
      });
    });

    it('logs each field change and re-targets the SLA on a new priority', async () => {
      const ticket = (await create(a.admin.token, { title: 'Fields', priority: 'lowest' })).body.data;
      const customer = await createCustomer(a.admin.token, 'Cora Customer');
      const updated = await postJson<Ticket>(ctx, '/api/ticket/update', a.agent.token, {
        tkid: ticket.tkid,
        title: 'Fields renamed',
        priority: 'critical',
        phone: '+86 138',
        customerId: customer.cid,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        title: 'Fields renamed',
        priority: 'critical',
        customerId: customer.cid,
        customer: { cid: customer.cid, name: 'Cora Customer', email: 'cora@customer.test' },
      });
      expect(updated.body.data.sla.firstResponseDueAt! - ticket.createdAt).toBe(30 * 60_000);
      const changes = (await detail(a.agent.token, ticket.tkid)).activities.filter(
        (x) => x.field !== 'created',
      );
      expect(changes.map((x) => [x.field, x.oldValue, x.newValue])).toEqual([
        ['title', 'Fields', 'Fields renamed'],
        ['phone', '', '+86 138'],
        ['customerId', null, customer.cid],
        ['priority', 'lowest', 'critical'],
      ]);
      const bad = await postJson(ctx, '/api/ticket/update', a.agent.token, {
        tkid: ticket.tkid,
        priority: 'x',
      });
      expect([bad.status, fieldsOf(bad.body)]).toEqual([400, ['priority']]);
    });

    it('bulk-assigns, re-prioritises and moves, reporting what does not apply', async () => {
      const one = (await create(a.admin.token, { title: 'bulk 1' })).body.data;
      const two = (await create(a.admin.token, { title: 'bulk 2' })).body.data;
      const assign = await postJson<TicketBulkResult>(ctx, '/api/ticket/bulk', a.agent.token, {
        tkids: [one.tkid, two.tkid],
        assignee: a.agent.uid,
      });
      expect(assign.body.data).toEqual({ updated: [one.tkid, two.tkid], failed: [] });
      await transition(a.agent.token, two.tkid, 'resolve');
      const start = await postJson<TicketBulkResult>(ctx, '/api/ticket/bulk', a.agent.token, {
        tkids: [one.tkid, two.tkid],
        action: 'start',
      });
      expect(start.body.data.updated).toEqual([one.tkid]);
      expect(start.body.data.failed).toMatchObject([{ tkid: two.tkid }]);
      const priority = await postJson<TicketBulkResult>(ctx, '/api/ticket/bulk', a.agent.token, {
        tkids: [one.tkid],
        priority: 'urgent',
      });
      expect(priority.body.data.updated).toEqual([one.tkid]);
      expect((await detail(a.agent.token, one.tkid)).priority).toBe('urgent');
      const twoChanges = await postJson(ctx, '/api/ticket/bulk', a.agent.token, {
        tkids: [one.tkid],
        priority: 'low',
        action: 'close',
      });
      expect([twoChanges.status, fieldsOf(twoChanges.body)]).toEqual([400, ['action']]);
    });
  });

  describe('comments, mentions and mail', () => {
    it('mails public replies, keeps notes internal, notifies mentions and stops the first-response clock', async () => {
      const ticket = (
        await create(a.admin.token, { title: 'Replies', email: 'reply@customer.test', contactName: 'Rita' })
      ).body.data;
      const note = await postJson<TicketDetail>(ctx, '/api/ticket/comment', a.admin.token, {
        tkid: ticket.tkid,
        kind: 'note',
        content: `<p>@Agent please look</p>${xss}`,
        mentions: [a.agent.uid],
      });
      expect(note.status).toBe(200);
      expect(note.body.data.comments.at(-1)).toMatchObject({
        kind: 'note',
        content: '<p>@Agent please look</p><img src="x" />',
        mentions: [{ uid: a.agent.uid }],
        emailed: false,
      });
      expect(note.body.data.sla.firstRespondedAt).toBeNull();
      expect(note.body.data.watchers.map((w) => w.uid)).toContain(a.agent.uid);
      const notices = (await getJson<Page<TicketNotice>>(ctx, '/api/ticket/notice/query', a.agent.token)).body
        .data;
      expect(notices.content.find((n) => n.tkid === ticket.tkid)).toMatchObject({ kind: 'mentioned' });

      const reply = await postJson<TicketDetail>(ctx, '/api/ticket/comment', a.agent.token, {
        tkid: ticket.tkid,
        kind: 'reply',
        content: '<p>We replaced the toner.</p>',
      });
      expect(reply.body.data.comments.at(-1)).toMatchObject({
        kind: 'reply',
        emailed: true,
        author: { uid: a.agent.uid },
      });
      expect(reply.body.data.sla.firstRespondedAt).toBeGreaterThan(0);
      const mails = await smtp.waitFor('reply@customer.test', 2);
      const replied = mails.find((mail) => mail.header('subject').includes('New reply'));
      expect(replied?.header('subject')).toBe(`[${ticket.ticketNumber}] New reply: Replies`);
      expect(replied?.raw).toContain('We replaced the toner.');
      expect(mails.some((mail) => mail.raw.includes('please look'))).toBe(false);

      const badMention = await postJson(ctx, '/api/ticket/comment', a.admin.token, {
        tkid: ticket.tkid,
        kind: 'note',
        content: 'x',
        mentions: [b.agent.uid],
      });
      expect([badMention.status, fieldsOf(badMention.body)]).toEqual([400, ['mentions']]);
      const empty = await postJson(ctx, '/api/ticket/comment', a.admin.token, {
        tkid: ticket.tkid,
        kind: 'note',
        content: '<script>x</script>',
      });
      expect([empty.status, fieldsOf(empty.body)]).toEqual([400, ['content']]);
      const read = await postJson(ctx, '/api/ticket/notice/read', a.agent.token, { nids: [] });
      expect(read.status).toBe(200);
      const after = (await getJson<Page<TicketNotice>>(ctx, '/api/ticket/notice/query', a.agent.token)).body
        .data;
      expect(after.content.every((n) => n.read)).toBe(true);
    });

    it("threads an inbound reply back by the reply address token, with the organisation's secret", async () => {
      const ticket = (
        await create(a.admin.token, { title: 'Inbound', email: 'in@customer.test', assignee: a.agent.uid })
      ).body.data;
      await transition(a.agent.token, ticket.tkid, 'resolve');
      const [mail] = await smtp.waitFor('in@customer.test');
      const replyTo = mail?.header('reply-to') ?? '';
      expect(replyTo).toMatch(/^support\+tk-[\w-]+@acme\.test$/);

      expect((await postJson(ctx, '/api/ticket/inbound/secret', a.agent.token, {})).status).toBe(403);
      const secret = (
        await postJson<{ secret: string; url: string }>(ctx, '/api/ticket/inbound/secret', a.admin.token, {})
      ).body.data;
      expect(secret.url).toContain(`/api/ticket/inbound/${a.admin.subDomain}`);
      const stored = await ctx.database.db
        .selectFrom('ticket_inbound')
        .where('org_id', '=', a.orgId)
        .select('secret_hash')
        .executeTakeFirstOrThrow();
      expect(stored.secret_hash).not.toContain(secret.secret);

      const inbound = (org: string, key: string, payload: object) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/ticket/inbound/${org}`,
          headers: { 'x-inbound-secret': key },
          payload,
        });
      const payload = {
        from: 'Ann <in@customer.test>',
        to: `"Acme" <${replyTo}>`,
        subject: `Re: [${ticket.ticketNumber}] Resolved: Inbound`,
        text: 'Still broken, sorry.\n\nOn Mon, Acme wrote:\n> resolved',
      };
      expect((await inbound(a.admin.subDomain, 'wrong', payload)).statusCode).toBe(401);
      const badBody = await inbound(a.admin.subDomain, secret.secret, { ...payload, to: '' });
      expect(badBody.statusCode).toBe(400);
      const empty = await inbound(a.admin.subDomain, secret.secret, {
        ...payload,
        text: '',
        html: '<p> </p>',
      });
      expect([empty.statusCode, fieldsOf(empty.json())]).toEqual([400, ['text']]);
      // Another organisation's valid secret cannot reach this ticket.
      const bSecret = (
        await postJson<{ secret: string }>(ctx, '/api/ticket/inbound/secret', b.admin.token, {})
      ).body.data.secret;
      expect((await inbound(b.admin.subDomain, bSecret, payload)).statusCode).toBe(404);

      const accepted = await inbound(a.admin.subDomain, secret.secret, payload);
      expect(accepted.statusCode).toBe(200);
      const got = await detail(a.agent.token, ticket.tkid);
      expect(got.status).toBe('reopened');
      expect(got.comments.at(-1)).toMatchObject({
        kind: 'reply',
        via: 'email',
        author: null,
        authorEmail: 'in@customer.test',
        content: '<p>Still broken, sorry.</p>',
      });
      const notices = (await getJson<Page<TicketNotice>>(ctx, '/api/ticket/notice/query', a.agent.token)).body
        .data;
      expect(notices.content[0]).toMatchObject({ kind: 'replied', tkid: ticket.tkid, actor: null });
    });
  });

  describe('by email', () => {
    it('opens a ticket from a mail without a ticket token and confirms it to the sender', async () => {
      const org = await createRecordsOrg(ctx);
      const secret = (
        await postJson<{ secret: string }>(ctx, '/api/ticket/inbound/secret', org.admin.token, {})
      ).body.data.secret;
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/ticket/inbound/${org.admin.subDomain}?secret=${encodeURIComponent(secret)}`,
        payload: {
          from: '"王 伟" <wang@customer.test>',
          to: 'support@acme.test',
          subject: '发票开错了',
          text: '请重新开具发票。<script>x</script>',
        },
      });
      expect(response.statusCode).toBe(200);
      const result = response.json<{ data: { tkid: string; cmid: string | null; created: boolean } }>().data;
      expect(result).toMatchObject({ cmid: null, created: true });
      const ticket = await detail(org.admin.token, result.tkid);
      expect(ticket).toMatchObject({
        title: '发票开错了',
        source: 'email',
        contactName: '王 伟',
        email: 'wang@customer.test',
        reporter: null,
        status: 'new',
        description: '<p>请重新开具发票。&lt;script&gt;x&lt;/script&gt;</p>',
      });
      const [mail] = await smtp.waitFor('wang@customer.test');
      expect(mail?.header('subject')).toBe(`[${ticket.ticketNumber}] 我们已收到您的请求：发票开错了`);
      expect(mail?.header('reply-to')).toMatch(/^support\+tk-[\w-]+@acme\.test$/);
    });
  });

  describe('views and sorting', () => {
    it('lists by view and filter, and sorts by the nearest running target', async () => {
      const org = await createRecordsOrg(ctx);
      const now = Date.now();
      const mine = (
        await create(org.admin.token, { title: 'Mine', assignee: org.agent.uid, priority: 'low' })
      ).body.data;
      const overdue = (await create(org.admin.token, { title: 'Overdue', dueAt: now + 60_000 })).body.data;
      await ctx.database.db
        .updateTable('ticket')
        .set({ next_due_at: now - 1000 })
        .where('tkid', '=', overdue.tkid)
        .execute();
      const reported = (await create(org.agent.token, { title: 'Reported by agent', priority: 'critical' }))
        .body.data;
      const pending = (await create(org.admin.token, { title: 'Pending', assignee: org.admin.uid })).body
        .data;
      await transition(org.admin.token, pending.tkid, 'start');
      await transition(org.admin.token, pending.tkid, 'wait');
      await postJson(ctx, '/api/ticket/watch', org.agent.token, { tkid: pending.tkid, watching: true });

      const ids = async (query: string, token = org.agent.token) =>
        (await list(token, query)).body.data.content.map((t) => t.tkid);
      expect(await ids('view=mine')).toEqual([mine.tkid]);
      expect(await ids('view=reported')).toEqual([reported.tkid]);
      expect(await ids('view=watching')).toEqual(expect.arrayContaining([pending.tkid, reported.tkid]));
      expect(await ids('view=unassigned')).toEqual([reported.tkid, overdue.tkid]);
      expect(await ids('view=pending')).toEqual([pending.tkid]);
      expect(await ids('view=overdue')).toEqual([overdue.tkid]);
      expect(await ids('view=open&priority=low')).toEqual([mine.tkid]);
      expect(await ids(`keyword=${mine.ticketNumber}`)).toEqual([mine.tkid]);
      expect(await ids('keyword=reported BY')).toEqual([reported.tkid]);
      expect(await ids(`assignee=${org.agent.uid}`)).toEqual([mine.tkid]);
      const dueSoon = await ids('sort=dueSoon');
      // Overdue first, then critical (30 min), then the rest by their targets.
      expect(dueSoon.slice(0, 2)).toEqual([overdue.tkid, reported.tkid]);
      const page = (await list(org.agent.token, 'size=2&page=1')).body.data;
      expect(page).toMatchObject({ totalElements: 4, number: 1, size: 2, content: [{}, {}] });
      expect((await list(org.agent.token, 'view=nope')).status).toBe(400);
      // The checker holds no ticket permission; a quality checker sees no ticket views.
      expect((await list(org.checker.token, 'view=mine')).status).toBe(403);
    });
  });

  describe('from a conversation and from feedback', () => {
    it('turns a conversation into a ticket with its transcript, linked both ways', async () => {
      const group = await insertWorkgroup(ctx, a.orgId, { nickname: 'Billing' });
      const visitor = await insertVisitor(ctx, a.orgId, { nickname: 'Vera' });
      const vera = await createCustomer(a.admin.token, 'Vera Visitor');
      const veraRow = await ctx.database.db
        .selectFrom('customer')
        .where('cid', '=', vera.cid)
        .select('id')
        .executeTakeFirstOrThrow();
      await ctx.database.db
        .updateTable('visitor')
        .set({ email: 'vera@customer.test', mobile: '13800000000', customer_id: veraRow.id })
        .where('id', '=', visitor.id)
        .execute();

      const thread = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.id,
        workgroupId: group.id,
      });
      await insertMessage(ctx, {
        orgId: a.orgId,
        threadId: thread.id,
        content: 'My invoice <b>is wrong</b>',
        sender: { kind: 'visitor', visitorId: visitor.id },
      });
      await insertMessage(ctx, {
        orgId: a.orgId,
        threadId: thread.id,
        content: 'Let me open a ticket',
        sender: { kind: 'agent', userId: a.agent.userId },
      });
      // Before: the conversation carries no ticket.
      const before = await getJson<Thread>(ctx, `/api/thread/get?tid=${thread.tid}`, a.admin.token);
      expect([before.status, before.body.data.ticket]).toEqual([200, null]);
      const created = await postJson<Ticket>(ctx, '/api/ticket/create/thread', a.agent.token, {
        tid: thread.tid,
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({
        title: 'Conversation with Vera',
        contactName: 'Vera',
        email: 'vera@customer.test',
        phone: '13800000000',
        source: 'thread',
        threadUid: thread.tid,
        workgroup: { wid: group.wid, nickname: 'Billing' },
        // The visitor's CRM customer.
        customerId: vera.cid,
        customer: { cid: vera.cid, name: 'Vera Visitor' },
      });
      // After a reload the workbench reads the link from the conversation itself.
      const after = await getJson<Thread>(ctx, `/api/thread/get?tid=${thread.tid}`, a.admin.token);
      expect(after.body.data.ticket).toEqual({
        tkid: created.body.data.tkid,
        ticketNumber: created.body.data.ticketNumber,
      });
      const got = await detail(a.agent.token, created.body.data.tkid);
      expect(got.comments[0]?.kind).toBe('note');
      expect(got.comments[0]?.content).toContain('My invoice &lt;b&gt;is wrong&lt;/b&gt;');
      expect(got.comments[0]?.content).toContain('Agent Smith');
      const link = await ctx.database.db
        .selectFrom('thread')
        .innerJoin('ticket', 'ticket.id', 'thread.ticket_id')
        .where('thread.id', '=', thread.id)
        .select('ticket.tkid')
        .executeTakeFirst();
      expect(link?.tkid).toBe(created.body.data.tkid);
      // An explicit null keeps the ticket unlinked from the visitor's customer.
      const unlinked = await postJson<Ticket>(ctx, '/api/ticket/create/thread', a.agent.token, {
        tid: thread.tid,
        customerId: null,
      });
      expect(unlinked.body.data.customerId).toBeNull();

      const otherThread = await insertThread(ctx, {
        orgId: b.orgId,
        visitorId: (await insertVisitor(ctx, b.orgId)).id,
      });
      const foreign = await postJson(ctx, '/api/ticket/create/thread', a.agent.token, {
        tid: otherThread.tid,
      });
      expect(foreign.status).toBe(404);
    });

    it('creates a ticket from feedback through app.services.tickets', async () => {
      const ticket = await ctx.app.services.tickets.createFromFeedback(
        {
          orgId: a.orgId,
          actorUserId: null,
          feedbackId: 'fb_123',
          title: 'The app crashes',
          description: `<p>On start</p>${xss}`,
          email: '',
        },
        'en-US',
      );
      expect(ticket).toMatchObject({
        source: 'feedback',
        feedbackId: 'fb_123',
        reporter: null,
        status: 'new',
      });
      expect(ticket.description).toBe('<p>On start</p><img src="x" />');
      const fromFeedback = (await list(a.admin.token, 'source=feedback')).body.data.content.map(
        (t) => t.tkid,
      );
      expect(fromFeedback).toEqual([ticket.tkid]);
    });
  });

  describe('SLA policies, templates, statistics', () => {
    it('saves policies per priority (administrators) and counts business hours of the group', async () => {
      const org = await createRecordsOrg(ctx);
      const defaults = (await getJson<TicketSlaPolicy[]>(ctx, '/api/ticket/sla', org.agent.token)).body.data;
      expect(defaults.map((policy) => policy.priority)).toEqual([
        'lowest',
        'low',
        'medium',
        'high',
        'urgent',
        'critical',
      ]);
      const body = { policies: [{ priority: 'medium', firstResponseMinutes: 60, resolutionMinutes: 600 }] };
      expect((await postJson(ctx, '/api/ticket/sla', org.agent.token, body)).status).toBe(403);
      const duplicate = await postJson(ctx, '/api/ticket/sla', org.admin.token, {
        policies: [body.policies[0], body.policies[0]],
      });
      expect([duplicate.status, fieldsOf(duplicate.body)]).toEqual([400, ['policies']]);
      const saved = await postJson<TicketSlaPolicy[]>(ctx, '/api/ticket/sla', org.admin.token, body);
      expect(saved.body.data.find((policy) => policy.priority === 'medium')).toMatchObject({
        firstResponseMinutes: 60,
        resolutionMinutes: 600,
        warnMinutes: 60,
      });
      // Only open on Sundays 10:00–11:00 UTC: a one-hour target lands on a Sunday at 11:00 at the latest.
      const group = await insertWorkgroup(ctx, org.orgId);
      await ctx.database.db
        .updateTable('workgroup')
        .set({
          work_times: JSON.stringify({
            timezone: 'UTC',
            entries: [{ weekday: 7, start: '10:00', end: '11:00' }],
          }),
        })
        .where('id', '=', group.id)
        .execute();
      const ticket = (await create(org.admin.token, { title: 'SLA', wid: group.wid })).body.data;
      const due = new Date(ticket.sla.firstResponseDueAt!);
      expect([due.getUTCDay(), due.getUTCHours(), due.getUTCMinutes()]).toEqual([0, 11, 0]);
      expect(ticket.sla.firstResponseDueAt! - ticket.createdAt).toBeGreaterThan(60 * 60_000);
    });

    it('keeps templates with presets and custom fields that tickets must satisfy', async () => {
      const org = await createRecordsOrg(ctx);
      const save = (token: string, payload: object) =>
        postJson<TicketTemplate>(ctx, '/api/ticket/template/save', token, payload);
      const template = await save(org.agent.token, {
        name: 'Refund',
        preset: { title: 'Refund request', priority: 'high', description: `<p>Order?</p>${xss}` },
        fields: [
          { key: 'order', label: 'Order number', type: 'text', required: true },
          { key: 'reason', label: 'Reason', type: 'select', options: ['broken', 'late'] },
        ],
      });
      expect(template.status).toBe(200);
      expect(template.body.data.preset).toMatchObject({
        title: 'Refund request',
        description: '<p>Order?</p><img src="x" />',
      });
      const { ttid } = template.body.data;
      expect((await save(org.agent.token, { name: 'Refund' })).status).toBe(409);
      expect((await save(b.admin.token, { ttid, name: 'Stolen' })).status).toBe(404);
      const badField = await save(org.agent.token, {
        name: 'Bad',
        fields: [{ key: '1x', label: 'x', type: 'text' }],
      });
      expect([badField.status, fieldsOf(badField.body)]).toEqual([400, ['fields.0.key']]);

      const missing = await create(org.agent.token, {
        title: 'Refund',
        template: ttid,
        customFields: { reason: 'other' },
      });
      expect([missing.status, fieldsOf(missing.body).sort()]).toEqual([
        400,
        ['customFields.order', 'customFields.reason'],
      ]);
      const made = await create(org.agent.token, {
        title: 'Refund for 42',
        template: ttid,
        priority: 'high',
        customFields: { order: '42', reason: 'late' },
      });
      expect(made.body.data).toMatchObject({
        title: 'Refund for 42',
        description: '<p>Order?</p><img src="x" />',
        customFields: { order: '42', reason: 'late' },
      });
      const templates = (await getJson<TicketTemplate[]>(ctx, '/api/ticket/template/query', org.agent.token))
        .body.data;
      expect(templates.map((t) => t.name)).toEqual(['Refund']);
      expect((await getJson(ctx, '/api/ticket/template/query', b.admin.token)).body.data).toEqual([]);
      expect((await postJson(ctx, '/api/ticket/template/delete', org.agent.token, { ttid })).status).toBe(
        403,
      );
      expect((await postJson(ctx, '/api/ticket/template/delete', b.admin.token, { ttid })).status).toBe(404);
      expect((await postJson(ctx, '/api/ticket/template/delete', org.admin.token, { ttid })).status).toBe(
        200,
      );
    });

    it('computes figures by day, status, priority, assignee and group, with medians and the breach rate', async () => {
      const org = await createRecordsOrg(ctx);
      const group = await insertWorkgroup(ctx, org.orgId, { nickname: 'Support' });
      const one = (await create(org.admin.token, { title: 's1', assignee: org.agent.uid, wid: group.wid }))
        .body.data;
      const two = (await create(org.admin.token, { title: 's2', priority: 'critical' })).body.data;
      await create(org.admin.token, { title: 's3', priority: 'low' });
      await postJson(ctx, '/api/ticket/comment', org.agent.token, {
        tkid: one.tkid,
        kind: 'reply',
        content: 'hi',
      });
      await transition(org.agent.token, one.tkid, 'resolve');
      // s2 breached its first-response target.
      await ctx.database.db
        .updateTable('ticket')
        .set({ first_response_due_at: Date.now() - 1000 })
        .where('tkid', '=', two.tkid)
        .execute();
      const from = Date.now() - 86_400_000;
      const stats = await getJson<TicketStatistic>(
        ctx,
        `/api/ticket/statistic?from=${from}&to=${Date.now()}`,
        org.admin.token,
      );
      expect(stats.status).toBe(200);
      const data = stats.body.data;
      expect(data.total).toBe(3);
      expect(data.byDay.reduce((sum, day) => sum + day.created, 0)).toBe(3);
      expect(data.byDay.reduce((sum, day) => sum + day.resolved, 0)).toBe(1);
      expect(data.byDay.at(-1)?.backlog).toBe(2);
      expect(data.byStatus.find((row) => row.key === 'resolved')?.count).toBe(1);
      expect(data.byPriority.find((row) => row.key === 'critical')?.count).toBe(1);
      expect(data.byAssignee.find((row) => row.key === org.agent.uid)).toMatchObject({
        label: 'Agent Smith',
        count: 1,
      });
      expect(data.byGroup.find((row) => row.key === group.wid)).toMatchObject({ label: 'Support', count: 1 });
      expect(data.medianFirstResponseMs).toBeGreaterThanOrEqual(0);
      expect(data.medianResolutionMs).toBeGreaterThanOrEqual(0);
      expect(data.slaBreachRate).toBeCloseTo(1 / 3);
      const bySource = async (source: string) =>
        (
          await getJson<TicketStatistic>(
            ctx,
            `/api/ticket/statistic?from=${from}&to=${Date.now()}&source=${source}`,
            org.admin.token,
          )
        ).body.data.total;
      expect([await bySource('console'), await bySource('feedback')]).toEqual([3, 0]);
      expect(
        (await getJson(ctx, `/api/ticket/statistic?from=${Date.now()}&to=${from}`, org.admin.token)).status,
      ).toBe(400);
      expect(
        (await getJson(ctx, `/api/ticket/statistic?from=${from}&to=${Date.now()}`, org.checker.token)).status,
      ).toBe(403);
    });
  });

  describe('customers, SLA warnings, watchers, replies and the export', () => {
    it("takes only the organisation's own customers, 400 naming customerId otherwise", async () => {
      const ours = await createCustomer(a.admin.token, 'Olga Ours');
      const theirs = await createCustomer(b.admin.token, 'Tom Theirs');
      const before = await count();
      for (const customerId of ['cus_1', theirs.cid]) {
        const refused = await create(a.admin.token, { title: 'x', customerId });
        expect([refused.status, fieldsOf(refused.body)]).toEqual([400, ['customerId']]);
      }
      expect(await count()).toBe(before);
      const made = (await create(a.admin.token, { title: 'For Olga', customerId: ours.cid })).body.data;
      expect(made.customer).toEqual({ cid: ours.cid, name: 'Olga Ours', email: 'olga@customer.test' });
      expect(
        (await list(a.admin.token, `customerId=${ours.cid}`)).body.data.content.map((t) => t.tkid),
      ).toEqual([made.tkid]);
      const stolen = await postJson(ctx, '/api/ticket/update', a.admin.token, {
        tkid: made.tkid,
        customerId: theirs.cid,
      });
      expect([stolen.status, fieldsOf(stolen.body)]).toEqual([400, ['customerId']]);
      expect((await detail(a.admin.token, made.tkid)).customerId).toBe(ours.cid);
      const cleared = await postJson<Ticket>(ctx, '/api/ticket/update', a.admin.token, {
        tkid: made.tkid,
        customerId: null,
      });
      expect(cleared.body.data).toMatchObject({ customerId: null, customer: null });
    });

    it("flags 'due soon' by the policy's warning window, and a breach when finished unanswered past the target", async () => {
      const org = await createRecordsOrg(ctx);
      await postJson(ctx, '/api/ticket/sla', org.admin.token, {
        policies: [{ priority: 'high', firstResponseMinutes: 120, resolutionMinutes: 600, warnMinutes: 30 }],
      });
      const ticket = (
        await create(org.admin.token, { title: 'Soon', priority: 'high', assignee: org.agent.uid })
      ).body.data;
      expect(ticket.sla).toMatchObject({ warnMinutes: 30, dueSoon: false });
      const moveTarget = (tkid: string, at: number) =>
        ctx.database.db
          .updateTable('ticket')
          .set({ first_response_due_at: at, next_due_at: at })
          .where('tkid', '=', tkid)
          .execute();
      // 40 minutes away: outside the 30-minute window (inside the old fixed hour).
      await moveTarget(ticket.tkid, Date.now() + 40 * 60_000);
      expect((await detail(org.admin.token, ticket.tkid)).sla.dueSoon).toBe(false);
      await moveTarget(ticket.tkid, Date.now() + 20 * 60_000);
      expect((await detail(org.admin.token, ticket.tkid)).sla.dueSoon).toBe(true);
      const listed = (await list(org.admin.token, 'view=open')).body.data.content;
      expect(listed.find((t) => t.tkid === ticket.tkid)?.sla).toMatchObject({
        dueSoon: true,
        warnMinutes: 30,
      });
      // Another priority keeps its own (default) window: medium warns 120 minutes ahead.
      const medium = (await create(org.admin.token, { title: 'Medium' })).body.data;
      await moveTarget(medium.tkid, Date.now() + 100 * 60_000);
      expect((await detail(org.admin.token, medium.tkid)).sla).toMatchObject({
        warnMinutes: 120,
        dueSoon: true,
      });

      // Resolved with no reply after the first-response target: breached, and it stays so once finished.
      await moveTarget(ticket.tkid, Date.now() - 1000);
      const resolved = await transition(org.agent.token, ticket.tkid, 'resolve');
      expect(resolved.body.data.sla).toMatchObject({ firstResponseBreached: true, dueSoon: false });
      const stored = await ctx.database.db
        .selectFrom('ticket')
        .where('tkid', '=', ticket.tkid)
        .select('first_response_breached')
        .executeTakeFirstOrThrow();
      expect(Number(stored.first_response_breached)).toBe(1);
      // Closed unanswered past the target: breached too; closed in time: not.
      await moveTarget(medium.tkid, Date.now() - 1000);
      expect(
        (await transition(org.admin.token, medium.tkid, 'close')).body.data.sla.firstResponseBreached,
      ).toBe(true);
      const inTime = (await create(org.admin.token, { title: 'In time', assignee: org.agent.uid })).body.data;
      expect(
        (await transition(org.agent.token, inTime.tkid, 'resolve')).body.data.sla.firstResponseBreached,
      ).toBe(false);
      const stats = await getJson<TicketStatistic>(
        ctx,
        `/api/ticket/statistic?from=${Date.now() - 86_400_000}&to=${Date.now()}`,
        org.admin.token,
      );
      expect(stats.body.data.slaBreachRate).toBeCloseTo(2 / 3);
    });

    it('logs watching, unwatching and the watchers a mention adds', async () => {
      const ticket = (await create(a.admin.token, { title: 'Watched' })).body.data;
      const watch = (token: string, watching: boolean) =>
        postJson<Ticket>(ctx, '/api/ticket/watch', token, { tkid: ticket.tkid, watching });
      const watcherLog = async () =>
        (await detail(a.admin.token, ticket.tkid)).activities
          .filter((x) => x.field === 'watchers')
          .map((x) => [x.oldValue, x.newValue, x.actor?.uid]);
      expect((await watch(a.agent.token, true)).body.data.watchers.map((w) => w.uid)).toContain(a.agent.uid);
      await watch(a.agent.token, true);
      await watch(a.agent.token, false);
      await watch(a.agent.token, false);
      expect(await watcherLog()).toEqual([
        [null, 'Agent Smith', a.agent.uid],
        ['Agent Smith', null, a.agent.uid],
      ]);
      const mention = () =>
        postJson(ctx, '/api/ticket/comment', a.admin.token, {
          tkid: ticket.tkid,
          kind: 'note',
          content: 'look',
          mentions: [a.agent.uid, a.admin.uid],
        });
      await mention();
      await mention();
      // The admin was watching already (the reporter); the agent is added once, by the admin.
      expect((await watcherLog()).slice(2)).toEqual([[null, 'Agent Smith', a.admin.uid]]);
    });

    it("checks the template's custom fields on update as on create", async () => {
      const org = await createRecordsOrg(ctx);
      const template = (
        await postJson<TicketTemplate>(ctx, '/api/ticket/template/save', org.admin.token, {
          name: 'Return',
          fields: [
            { key: 'order', label: 'Order', type: 'text', required: true },
            { key: 'qty', label: 'Quantity', type: 'number' },
          ],
        })
      ).body.data;
      const made = (
        await create(org.agent.token, {
          title: 'Return 7',
          template: template.ttid,
          customFields: { order: '7' },
        })
      ).body.data;
      expect(made.template).toEqual({ ttid: template.ttid, name: 'Return' });
      const update = (customFields: object) =>
        postJson<Ticket>(ctx, '/api/ticket/update', org.agent.token, { tkid: made.tkid, customFields });
      const bad = await update({ qty: 'three' });
      expect([bad.status, fieldsOf(bad.body).sort()]).toEqual([
        400,
        ['customFields.order', 'customFields.qty'],
      ]);
      expect((await detail(org.agent.token, made.tkid)).customFields).toEqual({ order: '7' });
      const good = await update({ order: '8', qty: 3 });
      expect([good.status, good.body.data.customFields]).toEqual([200, { order: '8', qty: 3 }]);
      // A ticket without a template takes any values.
      const plain = (await create(org.agent.token, { title: 'Plain' })).body.data;
      const free = await postJson<Ticket>(ctx, '/api/ticket/update', org.agent.token, {
        tkid: plain.tkid,
        customFields: { anything: 'goes' },
      });
      expect([free.status, free.body.data.template]).toEqual([200, null]);
    });

    it('tells the assignee and the watchers of replies, never the author', async () => {
      const org = await createRecordsOrg(ctx);
      const ticket = (
        await create(org.admin.token, {
          title: 'Followed',
          email: 'followed@customer.test',
          assignee: org.agent.uid,
        })
      ).body.data;
      const replied = async (token: string) =>
        (await getJson<Page<TicketNotice>>(ctx, '/api/ticket/notice/query', token)).body.data.content.filter(
          (notice) => notice.kind === 'replied' && notice.tkid === ticket.tkid,
        );
      // The agent answers in the console: the admin, who reported and so watches, hears of it.
      await postJson(ctx, '/api/ticket/comment', org.agent.token, {
        tkid: ticket.tkid,
        kind: 'reply',
        content: 'On it',
      });
      expect(await replied(org.admin.token)).toMatchObject([{ actor: { uid: org.agent.uid } }]);
      expect(await replied(org.agent.token)).toEqual([]);
      // An internal note is not a reply.
      await postJson(ctx, '/api/ticket/comment', org.agent.token, {
        tkid: ticket.tkid,
        kind: 'note',
        content: 'n',
      });
      expect(await replied(org.admin.token)).toHaveLength(1);
      // The contact answers by mail: the assignee and the watcher both hear of it.
      const secret = (
        await postJson<{ secret: string }>(ctx, '/api/ticket/inbound/secret', org.admin.token, {})
      ).body.data.secret;
      const { reply_token: token } = await ctx.database.db
        .selectFrom('ticket')
        .where('tkid', '=', ticket.tkid)
        .select('reply_token')
        .executeTakeFirstOrThrow();
      const inbound = await ctx.app.inject({
        method: 'POST',
        url: `/api/ticket/inbound/${org.admin.subDomain}`,
        headers: { 'x-inbound-secret': secret },
        payload: { from: 'followed@customer.test', to: `support+tk-${token}@acme.test`, text: 'Thanks' },
      });
      expect(inbound.statusCode).toBe(200);
      expect(await replied(org.agent.token)).toMatchObject([{ actor: null }]);
      expect(await replied(org.admin.token)).toHaveLength(2);
    });

    it('exports the statistics as an Excel sheet in the request language', async () => {
      const org = await createRecordsOrg(ctx);
      const one = (await create(org.admin.token, { title: 'e1', assignee: org.agent.uid })).body.data;
      await create(org.admin.token, { title: 'e2', priority: 'critical' });
      await transition(org.agent.token, one.tkid, 'resolve');
      const range = `from=${Date.now() - 86_400_000}&to=${Date.now()}`;
      const exportAs = (token: string | undefined, query: string, language = 'en-US') =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/ticket/statistic/export?${query}`,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': language },
        });
      const response = await exportAs(org.admin.token, range, 'zh-CN');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(encodeURIComponent('工单统计.xlsx'));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('统计');
      const rows: (string | number | null)[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1)));
      expect(rows[0]).toEqual(['维度', '项目', '数量 / 数值', '已解决', '积压']);
      expect(Number(response.headers['x-export-rows'])).toBe(rows.length - 1);
      expect(rows).toContainEqual(['概览', '新建工单数', 2]);
      expect(rows).toContainEqual(['按状态', '已解决', 1]);
      expect(rows).toContainEqual(['按优先级', '严重', 1]);
      expect(rows).toContainEqual(['按处理人', 'Agent Smith', 1]);
      const days = rows.filter((row) => row[0] === '每日新建');
      expect(days.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(2);
      expect(days.reduce((sum, row) => sum + Number(row[3]), 0)).toBe(1);
      // Another organisation's tickets are not in it; feedback tickets alone: none here.
      const feedbackOnly = await exportAs(b.admin.token, `${range}&source=feedback`);
      const other = new ExcelJS.Workbook();
      await other.xlsx.load(feedbackOnly.rawPayload as unknown as ArrayBuffer);
      const summary: (string | number | null)[][] = [];
      other
        .getWorksheet('Statistics')
        ?.eachRow((row) => summary.push((row.values as (string | number | null)[]).slice(1)));
      expect(summary).toContainEqual(['Summary', 'Tickets created', 0]);
      // Agents may read the statistics but not export them; bad ranges are refused.
      expect((await exportAs(org.agent.token, range)).statusCode).toBe(403);
      expect((await exportAs(org.checker.token, range)).statusCode).toBe(403);
      expect((await exportAs(undefined, range)).statusCode).toBe(401);
      const bad = await exportAs(org.admin.token, `from=${Date.now()}&to=${Date.now() - 86_400_000}`);
      expect([bad.statusCode, fieldsOf(bad.json())]).toEqual([400, ['to']]);
    });
  });

  describe('real time', () => {
    it("pushes assignment and mention notices to the colleague's console", async () => {
      const url = await listen(ctx.app);
      const socket = await connectSocket(url, { kind: 'agent', token: a.agent.token });
      try {
        const assigned = nextEvent<TicketNotice>(
          socket,
          'ticket:notice',
          (notice) => notice.kind === 'assigned',
        );
        const ticket = (await create(a.admin.token, { title: 'Live', assignee: a.agent.uid })).body.data;
        expect(await assigned).toMatchObject({
          tkid: ticket.tkid,
          ticketNumber: ticket.ticketNumber,
          title: 'Live',
          actor: { uid: a.admin.uid },
          read: false,
        });
        const mentioned = nextEvent<TicketNotice>(
          socket,
          'ticket:notice',
          (notice) => notice.kind === 'mentioned',
        );
        await postJson(ctx, '/api/ticket/comment', a.admin.token, {
          tkid: ticket.tkid,
          kind: 'note',
          content: 'look',
          mentions: [a.agent.uid, a.admin.uid],
        });
        expect((await mentioned).tkid).toBe(ticket.tkid);
        // Nobody is told about their own mention.
        const own = await ctx.database.db
          .selectFrom('ticket_notice as n')
          .innerJoin('ticket as t', 't.id', 'n.ticket_id')
          .where('n.user_id', '=', a.admin.userId)
          .where('t.tkid', '=', ticket.tkid)
          .select('n.nid')
          .execute();
        expect(own).toEqual([]);
      } finally {
        socket.close();
      }
    });
  });
});
