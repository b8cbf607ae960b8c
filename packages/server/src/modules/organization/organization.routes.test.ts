import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';

type Envelope<T> = { status_code: number; data: T; fields?: { field: string; message: string }[] };

await describeEachDatabase('organization settings: embed sites', (target) => {
  const ctx = useTestApp(target);
  let owner: TestAccount;
  let ownerToken: string;
  let agentToken: string;
  let groupAdminToken: string;
  let otherToken: string;

  beforeAll(async () => {
    owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerToken = await signIn(ctx.app, owner.username, owner.password);
    const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
    agentToken = await signIn(ctx.app, agent.username, agent.password);
    const groupAdmin = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_ADMIN'],
      orgId: owner.orgId,
    });
    groupAdminToken = await signIn(ctx.app, groupAdmin.username, groupAdmin.password);
    const other = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    otherToken = await signIn(ctx.app, other.username, other.password);
  });

  const read = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/org/embed-sites', headers: bearer(token) });
  const save = (token: string | null, sites: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/org/embed-sites',
      headers: token ? bearer(token) : {},
      payload: { sites },
    });

  it('starts empty (any site), stores origins normalised without duplicates, and reads them back', async () => {
    expect((await read(ownerToken)).json<Envelope<{ sites: string[] }>>().data).toEqual({ sites: [] });
    const saved = await save(ownerToken, [
      'https://Shop.Example.com/',
      'https://shop.example.com',
      'http://localhost:3000',
      'https://*.example.org',
    ]);
    expect(saved.statusCode).toBe(200);
    const expected = ['https://shop.example.com', 'http://localhost:3000', 'https://*.example.org'];
    expect(saved.json<Envelope<{ sites: string[] }>>().data.sites).toEqual(expected);
    // Agents read it (the embed-code drawer shows it) but do not change it.
    expect((await read(agentToken)).json<Envelope<{ sites: string[] }>>().data.sites).toEqual(expected);
  });

  it('answers 400 naming the field for a path, a bad scheme or too many sites', async () => {
    for (const [sites, field] of [
      [['https://shop.example.com/cart'], 'sites.0'],
      [['https://ok.example.com', 'javascript:alert(1)'], 'sites.1'],
      [['shop.example.com'], 'sites.0'],
      [['https://user:pass@shop.example.com'], 'sites.0'],
      [['https://shop.example.com:99999'], 'sites.0'],
      [Array.from({ length: 51 }, (_, index) => `https://s${index}.example.com`), 'sites'],
      ['https://shop.example.com', 'sites'],
    ] as const) {
      const response = await save(ownerToken, sites);
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope<null>>().fields?.map((entry) => entry.field)).toContain(field);
    }
    // Nothing was changed by the refused requests.
    expect((await read(ownerToken)).json<Envelope<{ sites: string[] }>>().data.sites).toHaveLength(3);
  });

  it('answers 401 without a token and 403 for agents and workgroup admins', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/org/embed-sites' })).statusCode).toBe(401);
    expect((await save(null, [])).statusCode).toBe(401);
    expect((await save(agentToken, [])).statusCode).toBe(403);
    expect((await save(groupAdminToken, [])).statusCode).toBe(403);
  });

  it('keeps each organisation to its own list', async () => {
    expect((await read(otherToken)).json<Envelope<{ sites: string[] }>>().data.sites).toEqual([]);
    expect((await save(otherToken, ['https://other.example.net'])).statusCode).toBe(200);
    expect((await read(ownerToken)).json<Envelope<{ sites: string[] }>>().data.sites).not.toContain(
      'https://other.example.net',
    );
  });

  describe('the chat page’s frame-ancestors', () => {
    it('lists the sites, follows a change at once and allows any site when the list is empty', async () => {
      const page = () => ctx.app.inject({ method: 'GET', url: `/chat/?org=${owner.subDomain}&wid=w1` });
      await save(ownerToken, ['https://shop.example.com']);
      expect((await page()).headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://shop.example.com",
      );
      await save(ownerToken, ['https://new.example.com']);
      const changed = String((await page()).headers['content-security-policy']);
      expect(changed).toContain("frame-ancestors 'self' https://new.example.com");
      expect(changed).not.toContain('shop.example.com');
      await save(ownerToken, []);
      expect(String((await page()).headers['content-security-policy'])).not.toContain('frame-ancestors');
    });
  });
});
