import type { Category, CategoryTreeNode, Page, Ticket, TicketInboundInfo } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createRecordsOrg, getJson, postJson, type RecordsOrg } from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

/**
 * Ticket settings (issue 15): categories (type `ticket` of /api/category/*), the ticket list's
 * category filter, the inbound-mail set-up.
 */
await describeEachDatabase('ticket settings', (target) => {
  const ctx = useTestApp(target, {
    env: { MAIL_FROM: 'Acme Support <support@acme.test>' },
    build: { sweepIntervalMs: 0 },
  });
  let a: RecordsOrg;
  let b: RecordsOrg;

  const createCategory = (token: string, payload: object) =>
    postJson<Category>(ctx, '/api/category/create', token, { type: 'ticket', ...payload });
  const tree = (token: string) => getJson<CategoryTreeNode[]>(ctx, '/api/category/tree?type=ticket', token);
  const createTicket = (token: string, payload: object) =>
    postJson<Ticket>(ctx, '/api/ticket/create', token, payload);
  const list = (token: string, query: string) =>
    getJson<Page<Ticket>>(ctx, `/api/ticket/query?${query}`, token);

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  it('keeps a tree of ticket categories with ticket counts; agents read it, administrators change it', async () => {
    const hardware = await createCategory(a.admin.token, { name: 'Hardware' });
    expect(hardware.status).toBe(200);
    expect(hardware.body.data).toMatchObject({ type: 'ticket', parent: null, editable: true });
    const printers = (
      await createCategory(a.admin.token, { name: 'Printers', parent: hardware.body.data.cid })
    ).body.data;
    expect(printers.parent).toBe(hardware.body.data.cid);
    expect(
      (await createTicket(a.admin.token, { title: 'Jam', category: printers.cid })).body.data,
    ).toMatchObject({ category: { cid: printers.cid, name: 'Printers' } });

    const seen = await tree(a.agent.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject([
      {
        name: 'Hardware',
        articleCount: 0,
        editable: false,
        children: [{ name: 'Printers', articleCount: 1, editable: false, children: [] }],
      },
    ]);
    expect((await createCategory(a.agent.token, { name: 'Nope' })).status).toBe(403);
    expect((await tree(b.admin.token)).body.data).toEqual([]);
    expect((await getJson(ctx, '/api/category/tree?type=ticket')).status).toBe(401);

    // Another organisation's category is a 404 to change and a 400 to use as a parent.
    const renamed = await postJson(ctx, '/api/category/update', b.admin.token, {
      cid: printers.cid,
      name: 'Mine now',
    });
    expect(renamed.status).toBe(404);
    const foreignParent = await createCategory(b.admin.token, { name: 'x', parent: printers.cid });
    expect([foreignParent.status, fieldsOf(foreignParent.body)]).toEqual([400, ['parent']]);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/category/delete?cid=${printers.cid}`,
      headers: bearer(b.admin.token),
    });
    expect(deleted.statusCode).toBe(404);
  });

  it('filters the ticket list by category and refuses a category that is not a ticket category of the organisation', async () => {
    const org = await createRecordsOrg(ctx);
    const billing = (await createCategory(org.admin.token, { name: 'Billing' })).body.data;
    const other = (await createCategory(org.admin.token, { name: 'Other' })).body.data;
    await createTicket(org.admin.token, { title: 'Refund', category: billing.cid });
    await createTicket(org.admin.token, { title: 'Loose' });

    const filtered = await list(org.agent.token, `category=${billing.cid}`);
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.content.map((ticket) => ticket.title)).toEqual(['Refund']);
    expect((await list(org.admin.token, `category=${other.cid}`)).body.data.totalElements).toBe(0);

    const support = await postJson<Category>(ctx, '/api/category/create', org.admin.token, {
      type: 'support',
      name: 'Articles',
    });
    const foreign = (await createCategory(b.admin.token, { name: 'Foreign' })).body.data;
    for (const cid of ['missing', support.body.data.cid, foreign.cid]) {
      const refused = await list(org.admin.token, `category=${cid}`);
      expect([refused.status, fieldsOf(refused.body)]).toEqual([400, ['category']]);
    }
  });

  it('deleting a category leaves its tickets uncategorised', async () => {
    const org = await createRecordsOrg(ctx);
    const gone = (await createCategory(org.admin.token, { name: 'Gone' })).body.data;
    const ticket = (await createTicket(org.admin.token, { title: 'Stays', category: gone.cid })).body.data;
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/category/delete?cid=${gone.cid}`,
      headers: bearer(org.agent.token),
    });
    expect(deleted.statusCode).toBe(403);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/category/delete?cid=${gone.cid}`,
      headers: bearer(org.admin.token),
    });
    expect(removed.statusCode).toBe(200);
    const got = await getJson<Ticket>(ctx, `/api/ticket/get?tkid=${ticket.tkid}`, org.admin.token);
    expect(got.body.data.category).toBeNull();
  });

  it('shows the inbound set-up to administrators without the secret, and when it was made', async () => {
    const org = await createRecordsOrg(ctx);
    const info = () => getJson<TicketInboundInfo>(ctx, '/api/ticket/inbound/secret', org.admin.token);
    const before = await info();
    expect(before.status).toBe(200);
    const subDomain = (
      await ctx.database.db
        .selectFrom('organization')
        .where('id', '=', org.orgId)
        .select('sub_domain')
        .executeTakeFirstOrThrow()
    ).sub_domain;
    expect(before.body.data).toEqual({
      url: expect.stringMatching(new RegExp(`/api/ticket/inbound/${subDomain}$`)),
      replyAddress: 'support+tk-<token>@acme.test',
      secretCreatedAt: null,
    });
    const rotated = await postJson<{ secret: string; url: string }>(
      ctx,
      '/api/ticket/inbound/secret',
      org.admin.token,
      {},
    );
    expect(rotated.body.data.url).toBe(before.body.data.url);
    const after = (await info()).body.data;
    expect(after.secretCreatedAt).toEqual(expect.any(Number));
    expect(JSON.stringify(after)).not.toContain(rotated.body.data.secret);
    // Another organisation's set-up is its own.
    expect(
      (await getJson<TicketInboundInfo>(ctx, '/api/ticket/inbound/secret', b.admin.token)).body.data,
    ).toMatchObject({ secretCreatedAt: null });
    expect((await getJson(ctx, '/api/ticket/inbound/secret', org.agent.token)).status).toBe(403);
    expect((await getJson(ctx, '/api/ticket/inbound/secret')).status).toBe(401);
  });
});
