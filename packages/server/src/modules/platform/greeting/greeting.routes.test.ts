import type { GreetingTips, PlatformGreeting, Workgroup } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('platform greeting routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });

  let org: RecordsOrg;
  let staffToken: string;

  beforeAll(async () => {
    org = await createRecordsOrg(ctx);
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
  });

  const createGroup = async (language: string, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/workgroup/create',
      headers: { ...bearer(org.admin.token), 'accept-language': language },
      payload,
    });
    return { status: response.statusCode, body: response.json<Envelope<Workgroup>>() };
  };

  it('starts with empty tips in both languages', async () => {
    const list = await getJson<PlatformGreeting[]>(ctx, '/api/platform/greeting', staffToken);
    expect(list.status).toBe(200);
    expect(list.body.data.map((entry) => entry.language)).toEqual(['en-US', 'zh-CN']);
    expect(list.body.data[0]).toMatchObject({ updatedAt: null, tips: { welcomeTip: '', closeTip: '' } });
  });

  it('refuses organisation admins (403) and anonymous callers (401)', async () => {
    expect((await getJson(ctx, '/api/platform/greeting', org.admin.token)).status).toBe(403);
    expect(
      (await postJson(ctx, '/api/platform/greeting/update', org.admin.token, { language: 'en-US', tips: {} }))
        .status,
    ).toBe(403);
    expect((await getJson(ctx, '/api/platform/greeting')).status).toBe(401);
    expect((await getJson(ctx, '/api/platform/greeting/default')).status).toBe(401);
  });

  it('answers 400 naming the field', async () => {
    const badLanguage = await postJson(ctx, '/api/platform/greeting/update', staffToken, {
      language: 'fr-FR',
      tips: {},
    });
    expect(badLanguage.status).toBe(400);
    expect(fieldsOf(badLanguage.body)).toEqual(['language']);
    const tooLong = await postJson(ctx, '/api/platform/greeting/update', staffToken, {
      language: 'en-US',
      tips: { welcomeTip: 'x'.repeat(501) },
    });
    expect(fieldsOf(tooLong.body)).toEqual(['tips.welcomeTip']);
    const badQuery = await getJson(ctx, '/api/platform/greeting/default?language=xx', org.admin.token);
    expect(badQuery.status).toBe(400);
    expect(fieldsOf(badQuery.body)).toEqual(['language']);
  });

  describe('once saved', () => {
    beforeAll(async () => {
      for (const [language, welcome, close] of [
        ['en-US', 'Welcome to our shop!', 'Thanks for chatting'],
        ['zh-CN', '欢迎光临！', '感谢您的咨询'],
      ]) {
        const saved = await postJson<PlatformGreeting>(ctx, '/api/platform/greeting/update', staffToken, {
          language,
          tips: { welcomeTip: ` ${welcome} `, closeTip: close, offlineTip: '' },
        });
        expect(saved.status).toBe(200);
        expect(saved.body.data.tips).toMatchObject({ welcomeTip: welcome, closeTip: close, acceptTip: '' });
      }
    });

    it('lists them and gives any console user the defaults of a language', async () => {
      const list = await getJson<PlatformGreeting[]>(ctx, '/api/platform/greeting', staffToken);
      expect(list.body.data[1]).toMatchObject({ language: 'zh-CN', tips: { welcomeTip: '欢迎光临！' } });
      expect(list.body.data[1]?.updatedAt).toBeGreaterThan(0);
      const asked = await getJson<GreetingTips>(
        ctx,
        '/api/platform/greeting/default?language=zh-CN',
        org.agent.token,
      );
      expect(asked.body.data).toMatchObject({
        welcomeTip: '欢迎光临！',
        closeTip: '感谢您的咨询',
        acceptTip: '',
      });
      const byHeader = await ctx.app.inject({
        method: 'GET',
        url: '/api/platform/greeting/default',
        headers: { ...bearer(org.admin.token), 'accept-language': 'en-US' },
      });
      expect(byHeader.json<Envelope<GreetingTips>>().data.welcomeTip).toBe('Welcome to our shop!');
    });

    it("fills the tips a new skill group's creator left empty, in the creator's language", async () => {
      const zh = await createGroup('zh-CN', { nickname: '售前', welcomeTip: '  ', offlineTip: '请留言' });
      expect(zh.status).toBe(200);
      expect(zh.body.data).toMatchObject({
        welcomeTip: '欢迎光临！',
        closeTip: '感谢您的咨询',
        offlineTip: '请留言',
      });
      const en = await createGroup('en-US', { nickname: 'Sales', closeTip: 'Bye' });
      expect(en.body.data).toMatchObject({
        welcomeTip: 'Welcome to our shop!',
        closeTip: 'Bye',
        acceptTip: '',
      });
    });

    it('leaves an update of an existing group alone', async () => {
      const group = (await createGroup('en-US', { nickname: 'Support' })).body.data;
      const updated = await postJson<Workgroup>(ctx, '/api/workgroup/update', org.admin.token, {
        wid: group.wid,
        welcomeTip: '',
      });
      expect(updated.body.data.welcomeTip).toBe('');
    });
  });
});
