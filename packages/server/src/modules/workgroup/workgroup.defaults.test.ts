import type { RegisterResult, WidgetPreview, Workgroup } from '@openkefu/contract';
import { expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';

type Body<T> = { status_code: number; data: T };

await describeEachDatabase('default skill group of a new organisation', (target) => {
  const ctx = useTestApp(target);
  let ip = 0;

  const register = async (username: string, language?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: `10.7.0.${++ip}`,
      headers: language ? { 'accept-language': language } : {},
      payload: {
        method: 'username',
        username,
        password: 'secret-1',
        nickname: username,
        organization: 'Org',
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Body<RegisterResult>>().data;
  };

  const groupsOf = async (token: string) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/workgroup/all', headers: bearer(token) })).json<
      Body<Workgroup[]>
    >().data;

  it('gives a registered organisation a default group with its owner as member, in English by default', async () => {
    const result = await register('default-en');
    const groups = await groupsOf(await signIn(ctx.app, 'default-en', 'secret-1'));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      nickname: 'Default group',
      routeType: 'robin',
      admin: { uid: result.uid },
    });
    expect(groups[0]?.users.map((user) => user.uid)).toEqual([result.uid]);
    expect(groups[0]?.welcomeTip).not.toBe('');
  });

  it('names it in the language the organisation registered in', async () => {
    const result = await register('default-zh', 'zh-CN,zh;q=0.9');
    const [group] = await groupsOf(await signIn(ctx.app, 'default-zh', 'secret-1'));
    expect(group).toMatchObject({ nickname: '默认技能组', users: [{ uid: result.uid }] });
    expect(group?.offlineTip).toMatch(/留言/);
  });

  it('gives the seeded bootstrap organisation one too, which the embed code can point at', async () => {
    const admin = await ctx.database.db
      .selectFrom('user')
      .innerJoin('organization', 'organization.id', 'user.org_id')
      .select(['user.id', 'user.org_id', 'organization.sub_domain'])
      .where('user.username', '=', ctx.config.bootstrapAdmin.username)
      .executeTakeFirstOrThrow();
    const groups = await ctx.database.db
      .selectFrom('workgroup')
      .innerJoin('workgroup_member', 'workgroup_member.workgroup_id', 'workgroup.id')
      .select(['workgroup.wid', 'workgroup.nickname', 'workgroup_member.user_id'])
      .where('workgroup.org_id', '=', admin.org_id)
      .execute();
    expect(groups).toMatchObject([{ nickname: 'Default group', user_id: admin.id }]);
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/visitor/api/preview?org=${admin.sub_domain}&wid=${groups[0]?.wid}`,
    });
    // The admin is not online in this test: the widget would offer the leave-message form.
    expect(preview.json<Body<WidgetPreview>>().data).toMatchObject({
      code: 204,
      settings: { nickname: 'Default group' },
    });
  });
});
