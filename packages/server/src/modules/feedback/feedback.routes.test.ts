import { randomBytes } from 'node:crypto';
import type {
  Attachment,
  Feedback,
  FeedbackStatistic,
  HelpCenterSettingsResponse,
  Page,
  VisitorFeedback,
  VisitorInitResult,
} from '@openkefu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter } from '../../lib/limiter.js';
import { startTestSmtpServer } from '../../lib/mail/test-smtp.js';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { imageBytes, multipartBody, pdfBytes } from '../../test/upload-fixtures.js';
import type { Principal } from '../auth/auth.service.js';
import {
  createRecordsOrg,
  getJson,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';
import {
  createFeedbackService,
  feedbackImageRule,
  feedbackRateRule,
  type FeedbackTicketInput,
} from './feedback.service.js';

await describeEachDatabase('feedback routes', (target) => {
  // Replies to a visitor who left an email address go out by mail: a local SMTP server receives them.
  const env: Record<string, string> = {
    EMAIL_PROVIDER: 'smtp',
    MAIL_FROM: 'Acme <support@acme.test>',
    // Small, so the help centre's image upload can be tested past its limit.
    UPLOAD_MAX_IMAGE_MB: '1',
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

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  let addressCounter = 0;
  /** A fresh address per visitor, so the per-address limit of one test does not leak into the next. */
  const nextAddress = () => `10.1.${Math.floor(addressCounter / 200)}.${(addressCounter++ % 200) + 1}`;

  const initVisitor = async (org: RecordsOrg): Promise<VisitorInitResult & { ip: string }> => {
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

  const send = async (visitor: { token: string; ip: string }, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/feedback/create',
      headers: bearer(visitor.token),
      payload,
      remoteAddress: visitor.ip,
    });
    return { status: response.statusCode, body: response.json<Envelope<VisitorFeedback>>() };
  };

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

  describe('from the widget', () => {
    it('stores feedback with checked images, and the visitor sees the reply on return', async () => {
      const visitor = await initVisitor(a);
      const image = await upload(visitor.token, 'image', await imageBytes('png', 20, 20), 'shot.png');
      const sent = await send(visitor, {
        category: 'bug',
        content: '  The checkout button does nothing  ',
        images: [image.aid],
        contact: 'guest@example.com',
        url: 'https://shop.example/checkout',
        browser: 'Firefox 140',
      });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({
        category: 'bug',
        content: 'The checkout button does nothing',
        status: 'open',
        reply: '',
        images: [{ aid: image.aid, path: image.path }],
      });
      const fid = sent.body.data.fid;

      const detail = await getJson<Feedback>(ctx, `/api/feedback/get?fid=${fid}`, a.agent.token);
      expect(detail.body.data).toMatchObject({
        fid,
        source: 'widget',
        contact: 'guest@example.com',
        url: 'https://shop.example/checkout',
        browser: 'Firefox 140',
        visitor: { vid: visitor.visitor.vid },
        ticketId: null,
      });
      const replied = await postJson<Feedback>(ctx, '/api/feedback/reply', a.agent.token, {
        fid,
        reply: 'Fixed in today’s release, thank you!',
      });
      expect(replied.status).toBe(200);
      expect(replied.body.data).toMatchObject({ status: 'replied', replier: { uid: a.agent.uid } });
      const [mail] = await smtp.waitFor('guest@example.com');
      expect(mail?.header('subject')).toContain('replied to your feedback');
      expect(mail?.raw).toContain('Fixed in today');
      const mine = await getJson<VisitorFeedback[]>(ctx, '/visitor/api/feedback/mine', visitor.token);
      expect(mine.body.data).toMatchObject([
        { fid, status: 'replied', reply: 'Fixed in today’s release, thank you!' },
      ]);
      const stranger = await initVisitor(a);
      expect((await getJson<unknown[]>(ctx, '/visitor/api/feedback/mine', stranger.token)).body.data).toEqual(
        [],
      );
      expect((await getJson(ctx, '/visitor/api/feedback/mine')).status).toBe(401);
    });

    it('refuses bad input naming the field, and stores nothing', async () => {
      const visitor = await initVisitor(a);
      const pdf = await upload(visitor.token, 'file', pdfBytes(), 'doc.pdf');
      const other = await initVisitor(b);
      const foreignImage = await upload(other.token, 'image', await imageBytes('png', 10, 10), 'b.png');
      const cases: [object, string][] = [
        [{ category: 'rant', content: 'x' }, 'category'],
        [{ category: 'bug', content: '' }, 'content'],
        [{ category: 'bug', content: 'x', url: 'javascript:alert(1)' }, 'url'],
        [{ category: 'bug', content: 'x', images: ['1', '2', '3', '4', '5'] }, 'images'],
        [{ category: 'bug', content: 'x', images: [pdf.aid] }, 'images.0'],
        [{ category: 'bug', content: 'x', images: [foreignImage.aid] }, 'images.0'],
      ];
      for (const [payload, field] of cases) {
        const { status, body } = await send(visitor, payload);
        expect(status).toBe(400);
        expect(fieldsOf(body)).toContain(field);
      }
      expect((await getJson<unknown[]>(ctx, '/visitor/api/feedback/mine', visitor.token)).body.data).toEqual(
        [],
      );
    });

    it('limits how often one visitor sends feedback', async () => {
      const visitor = await initVisitor(a);
      for (let index = 0; index < feedbackRateRule.limit; index += 1)
        expect((await send(visitor, { category: 'other', content: `note ${index}` })).status).toBe(200);
      const refused = await send(visitor, { category: 'other', content: 'one more' });
      expect(refused.status).toBe(429);
    });

    it("names the form's categories in the visitor's language", async () => {
      const visitor = await initVisitor(a);
      const read = async (language: string) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/visitor/api/feedback/categories',
          headers: { ...bearer(visitor.token), 'accept-language': language },
        });
        return {
          status: response.statusCode,
          body: response.json<Envelope<{ value: string; name: string }[]>>(),
        };
      };
      const english = await read('en-US');
      expect(english.status).toBe(200);
      expect(english.body.data.map((category) => category.value)).toEqual([
        'suggestion',
        'bug',
        'complaint',
        'praise',
        'other',
      ]);
      expect(english.body.data[1]).toEqual({ value: 'bug', name: 'Problem' });
      expect((await read('zh-CN')).body.data[0]).toEqual({ value: 'suggestion', name: '建议' });
      expect((await getJson(ctx, '/visitor/api/feedback/categories')).status).toBe(401);
    });
  });

  describe('from the help centre', () => {
    it('accepts feedback for a published help centre only', async () => {
      const org = await createRecordsOrg(ctx);
      const post = (slug: string, payload: object) =>
        ctx.app.inject({
          method: 'POST',
          url: `/help/${slug}/api/feedback`,
          payload,
          remoteAddress: nextAddress(),
        });
      const payload = { category: 'suggestion', content: 'Add a dark theme', url: 'https://help.example/x' };
      expect((await post('no-such-help-centre', payload)).statusCode).toBe(404);
      const current = await getJson<HelpCenterSettingsResponse>(ctx, '/api/kb/settings', org.admin.token);
      const { slug, url, ...settings } = current.body.data;
      expect(url).toBeTruthy();
      const hide = await postJson(ctx, '/api/kb/settings/update', org.admin.token, {
        ...settings,
        published: false,
      });
      expect(hide.status).toBe(200);
      expect((await post(slug, payload)).statusCode).toBe(404);
      await postJson(ctx, '/api/kb/settings/update', org.admin.token, { ...settings, published: true });
      const accepted = await post(slug, payload);
      expect(accepted.statusCode).toBe(200);
      expect((await post(slug, { category: 'suggestion' })).statusCode).toBe(400);
      const list = await getJson<Page<Feedback>>(ctx, '/api/feedback/query', org.agent.token);
      expect(list.body.data.content).toMatchObject([
        { source: 'help', content: 'Add a dark theme', visitor: null },
      ]);
      expect(
        (await getJson<Page<Feedback>>(ctx, '/api/feedback/query', b.admin.token)).body.data.content,
      ).not.toEqual(expect.arrayContaining([expect.objectContaining({ content: 'Add a dark theme' })]));
    });
  });

  describe("from the help centre's form, with images", () => {
    let org: RecordsOrg;
    let slug: string;
    beforeAll(async () => {
      org = await createRecordsOrg(ctx);
      slug = org.admin.subDomain;
    });
    const postImage = (data: Buffer, name: string, ip: string, to = slug, language = 'en-US') => {
      const { payload, headers } = multipartBody({ file: { data, name } });
      return ctx.app.inject({
        method: 'POST',
        url: `/help/${to}/api/feedback/image`,
        headers: { ...headers, 'accept-language': language },
        payload,
        remoteAddress: ip,
      });
    };
    const postFeedback = (payload: object, ip: string, to = slug) =>
      ctx.app.inject({ method: 'POST', url: `/help/${to}/api/feedback`, payload, remoteAddress: ip });

    it('stores the feedback with its checked images, shown in the console', async () => {
      const ip = nextAddress();
      const aids: string[] = [];
      for (const [format, name] of [
        ['png', 'one.png'],
        ['jpeg', 'two.jpg'],
      ] as const) {
        const response = await postImage(await imageBytes(format, 30, 20), name, ip);
        expect(response.statusCode).toBe(200);
        const image = response.json<Envelope<{ aid: string; path: string; thumbPath: string | null }>>().data;
        expect(image.path).toMatch(/^\/uploads\//);
        expect(image.thumbPath).toMatch(/^\/uploads\//);
        aids.push(image.aid);
      }
      const sent = await postFeedback(
        {
          category: 'bug',
          content: 'The refund article shows a broken image',
          contact: 'ann@example.com',
          url: `https://help.example/help/${slug}/article/x`,
          browser: 'Mozilla/5.0',
          images: aids,
        },
        ip,
      );
      expect(sent.statusCode).toBe(200);
      const { fid } = sent.json<Envelope<{ fid: string }>>().data;
      const stored = await getJson<Feedback>(ctx, `/api/feedback/get?fid=${fid}`, org.agent.token);
      expect(stored.status).toBe(200);
      expect(stored.body.data).toMatchObject({
        source: 'help',
        category: 'bug',
        contact: 'ann@example.com',
        visitor: null,
      });
      expect(stored.body.data.images.map((image) => image.aid)).toEqual(aids);
      // The images are the organisation's, not another's.
      expect((await getJson(ctx, `/api/feedback/get?fid=${fid}`, b.admin.token)).status).toBe(404);
    });

    it('refuses bad input naming the field, and stores nothing', async () => {
      const ip = nextAddress();
      const before = (await getJson<Page<Feedback>>(ctx, '/api/feedback/query', org.agent.token)).body.data
        .totalElements;
      const pdf = await postImage(pdfBytes(), 'manual.pdf', ip);
      expect(pdf.statusCode).toBe(400);
      expect(fieldsOf(pdf.json())).toEqual(['file']);
      const zh = await postImage(pdfBytes(), 'manual.png', ip, slug, 'zh-CN');
      expect(zh.statusCode).toBe(400);
      expect(zh.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
      const noContent = await postFeedback({ category: 'bug' }, ip);
      expect(noContent.statusCode).toBe(400);
      expect(fieldsOf(noContent.json())).toContain('content');
      // A PNG signature followed by more than the 1 MB limit: refused while streaming.
      const large = await postImage(
        Buffer.concat([await imageBytes('png', 10, 10), randomBytes(1024 * 1024 + 1)]),
        'big.png',
        ip,
      );
      expect(large.statusCode).toBe(413);

      // Images of another organisation, or files that are not images, are not this form's images.
      const visitorOfB = await initVisitor(b);
      const foreign = await upload(visitorOfB.token, 'image', await imageBytes('png', 10, 10), 'b.png');
      const image = (await postImage(await imageBytes('png', 10, 10), 'ok.png', ip)).json<
        Envelope<{ aid: string }>
      >().data;
      const cases: [object, string][] = [
        [{ category: 'rant', content: 'x' }, 'category'],
        [{ category: 'bug', content: '   ' }, 'content'],
        [{ category: 'bug', content: 'x', contact: 'x'.repeat(201) }, 'contact'],
        [{ category: 'bug', content: 'x', url: 'javascript:alert(1)' }, 'url'],
        [{ category: 'bug', content: 'x', images: [image.aid, '2', '3', '4', '5'] }, 'images'],
        [{ category: 'bug', content: 'x', images: [image.aid, foreign.aid] }, 'images.1'],
        [{ category: 'bug', content: 'x', images: ['no-such-image'] }, 'images.0'],
      ];
      for (const [payload, field] of cases) {
        const response = await postFeedback(payload, ip);
        expect(response.statusCode, field).toBe(400);
        expect(fieldsOf(response.json()), field).toContain(field);
      }
      expect(
        (await getJson<Page<Feedback>>(ctx, '/api/feedback/query', org.agent.token)).body.data.totalElements,
      ).toBe(before);
      // An unknown help centre: 404 before anything is read or stored.
      expect((await postImage(await imageBytes('png', 10, 10), 'x.png', ip, 'no-such-help')).statusCode).toBe(
        404,
      );
    });

    it('limits feedback and image uploads per address with 429 and retryAfter', async () => {
      const ip = nextAddress();
      for (let index = 0; index < feedbackRateRule.limit; index += 1)
        expect((await postFeedback({ category: 'other', content: `note ${index}` }, ip)).statusCode).toBe(
          200,
        );
      const refused = await postFeedback({ category: 'other', content: 'one more' }, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ retryAfter?: number }>().retryAfter).toBeGreaterThan(0);
      // Another address is not affected.
      expect(
        (await postFeedback({ category: 'other', content: 'elsewhere' }, nextAddress())).statusCode,
      ).toBe(200);

      const imageIp = nextAddress();
      const png = await imageBytes('png', 10, 10);
      for (let index = 0; index < feedbackImageRule.limit; index += 1)
        expect((await postImage(png, `${index}.png`, imageIp)).statusCode).toBe(200);
      const tooMany = await postImage(png, 'again.png', imageIp);
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.headers['retry-after']).toBeTruthy();
    });
  });

  describe('in the console', () => {
    it('filters, closes, guards by role and organisation', async () => {
      const org = await createRecordsOrg(ctx);
      const visitor = await initVisitor(org);
      const bug = (await send(visitor, { category: 'bug', content: 'Broken' })).body.data;
      const praise = (await send(visitor, { category: 'praise', content: 'Lovely' })).body.data;
      const query = (token: string, search: string) =>
        getJson<Page<Feedback>>(ctx, `/api/feedback/query?${search}`, token);
      expect((await query(org.agent.token, 'category=bug')).body.data.content.map((f) => f.fid)).toEqual([
        bug.fid,
      ]);
      expect((await query(org.agent.token, 'category=nope')).status).toBe(400);
      const future = Date.now() + 3_600_000;
      expect((await query(org.agent.token, `from=${future}`)).body.data.totalElements).toBe(0);
      const closed = await postJson<Feedback>(ctx, '/api/feedback/close', org.agent.token, {
        fid: praise.fid,
      });
      expect(closed.body.data.status).toBe('closed');
      expect((await query(org.agent.token, 'status=closed')).body.data.content.map((f) => f.fid)).toEqual([
        praise.fid,
      ]);
      expect(
        (await postJson(ctx, '/api/feedback/reply', org.agent.token, { fid: praise.fid, reply: 'x' })).status,
      ).toBe(409);
      const badReply = await postJson(ctx, '/api/feedback/reply', org.agent.token, {
        fid: bug.fid,
        reply: '',
      });
      expect(badReply.status).toBe(400);
      expect(fieldsOf(badReply.body)).toEqual(['reply']);

      // Other organisation: 404 everywhere; checker (no feedback authority): 403; anonymous: 401.
      expect((await getJson(ctx, `/api/feedback/get?fid=${bug.fid}`, b.admin.token)).status).toBe(404);
      expect(
        (await postJson(ctx, '/api/feedback/reply', b.admin.token, { fid: bug.fid, reply: 'x' })).status,
      ).toBe(404);
      expect((await postJson(ctx, '/api/feedback/close', b.admin.token, { fid: bug.fid })).status).toBe(404);
      expect((await postJson(ctx, '/api/feedback/convert', b.admin.token, { fid: bug.fid })).status).toBe(
        404,
      );
      expect((await getJson(ctx, `/api/feedback/get?fid=${bug.fid}`, org.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/feedback/query', org.checker.token)).status).toBe(403);
      expect((await getJson(ctx, `/api/feedback/get?fid=${bug.fid}`)).status).toBe(401);
      // The app wires the ticket module: conversion opens a ticket linked both ways, once.
      const converted = await postJson<{ ticketId: string }>(ctx, '/api/feedback/convert', org.agent.token, {
        fid: bug.fid,
      });
      expect(converted.status).toBe(200);
      const ticketId = converted.body.data.ticketId;
      expect(
        (await getJson<Feedback>(ctx, `/api/feedback/get?fid=${bug.fid}`, org.agent.token)).body.data
          .ticketId,
      ).toBe(ticketId);
      const fromFeedback = await getJson<{
        content: { tkid: string; feedbackId: string | null; source: string }[];
      }>(ctx, '/api/ticket/query?source=feedback&page=0&size=10', org.admin.token);
      expect(fromFeedback.body.data.content).toEqual([
        expect.objectContaining({ tkid: ticketId, feedbackId: bug.fid, source: 'feedback' }),
      ]);
      expect((await postJson(ctx, '/api/feedback/convert', org.agent.token, { fid: bug.fid })).status).toBe(
        409,
      );
    });

    it('counts by category and day, reply time and the share converted', async () => {
      const org = await createRecordsOrg(ctx);
      const visitor = await initVisitor(org);
      const first = (await send(visitor, { category: 'bug', content: 'One' })).body.data;
      await send(visitor, { category: 'bug', content: 'Two' });
      await send(visitor, { category: 'praise', content: 'Three' });
      await postJson(ctx, '/api/feedback/reply', org.agent.token, { fid: first.fid, reply: 'Thanks' });
      await ctx.database.db
        .updateTable('feedback')
        .set({ ticket_id: 'T-1', converted_at: Date.now() })
        .where('fid', '=', first.fid)
        .execute();
      const from = Date.now() - 86_400_000;
      const to = Date.now() + 1000;
      const stats = await getJson<FeedbackStatistic>(
        ctx,
        `/api/feedback/statistic?from=${from}&to=${to}`,
        org.agent.token,
      );
      expect(stats.status).toBe(200);
      expect(stats.body.data).toMatchObject({
        total: 3,
        byCategory: [
          { category: 'bug', count: 2 },
          { category: 'praise', count: 1 },
        ],
        byDay: [{ day: new Date().toISOString().slice(0, 10), count: 3 }],
        replied: 1,
        converted: 1,
      });
      expect(stats.body.data.convertedShare).toBeCloseTo(1 / 3);
      expect(stats.body.data.replyTimeMedianMs).toBeGreaterThanOrEqual(0);
      const inverted = await getJson(ctx, `/api/feedback/statistic?from=${to}&to=${from}`, org.agent.token);
      expect(inverted.status).toBe(400);
      const others = await getJson<FeedbackStatistic>(
        ctx,
        `/api/feedback/statistic?from=${from}&to=${to}`,
        b.admin.token,
      );
      expect(others.body.data.total).toBe(0);
    });
  });

  describe('integration points', () => {
    const principalOf = (org: RecordsOrg): Principal => ({
      tokenId: 0,
      jti: '',
      userId: org.agent.userId,
      uid: org.agent.uid,
      username: org.agent.username,
      orgId: org.orgId,
      roles: ['ROLE_WORKGROUP_AGENT'],
      authorities: new Set(['feedback']),
      isPlatformStaff: false,
      isAdminAccount: false,
    });

    it('hands feedback to the ticket sink once and mails replies to an email contact', async () => {
      const org = await createRecordsOrg(ctx);
      const visitor = await initVisitor(org);
      const sent = (
        await send(visitor, { category: 'complaint', content: 'Late parcel', contact: 'me@example.com' })
      ).body.data;
      const handed: FeedbackTicketInput[] = [];
      const mails: { to: string; reply: string }[] = [];
      const service = createFeedbackService({
        db: ctx.database.db,
        storage: ctx.app.services.storage,
        limiter: createMemoryLimiter(),
        ticketSink: async (input) => {
          handed.push(input);
          return { ticketId: 'TK-42' };
        },
        replyMailer: async (input) => {
          mails.push({ to: input.to, reply: input.reply });
        },
      });
      const principal = principalOf(org);
      // A failing sink leaves the feedback unconverted.
      const failing = createFeedbackService({
        db: ctx.database.db,
        storage: ctx.app.services.storage,
        limiter: createMemoryLimiter(),
        ticketSink: async () => {
          throw new Error('ticket store down');
        },
      });
      await expect(failing.convert(principal, sent.fid, 'en-US')).rejects.toThrow('ticket store down');
      expect((await failing.get(principal, sent.fid)).ticketId).toBeNull();
      expect(await service.convert(principal, sent.fid, 'en-US')).toEqual({ ticketId: 'TK-42' });
      expect(handed).toMatchObject([
        { orgId: org.orgId, fid: sent.fid, title: 'Feedback: Late parcel', email: 'me@example.com' },
      ]);
      await expect(service.convert(principal, sent.fid, 'en-US')).rejects.toMatchObject({ statusCode: 409 });
      expect(handed).toHaveLength(1);
      expect((await service.get(principal, sent.fid)).ticketId).toBe('TK-42');
      await service.reply(principal, { fid: sent.fid, reply: 'On its way' }, 'en-US');
      expect(mails).toEqual([{ to: 'me@example.com', reply: 'On its way' }]);
      await expect(service.get(principalOf(b), sent.fid)).rejects.toMatchObject({ statusCode: 404 });
    });
  });
});
