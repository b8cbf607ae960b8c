import type { Announcement, Page } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';

type Envelope<T> = { status_code: number; data: T; fields?: { field: string }[] };

await describeEachDatabase('platform announcements', (target) => {
  const ctx = useTestApp(target, { build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  let staff: string;
  let ownerToken: string;
  const hour = 3600_000;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerToken = await signIn(ctx.app, owner.username, owner.password);
  });

  const save = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/platform/marketing/announcement/save',
      headers: bearer(token),
      payload,
    });
  const active = async () =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/announcement/active', headers: bearer(ownerToken) })
    ).json<Envelope<Announcement[]>>().data;
  const onLogin = async () =>
    (await ctx.app.inject({ method: 'GET', url: '/announcement/login' })).json<Envelope<Announcement[]>>()
      .data;

  it('saves sanitised HTML and shows running ones to consoles, the marked ones on the sign-in page', async () => {
    const now = Date.now();
    const running = await save(staff, {
      title: 'Maintenance',
      content: '<p onclick="x()">Tonight <script>alert(1)</script><strong>22:00</strong></p>',
      startsAt: now - hour,
      endsAt: now + hour,
      onLoginPage: true,
    });
    expect(running.statusCode).toBe(200);
    const saved = running.json<Envelope<Announcement>>().data;
    expect(saved.content).toBe('<p>Tonight <strong>22:00</strong></p>');
    await save(staff, { title: 'Console only', content: '', startsAt: now - hour, endsAt: now + hour });
    await save(staff, { title: 'Later', content: '', startsAt: now + hour, endsAt: now + 2 * hour });
    await save(staff, {
      title: 'Off',
      content: '',
      startsAt: now - hour,
      endsAt: now + hour,
      enabled: false,
    });

    expect((await active()).map((item) => item.title).sort()).toEqual(['Console only', 'Maintenance']);
    expect((await onLogin()).map((item) => item.title)).toEqual(['Maintenance']);

    // A save clears the cached list at once.
    await save(staff, { ...saved, onLoginPage: false, enabled: false });
    expect((await active()).map((item) => item.title)).toEqual(['Console only']);
    expect(await onLogin()).toEqual([]);

    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/platform/marketing/announcement/query?page=0&size=10',
      headers: bearer(staff),
    });
    expect(page.json<Envelope<Page<Announcement>>>().data.totalElements).toBe(4);
  });

  it('deletes, answers 404 for unknown ids and 400 naming fields', async () => {
    const now = Date.now();
    const created = (
      await save(staff, { title: 'Gone soon', content: '', startsAt: now - hour, endsAt: now + hour })
    ).json<Envelope<Announcement>>().data;
    expect((await active()).map((item) => item.title)).toContain('Gone soon');
    const remove = (anid: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/platform/marketing/announcement/delete',
        headers: bearer(staff),
        payload: { anid },
      });
    expect((await remove(created.anid)).statusCode).toBe(200);
    expect((await active()).map((item) => item.title)).not.toContain('Gone soon');
    expect((await remove(created.anid)).statusCode).toBe(404);
    expect((await save(staff, { anid: 'nope', title: 'x', startsAt: 1, endsAt: 2 })).statusCode).toBe(404);
    const bad = await save(staff, { title: '', startsAt: now, endsAt: now - 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(
      expect.arrayContaining(['title']),
    );
    const backwards = await save(staff, { title: 'x', startsAt: now, endsAt: now - 1 });
    expect(backwards.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['endsAt']);
  });

  it('keeps management to platform staff (403) and the banner to signed-in users (401)', async () => {
    expect((await save(ownerToken, { title: 'x', startsAt: 1, endsAt: 2 })).statusCode).toBe(403);
    for (const url of ['/api/platform/marketing/announcement/query'])
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(ownerToken) })).statusCode).toBe(
        403,
      );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/platform/marketing/announcement/delete',
          headers: bearer(ownerToken),
          payload: { anid: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/announcement/active' })).statusCode).toBe(401);
  });
});
