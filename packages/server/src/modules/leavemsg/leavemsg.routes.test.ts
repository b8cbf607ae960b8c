import type { LeaveMessage, Page, VisitorInitResult } from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { readMailBody, readMailSubject, startSmtpServer } from '../auth/mail.fixture.js';
import {
  createRecordsOrg,
  getJson,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { leaveMessageHourlyLimit } from './leavemsg.service.js';

await describeEachDatabase('leave message routes', (target) => {
  // The app mails replies through its own SMTP provider, pointed at a local server.
  const env: Record<string, string> = { EMAIL_PROVIDER: 'smtp', MAIL_FROM: 'Acme <support@acme.test>' };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => smtp?.close());
  const ctx = useTestApp(target, { env, build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  const groups = { byDefault: '', byMobile: '', byEmail: '', ofB: '' };

  const initVisitor = async (org: RecordsOrg): Promise<VisitorInitResult> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain, nickname: 'Guest' },
    });
    if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
    return response.json<Envelope<VisitorInitResult>>().data;
  };

  const leave = (token: string | undefined, payload: object) =>
    postJson<LeaveMessage>(ctx, '/visitor/api/leavemsg', token, payload);

  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    groups.byDefault = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' })).wid;
    groups.byMobile = (
      await insertWorkgroup(ctx, a.orgId, { nickname: 'Phone', leaveMessageType: 'mobile' })
    ).wid;
    groups.byEmail = (
      await insertWorkgroup(ctx, a.orgId, { nickname: 'Mail', leaveMessageType: 'email' })
    ).wid;
    groups.ofB = (await insertWorkgroup(ctx, b.orgId, { nickname: 'B team' })).wid;
  });

  describe('POST /visitor/api/leavemsg', () => {
    it('stores a message for a skill group with the contact it asks for', async () => {
      const visitor = await initVisitor(a);
      const { status, body } = await leave(visitor.token, {
        wid: groups.byDefault,
        content: '  Please call me back about my order  ',
        email: 'guest@example.com',
      });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        content: 'Please call me back about my order',
        email: 'guest@example.com',
        mobile: '',
        status: 'unread',
        reply: '',
        repliedAt: null,
        emailed: false,
        visitor: { vid: visitor.visitor.vid, nickname: 'Guest' },
        workgroup: { wid: groups.byDefault, nickname: 'Sales' },
        agent: null,
      });
      expect(body.data.lid).toMatch(/^[0-9a-z]{20}$/);
    });

    it("asks for the contact the skill group's leaveMessageType requires, naming the field", async () => {
      const { token } = await initVisitor(a);
      const neither = await leave(token, { wid: groups.byDefault, content: 'Hi' });
      expect(neither.status).toBe(400);
      expect(fieldsOf(neither.body)).toEqual(['mobile', 'email']);
      expect(neither.body.message).toBe('Leave a mobile number or an email address so that we can answer');
      const noMobile = await leave(token, {
        wid: groups.byMobile,
        content: 'Hi',
        email: 'guest@example.com',
      });
      expect(noMobile.status).toBe(400);
      expect(fieldsOf(noMobile.body)).toEqual(['mobile']);
      const noEmail = await leave(token, { wid: groups.byEmail, content: 'Hi', mobile: '13800138000' });
      expect(noEmail.status).toBe(400);
      expect(fieldsOf(noEmail.body)).toEqual(['email']);
      expect(
        (await leave(token, { wid: groups.byMobile, content: 'Hi', mobile: '13800138000' })).status,
      ).toBe(200);
      expect(
        (await leave(token, { wid: groups.byEmail, content: 'Hi', email: 'g@example.com' })).status,
      ).toBe(200);
    });

    it('validates the body before anything else', async () => {
      const { token } = await initVisitor(a);
      const bad = await leave(token, { content: '', email: 'not-an-address', mobile: 'call me' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['content', 'email', 'mobile']));
    });

    it('takes an appointed agent or the organisation itself as the target', async () => {
      const { token } = await initVisitor(a);
      const toAgent = await leave(token, { aid: a.agent.uid, content: 'For Smith', mobile: '13800138000' });
      expect(toAgent.status).toBe(200);
      expect(toAgent.body.data).toMatchObject({ workgroup: null, agent: { uid: a.agent.uid } });
      const toOrg = await leave(token, { content: 'For anyone', mobile: '13800138000' });
      expect(toOrg.body.data).toMatchObject({ workgroup: null, agent: null });
    });

    it("answers 404 for an unknown or another organisation's skill group or agent, 401 without a token", async () => {
      const { token } = await initVisitor(a);
      expect((await leave(token, { wid: 'nope', content: 'Hi', mobile: '13800138000' })).status).toBe(404);
      expect((await leave(token, { wid: groups.ofB, content: 'Hi', mobile: '13800138000' })).status).toBe(
        404,
      );
      expect((await leave(token, { aid: b.agent.uid, content: 'Hi', mobile: '13800138000' })).status).toBe(
        404,
      );
      expect((await leave(undefined, { content: 'Hi', mobile: '13800138000' })).status).toBe(401);
      expect((await leave('forged', { content: 'Hi', mobile: '13800138000' })).status).toBe(401);
    });

    it(`refuses more than ${leaveMessageHourlyLimit} messages an hour from one visitor (429)`, async () => {
      const { token } = await initVisitor(a);
      for (let index = 0; index < leaveMessageHourlyLimit; index += 1)
        expect((await leave(token, { content: `#${index}`, mobile: '13800138000' })).status).toBe(200);
      const refused = await leave(token, { content: 'one more', mobile: '13800138000' });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });

  describe('the console and the returning visitor', () => {
    let visitor: VisitorInitResult;
    let withEmail: LeaveMessage;
    let withMobile: LeaveMessage;
    let ofB: LeaveMessage;

    beforeAll(async () => {
      visitor = await initVisitor(a);
      withEmail = (
        await leave(visitor.token, {
          wid: groups.byDefault,
          content: '退款什么时候到账？',
          email: 'ann@example.com',
        })
      ).body.data;
      withMobile = (
        await leave(visitor.token, { wid: groups.byMobile, content: 'Call me', mobile: '+86 138 0013 8000' })
      ).body.data;
      const visitorOfB = await initVisitor(b);
      ofB = (await leave(visitorOfB.token, { wid: groups.ofB, content: 'B only', mobile: '13800138000' }))
        .body.data;
    });

    it("pages the organisation's leave messages newest first, filterable by status and skill group", async () => {
      const { status, body } = await getJson<Page<LeaveMessage>>(
        ctx,
        `/api/leavemsg/query?wid=${groups.byDefault}`,
        a.admin.token,
      );
      expect(status).toBe(200);
      expect(body.data.content[0]).toMatchObject({ lid: withEmail.lid, status: 'unread' });
      const all = await getJson<Page<LeaveMessage>>(ctx, '/api/leavemsg/query?size=100', a.admin.token);
      expect(all.body.data.content.map((message) => message.lid)).not.toContain(ofB.lid);
      expect(all.body.data.content[0]?.lid).toBe(withMobile.lid);
      const ofOther = await getJson<Page<LeaveMessage>>(
        ctx,
        `/api/leavemsg/query?wid=${groups.ofB}`,
        a.admin.token,
      );
      expect(ofOther.body.data.totalElements).toBe(0);
      const inB = await getJson<Page<LeaveMessage>>(ctx, '/api/leavemsg/query', b.admin.token);
      expect(inB.body.data.content.map((message) => message.lid)).toEqual([ofB.lid]);
    });

    it('marks a message read', async () => {
      const read = await postJson<LeaveMessage>(ctx, '/api/leavemsg/read', a.agent.token, {
        lid: withMobile.lid,
      });
      expect(read.status).toBe(200);
      expect(read.body.data.status).toBe('read');
      const unread = await getJson<Page<LeaveMessage>>(
        ctx,
        `/api/leavemsg/query?status=read&wid=${groups.byMobile}`,
        a.admin.token,
      );
      expect(unread.body.data.content.map((message) => message.lid)).toEqual([withMobile.lid]);
    });

    it('replies by email when the visitor left an address, and the visitor sees the reply', async () => {
      const before = smtp.mails.length;
      const replied = await ctx.app.inject({
        method: 'POST',
        url: '/api/leavemsg/reply',
        headers: { authorization: `Bearer ${a.agent.token}`, 'accept-language': 'zh-CN' },
        payload: { lid: withEmail.lid, reply: '  已退款，预计三个工作日到账。 ' },
      });
      expect(replied.statusCode).toBe(200);
      const data = replied.json<Envelope<LeaveMessage>>().data;
      expect(data).toMatchObject({
        status: 'replied',
        reply: '已退款，预计三个工作日到账。',
        emailed: true,
        agent: { uid: a.agent.uid },
      });
      expect(data.repliedAt).toBeGreaterThan(0);
      expect(smtp.mails).toHaveLength(before + 1);
      const mail = smtp.mails.at(-1);
      expect(mail).toMatchObject({ from: 'support@acme.test', to: ['ann@example.com'] });
      expect(readMailSubject(mail?.data ?? '')).toMatch(/回复了您的留言$/);
      const body = readMailBody(mail?.data ?? '');
      expect(body).toContain('已退款，预计三个工作日到账。');
      expect(body).toContain('退款什么时候到账？');

      const own = await getJson<LeaveMessage[]>(ctx, '/visitor/api/leavemsg', visitor.token);
      expect(own.status).toBe(200);
      expect(own.body.data.map((message) => [message.lid, message.status, message.reply])).toEqual([
        [withMobile.lid, 'read', ''],
        [withEmail.lid, 'replied', '已退款，预计三个工作日到账。'],
      ]);
    });

    it('replies without mail when only a mobile number was left', async () => {
      const before = smtp.mails.length;
      const replied = await postJson<LeaveMessage>(ctx, '/api/leavemsg/reply', a.admin.token, {
        lid: withMobile.lid,
        reply: 'We will call you today',
      });
      expect(replied.body.data).toMatchObject({ status: 'replied', emailed: false });
      expect(smtp.mails).toHaveLength(before);
      // Reading a replied message leaves it replied.
      const read = await postJson<LeaveMessage>(ctx, '/api/leavemsg/read', a.admin.token, {
        lid: withMobile.lid,
      });
      expect(read.body.data.status).toBe('replied');
    });

    it('closes a message (twice is harmless) and refuses to answer it afterwards', async () => {
      const closed = await postJson<LeaveMessage>(ctx, '/api/leavemsg/close', a.admin.token, {
        lid: withMobile.lid,
      });
      expect(closed.status).toBe(200);
      expect(closed.body.data).toMatchObject({ status: 'closed', reply: 'We will call you today' });
      const again = await postJson<LeaveMessage>(ctx, '/api/leavemsg/close', a.admin.token, {
        lid: withMobile.lid,
      });
      expect(again.body.data.status).toBe('closed');
      const late = await postJson(ctx, '/api/leavemsg/reply', a.admin.token, {
        lid: withMobile.lid,
        reply: 'Hello?',
      });
      expect(late.status).toBe(409);
    });

    it('answers 400 naming the field, 401, 403, and 404 for unknown and other organisations’ lids', async () => {
      const emptyReply = await postJson(ctx, '/api/leavemsg/reply', a.admin.token, {
        lid: withEmail.lid,
        reply: ' ',
      });
      expect(emptyReply.status).toBe(400);
      expect(fieldsOf(emptyReply.body)).toEqual(['reply']);
      const noLid = await postJson(ctx, '/api/leavemsg/read', a.admin.token, {});
      expect(fieldsOf(noLid.body)).toEqual(['lid']);
      expect(fieldsOf((await getJson(ctx, '/api/leavemsg/query?status=lost', a.admin.token)).body)).toEqual([
        'status',
      ]);
      for (const path of ['/api/leavemsg/read', '/api/leavemsg/close'])
        for (const lid of ['nope', ofB.lid])
          expect((await postJson(ctx, path, a.admin.token, { lid })).status).toBe(404);
      expect(
        (await postJson(ctx, '/api/leavemsg/reply', a.admin.token, { lid: ofB.lid, reply: 'x' })).status,
      ).toBe(404);
      expect((await getJson(ctx, '/api/leavemsg/query')).status).toBe(401);
      expect((await postJson(ctx, '/api/leavemsg/close', undefined, { lid: withEmail.lid })).status).toBe(
        401,
      );
      expect((await getJson(ctx, '/visitor/api/leavemsg')).status).toBe(401);
      expect((await getJson(ctx, '/api/leavemsg/query', a.checker.token)).status).toBe(403);
      for (const path of ['/api/leavemsg/read', '/api/leavemsg/reply', '/api/leavemsg/close'])
        expect((await postJson(ctx, path, a.checker.token, { lid: withEmail.lid, reply: 'x' })).status).toBe(
          403,
        );
    });

    it('keeps the reply when the mail server is gone, saying it was not emailed', async () => {
      await smtp.close();
      const replied = await postJson<LeaveMessage>(ctx, '/api/leavemsg/reply', a.admin.token, {
        lid: withEmail.lid,
        reply: 'A second answer',
      });
      expect(replied.status).toBe(200);
      expect(replied.body.data).toMatchObject({
        status: 'replied',
        reply: 'A second answer',
        emailed: false,
      });
    });
  });
});
