import type {
  Attachment,
  Page,
  Ticket,
  VisitorInitResult,
  VisitorTicket,
  WidgetSettings,
  Workgroup,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { imageBytes, multipartBody, pdfBytes } from '../../test/upload-fixtures.js';
import { signIdentity } from '../crm/crm.service.js';
import {
  createRecordsOrg,
  getJson,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { visitorTicketRateRule } from './ticket.visitor.service.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('ticket visitor routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let groupA: string;
  let closedGroupA: string;
  let groupB: string;

  let addressCounter = 0;
  /** A fresh address per visitor, so the per-address limit of one test does not leak into the next. */
  const nextAddress = () => `10.2.${Math.floor(addressCounter / 200)}.${(addressCounter++ % 200) + 1}`;

  const initVisitor = async (org: RecordsOrg) => {
    const ip = nextAddress();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain, nickname: 'Guest' },
      remoteAddress: ip,
    });
    if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
    return { ...response.json<Envelope<VisitorInitResult>>().data, ip };
  };

  const leave = async (visitor: { token: string; ip: string } | null, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/ticket/create',
      headers: visitor ? bearer(visitor.token) : {},
      payload,
      remoteAddress: visitor?.ip ?? '10.9.9.9',
    });
    return { status: response.statusCode, body: response.json<Envelope<VisitorTicket>>() };
  };

  const mine = (token: string) => getJson<VisitorTicket[]>(ctx, '/visitor/api/ticket/mine', token);

  const upload = async (token: string, kind: 'image' | 'file', data: Buffer, name: string) => {
    const { payload, headers } = multipartBody({ file: { data, name } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/visitor/api/upload?kind=${kind}`,
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
    return response.json<Envelope<Attachment>>().data;
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

  const valid = (wid: string) => ({
    wid,
    title: 'Refund for order 42',
    description: 'I was charged twice.\n\nPlease refund one.',
    email: 'Guest@Example.com',
    url: 'https://shop.example/orders/42',
  });

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    groupA = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' })).wid;
    closedGroupA = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' })).wid;
    groupB = (await insertWorkgroup(ctx, b.orgId)).wid;
    for (const [org, wid] of [
      [a, groupA],
      [b, groupB],
    ] as const) {
      const updated = await postJson<Workgroup>(ctx, '/api/workgroup/update', org.admin.token, {
        wid,
        widgetTicket: true,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data.widgetTicket).toBe(true);
    }
  });

  describe('the skill group switch', () => {
    it('is off by default, edited by the group form and shown to the widget', async () => {
      const groups = await getJson<Workgroup[]>(ctx, '/api/workgroup/all', a.admin.token);
      expect(groups.body.data.find((group) => group.wid === closedGroupA)?.widgetTicket).toBe(false);
      expect(groups.body.data.find((group) => group.wid === groupA)?.widgetTicket).toBe(true);
      const visitor = await initVisitor(a);
      const on = await getJson<WidgetSettings>(ctx, `/visitor/api/settings?wid=${groupA}`, visitor.token);
      expect(on.body.data.widgetTicket).toBe(true);
      const off = await getJson<WidgetSettings>(
        ctx,
        `/visitor/api/settings?wid=${closedGroupA}`,
        visitor.token,
      );
      expect(off.body.data.widgetTicket).toBe(false);
    });
  });

  describe('leave a ticket', () => {
    it('opens an external widget ticket in the group with the visitor as contact and its uploads', async () => {
      const visitor = await initVisitor(a);
      const image = await upload(visitor.token, 'image', await imageBytes('png', 20, 20), 'shot.png');
      const pdf = await upload(visitor.token, 'file', pdfBytes(), 'invoice.pdf');
      const sent = await leave(visitor, {
        ...valid(groupA),
        contactName: '  Ann  ',
        phone: '+1 555 0100',
        attachments: [image.aid, pdf.aid],
      });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({
        title: 'Refund for order 42',
        email: 'guest@example.com',
        status: 'new',
        replies: [],
      });
      expect(sent.body.data.ticketNumber).toMatch(/^T-\d{6}$/);
      expect(sent.body.data.description).toContain('I was charged twice.');
      expect(sent.body.data.attachments.map((item) => item.fileName)).toEqual(['shot.png', 'invoice.pdf']);

      const listed = await getJson<Page<Ticket>>(
        ctx,
        '/api/ticket/query?source=widget&size=50',
        a.admin.token,
      );
      const ticket = listed.body.data.content.find((row) => row.tkid === sent.body.data.tkid);
      expect(ticket).toMatchObject({
        source: 'widget',
        type: 'external',
        contactName: 'Ann',
        email: 'guest@example.com',
        phone: '+1 555 0100',
        reporter: null,
        workgroup: { wid: groupA, nickname: 'Support' },
      });
      expect(ticket?.description).toContain('https://shop.example/orders/42');
      expect(ticket?.attachments).toHaveLength(2);
    });

    it('shows the public replies on return, never the internal notes', async () => {
      const visitor = await initVisitor(a);
      const sent = await leave(visitor, valid(groupA));
      const tkid = sent.body.data.tkid;
      for (const [kind, content] of [
        ['note', '<p>internal: check the payment log</p>'],
        ['reply', '<p>Refunded, sorry for that.</p>'],
      ] as const)
        expect(
          (await postJson(ctx, '/api/ticket/comment', a.agent.token, { tkid, kind, content })).status,
        ).toBe(200);
      const listed = await mine(visitor.token);
      expect(listed.status).toBe(200);
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0]?.replies).toEqual([
        expect.objectContaining({
          from: 'agent',
          nickname: 'Agent Smith',
          content: 'Refunded, sorry for that.',
        }),
      ]);
      expect(JSON.stringify(listed.body.data)).not.toContain('internal');

      // Another visitor, and the other organisation's visitor, see none of it.
      expect((await mine((await initVisitor(a)).token)).body.data).toEqual([]);
      expect((await mine((await initVisitor(b)).token)).body.data).toEqual([]);
    });

    it('links the customer the site identified', async () => {
      const secret = (
        await postJson<{ secret: string }>(ctx, '/api/customer/identity/secret', a.admin.token, {})
      ).body.data.secret;
      const visitor = await initVisitor(a);
      const identified = await postJson<{ cid: string }>(ctx, '/visitor/api/identify', visitor.token, {
        userId: 'site-user-7',
        name: 'Ann Site',
        signature: signIdentity(secret, { userId: 'site-user-7', name: 'Ann Site' }),
      });
      expect(identified.status).toBe(200);
      const sent = await leave(visitor, valid(groupA));
      const ticket = (
        await getJson<Page<Ticket>>(ctx, '/api/ticket/query?source=widget&size=100', a.admin.token)
      ).body.data.content.find((row) => row.tkid === sent.body.data.tkid);
      expect(ticket?.customerId).toBe(identified.body.data.cid);
      expect(ticket?.contactName).toBe('Guest');
    });
  });

  describe('refusals write nothing', () => {
    it('answers 401 without a visitor token', async () => {
      expect((await leave(null, valid(groupA))).status).toBe(401);
      expect((await getJson(ctx, '/visitor/api/ticket/mine')).status).toBe(401);
      expect((await getJson(ctx, '/visitor/api/ticket/mine', a.admin.token)).status).toBe(401);
    });

    it('answers 403 when the group does not offer tickets, 404 for unknown or foreign groups', async () => {
      const visitor = await initVisitor(a);
      const before = await count();
      expect((await leave(visitor, valid(closedGroupA))).status).toBe(403);
      expect((await leave(visitor, valid(groupB))).status).toBe(404);
      expect((await leave(visitor, valid('no-such-group'))).status).toBe(404);
      expect(await count()).toBe(before);
    });

    it('answers 400 naming the field', async () => {
      const visitor = await initVisitor(a);
      // An agent's upload of the same organisation is not the visitor's to attach.
      const agentFile = multipartBody({ file: { data: await imageBytes('png', 8, 8), name: 'x.png' } });
      const agentUpload = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        payload: agentFile.payload,
        headers: { ...agentFile.headers, ...bearer(a.agent.token) },
      });
      expect(agentUpload.statusCode).toBe(200);
      const foreign = await upload((await initVisitor(b)).token, 'file', pdfBytes(), 'other.pdf');
      const before = await count();
      const cases: [object, string][] = [
        [{ ...valid(groupA), email: '' }, 'email'],
        [{ ...valid(groupA), email: 'not-an-address' }, 'email'],
        [{ ...valid(groupA), title: '   ' }, 'title'],
        [{ ...valid(groupA), description: '' }, 'description'],
        [{ ...valid(groupA), title: 'x'.repeat(201) }, 'title'],
        [{ ...valid(groupA), url: 'javascript:alert(1)' }, 'url'],
        [{ ...valid(groupA), attachments: ['a', 'b', 'c', 'd', 'e'] }, 'attachments'],
        [{ ...valid(groupA), attachments: [foreign.aid] }, 'attachments.0'],
        [{ ...valid(groupA), attachments: ['no-such-aid'] }, 'attachments.0'],
      ];
      cases.push([
        { ...valid(groupA), attachments: [agentUpload.json<Envelope<Attachment>>().data.aid] },
        'attachments.0',
      ]);
      for (const [payload, field] of cases) {
        const answer = await leave(visitor, payload);
        expect(answer.status, field).toBe(400);
        expect(fieldsOf(answer.body), field).toContain(field);
      }
      expect(await count()).toBe(before);
    });

    it('rate-limits per visitor with 429', async () => {
      const visitor = await initVisitor(a);
      for (let index = 0; index < visitorTicketRateRule.limit; index += 1)
        expect((await leave(visitor, valid(groupA))).status).toBe(200);
      const before = await count();
      const limited = await leave(visitor, valid(groupA));
      expect(limited.status).toBe(429);
      expect(await count()).toBe(before);
      expect((await mine(visitor.token)).body.data).toHaveLength(visitorTicketRateRule.limit);
    });
  });
});
