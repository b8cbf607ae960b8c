import type { Notice, NoticeUnread, Page, PlatformNotice } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../../lib/mail/test-smtp.js';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { connectSocket, listen, nextEvent } from '../../realtime/socket.fixture.js';
import { createRecordsOrg, getJson, postJson, type RecordsOrg } from '../../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('platform notice routes', (target) => {
  const env: Record<string, string> = {
    EMAIL_PROVIDER: 'smtp',
    MAIL_FROM: 'OpenKefu <platform@openkefu.test>',
  };
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => smtp?.close());
  const ctx = useTestApp(target, { env, build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  let staffToken: string;
  let socket: Socket;

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    await ctx.database.db
      .updateTable('user')
      .set({ email: 'owner-a@shop.test', language: 'zh-CN' })
      .where('id', '=', a.admin.userId)
      .execute();
    await ctx.database.db
      .updateTable('user')
      .set({ email: 'agent-a@shop.test' })
      .where('id', '=', a.agent.userId)
      .execute();
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
    socket = await connectSocket(await listen(ctx.app), { kind: 'agent', token: a.agent.token });
  });
  afterAll(() => socket?.close());

  const send = (token: string | undefined, payload: object) =>
    postJson<PlatformNotice>(ctx, '/api/platform/notice/create', token, payload);
  const inbox = async (token: string, query = '') =>
    (await getJson<Page<Notice>>(ctx, `/api/notice/query${query}`, token)).body.data;
  const unread = async (token: string) =>
    (await getJson<NoticeUnread>(ctx, '/api/notice/unread', token)).body.data.count;

  it('refuses organisation admins (403) and anonymous callers (401)', async () => {
    expect((await send(a.admin.token, { title: 'x', content: 'y', audience: 'all' })).status).toBe(403);
    expect((await getJson(ctx, '/api/platform/notice/query', a.admin.token)).status).toBe(403);
    expect((await postJson(ctx, '/api/platform/notice/withdraw', a.admin.token, { nid: 'x' })).status).toBe(
      403,
    );
    expect((await send(undefined, { title: 'x', content: 'y', audience: 'all' })).status).toBe(401);
    expect((await getJson(ctx, '/api/notice/unread')).status).toBe(401);
    expect((await postJson(ctx, '/api/notice/read/all', undefined, {})).status).toBe(401);
  });

  it('answers 400 naming the field', async () => {
    const cases: [object, string[]][] = [
      [{ content: 'y', audience: 'all' }, ['title']],
      [{ title: 'x', content: 'y', audience: 'some' }, ['audience']],
      [{ title: 'x', content: 'y', audience: 'all', level: 'error' }, ['level']],
      [{ title: 'x', content: 'y', audience: 'orgs' }, ['subDomains']],
      [{ title: 'x', content: 'y', audience: 'orgs', subDomains: ['no-such-org'] }, ['subDomains']],
      [{ title: 'x', content: '<script>alert(1)</script>', audience: 'all' }, ['content']],
    ];
    for (const [payload, fields] of cases) {
      const response = await send(staffToken, payload);
      expect(response.status).toBe(400);
      expect(fieldsOf(response.body)).toEqual(fields);
    }
    expect(fieldsOf((await postJson(ctx, '/api/notice/read', a.admin.token, {})).body)).toEqual(['nid']);
    expect(fieldsOf((await getJson(ctx, '/api/platform/notice/query?state=gone', staffToken)).body)).toEqual([
      'state',
    ]);
  });

  describe('a notice to one organisation', () => {
    let notice: PlatformNotice;

    beforeAll(async () => {
      const pushed = nextEvent<{ nid: string; title: string }>(socket, 'notice:new');
      const response = await send(staffToken, {
        title: 'Maintenance tonight',
        content:
          '<p>Down <strong>22:00</strong>–23:00<img src=x onerror=alert(1)></p><script>alert(1)</script>',
        level: 'warning',
        audience: 'orgs',
        subDomains: [a.admin.subDomain],
      });
      expect(response.status).toBe(200);
      notice = response.body.data;
      expect((await pushed).nid).toBe(notice.nid);
    });

    it('is stored sanitised, with its audience and recipients', () => {
      expect(notice).toMatchObject({
        title: 'Maintenance tonight',
        level: 'warning',
        audience: 'orgs',
        recipients: 3,
        readers: 0,
        isEmailed: true,
        withdrawnAt: null,
      });
      expect(notice.content).toContain('<strong>22:00</strong>');
      expect(notice.content).not.toMatch(/script|onerror/);
      expect(notice.organizations.map((org) => org.subDomain)).toEqual([a.admin.subDomain]);
    });

    it("reaches the organisation's console users only", async () => {
      expect((await inbox(a.agent.token)).content.map((entry) => entry.nid)).toEqual([notice.nid]);
      expect(await unread(a.checker.token)).toBe(1);
      expect((await inbox(b.admin.token)).content).toEqual([]);
      expect((await postJson(ctx, '/api/notice/read', b.admin.token, { nid: notice.nid })).status).toBe(404);
    });

    it('is marked read per user and counted for staff', async () => {
      const read = await postJson<NoticeUnread>(ctx, '/api/notice/read', a.agent.token, { nid: notice.nid });
      expect(read.body.data.count).toBe(0);
      expect((await inbox(a.agent.token)).content[0]?.read).toBe(true);
      expect((await inbox(a.agent.token, '?unreadOnly=true')).content).toEqual([]);
      expect(await unread(a.admin.token)).toBe(1);
      const list = await getJson<Page<PlatformNotice>>(ctx, '/api/platform/notice/query', staffToken);
      expect(list.body.data.content.find((entry) => entry.nid === notice.nid)).toMatchObject({
        readers: 1,
        recipients: 3,
      });
    });

    it("mails the organisation's administrators in their language through background jobs", async () => {
      await ctx.app.services.jobs.runDue();
      await ctx.app.services.jobs.runDue();
      const [mail] = await smtp.waitFor('owner-a@shop.test');
      expect(mail?.header('subject')).toBe('[重要通知] Maintenance tonight');
      expect(mail?.raw).not.toMatch(/onerror/);
      expect(smtp.received.some((entry) => entry.to.includes('agent-a@shop.test'))).toBe(false);
    });

    it('is withdrawn once: it leaves every bell', async () => {
      const withdrawn = await postJson<PlatformNotice>(ctx, '/api/platform/notice/withdraw', staffToken, {
        nid: notice.nid,
      });
      expect(withdrawn.body.data.withdrawnAt).toBeGreaterThan(0);
      expect((await inbox(a.admin.token)).content).toEqual([]);
      expect(await unread(a.admin.token)).toBe(0);
      expect(
        (await postJson(ctx, '/api/platform/notice/withdraw', staffToken, { nid: notice.nid })).status,
      ).toBe(409);
      expect((await postJson(ctx, '/api/platform/notice/withdraw', staffToken, { nid: 'nope' })).status).toBe(
        404,
      );
      const withdrawnList = await getJson<Page<PlatformNotice>>(
        ctx,
        '/api/platform/notice/query?state=withdrawn&keyword=maintenance',
        staffToken,
      );
      expect(withdrawnList.body.data.content.map((entry) => entry.nid)).toEqual([notice.nid]);
    });
  });

  it('sends to every organisation, and marks all read', async () => {
    const response = await send(staffToken, {
      title: 'New feature',
      content: '<p>Hello all</p>',
      audience: 'all',
      sendEmail: false,
    });
    expect(response.body.data).toMatchObject({ audience: 'all', isEmailed: false, level: 'info' });
    expect(response.body.data.recipients).toBeGreaterThanOrEqual(7);
    expect(await unread(b.admin.token)).toBe(1);
    const all = await postJson<NoticeUnread>(ctx, '/api/notice/read/all', b.admin.token, {});
    expect(all.body.data.count).toBe(0);
    expect(await unread(a.admin.token)).toBe(1);
  });
});
