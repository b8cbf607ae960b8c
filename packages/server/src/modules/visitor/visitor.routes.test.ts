import type { ThreadRequestResult, Visitor, VisitorInitResult } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { initVisitor, makeChatOrg, type ChatOrg, type Envelope } from '../thread/chat.fixture.js';

await describeEachDatabase('visitor-supplied text', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let org: ChatOrg;
  beforeAll(async () => {
    org = await makeChatOrg(ctx, { agents: 1, group: { showForm: true } });
  });

  const init = (payload: object) => ctx.app.inject({ method: 'POST', url: '/visitor/api/init', payload });
  const fieldsOf = (body: string) =>
    (JSON.parse(body) as Envelope<null>).fields?.map((field) => field.field) ?? [];

  describe('POST /visitor/api/init', () => {
    it('strips control characters and direction overrides from the name and the page', async () => {
      const response = await init({
        org: org.subDomain,
        nickname: ' Ann\u0000\u001b[31m\u202eevil\u0007\n ',
        page: 'https://shop.example/\u0000x\r\ny',
        referrer: '\u0085https://search.example/',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Envelope<VisitorInitResult>>().data.visitor).toMatchObject({
        nickname: 'Ann[31mevil',
        page: 'https://shop.example/xy',
        referrer: 'https://search.example/',
      });
    });

    it('answers 400 naming the field past its length, and stores nothing', async () => {
      const before = await ctx.database.db
        .selectFrom('visitor')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const longName = await init({ org: org.subDomain, nickname: 'x'.repeat(65) });
      expect(longName.statusCode).toBe(400);
      expect(fieldsOf(longName.body)).toEqual(['nickname']);
      const longPage = await init({ org: org.subDomain, page: `https://a.example/${'p'.repeat(2000)}` });
      expect(longPage.statusCode).toBe(400);
      expect(fieldsOf(longPage.body)).toEqual(['page']);
      const after = await ctx.database.db
        .selectFrom('visitor')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
    });

    it('counts the limit after stripping: 64 characters and some control characters are fine', async () => {
      const response = await init({ org: org.subDomain, nickname: `${'n'.repeat(64)}\u0000\u0000` });
      expect(response.json<Envelope<VisitorInitResult>>().data.visitor.nickname).toBe('n'.repeat(64));
    });
  });

  describe('POST /visitor/api/profile and the pre-chat form', () => {
    it('cleans the name, and refuses one that is only control characters (400 nickname)', async () => {
      const visitor = await initVisitor(ctx, org.subDomain);
      const profile = (payload: object) =>
        ctx.app.inject({
          method: 'POST',
          url: '/visitor/api/profile',
          headers: bearer(visitor.token),
          payload,
        });
      const saved = await profile({ nickname: 'Bo\u0008b\u2066' });
      expect(saved.json<Envelope<Visitor>>().data.nickname).toBe('Bob');
      const empty = await profile({ nickname: '\u0000\u0007' });
      expect(empty.statusCode).toBe(400);
      expect(fieldsOf(empty.body)).toEqual(['nickname']);
      const long = await profile({ nickname: 'y'.repeat(65) });
      expect(fieldsOf(long.body)).toEqual(['nickname']);
    });

    it('cleans form answers and refuses one past 500 characters naming it', async () => {
      const visitor = await initVisitor(ctx, org.subDomain);
      const request = (form: Record<string, string>) =>
        ctx.app.inject({
          method: 'POST',
          url: '/visitor/api/thread/request',
          headers: bearer(visitor.token),
          payload: { wid: org.wid, form },
        });
      const long = await request({ name: 'z'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(fieldsOf(long.body)).toEqual(['form.name']);
      const answered = await request({ name: 'Cleo\u0000\u001b', email: 'cleo@example.com' });
      expect(answered.statusCode).toBe(200);
      expect(answered.json<Envelope<ThreadRequestResult>>().data.thread?.visitor.nickname).toBe('Cleo');
    });
  });
});
