import type { Article, Category, CategoryTreeNode } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createRecordsOrg, getJson, postJson, type RecordsOrg } from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

/** Article category trees (issue 13); the quick-reply types are covered by cuw.routes.test.ts. */
await describeEachDatabase('article category routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let staff: string;

  const create = (token: string, payload: object) =>
    postJson<Category>(ctx, '/api/category/create', token, { type: 'support', ...payload });
  const update = (token: string, payload: object) =>
    postJson<Category>(ctx, '/api/category/update', token, payload);
  const tree = async (token: string, type = 'support') =>
    getJson<CategoryTreeNode[]>(ctx, `/api/category/tree?type=${type}`, token);
  const remove = (token: string, cid: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/category/delete?cid=${cid}`, headers: bearer(token) });
  const shape = (nodes: CategoryTreeNode[]): unknown[] =>
    nodes.map((node) => [
      node.name,
      node.articleCount,
      ...(node.children.length ? [shape(node.children)] : []),
    ]);

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  it('builds a tree with order, parents and article counts', async () => {
    const billing = (await create(a.admin.token, { name: 'Billing', order: 2 })).body.data;
    const account = (await create(a.admin.token, { name: 'Account', order: 1 })).body.data;
    const invoices = (await create(a.admin.token, { name: 'Invoices', parent: billing.cid })).body.data;
    expect(invoices).toMatchObject({ parent: billing.cid, order: 0, type: 'support', editable: true });
    const refunds = (await create(a.admin.token, { name: 'Refunds', parent: billing.cid, order: 0 })).body
      .data;
    for (const categories of [[invoices.cid], [invoices.cid, account.cid], [billing.cid]])
      expect(
        (
          await postJson<Article>(ctx, '/api/article/create', a.admin.token, {
            type: 'support',
            title: 'x',
            categories,
          })
        ).status,
      ).toBe(200);
    const trashed = (
      await postJson<Article>(ctx, '/api/article/create', a.admin.token, {
        type: 'support',
        title: 't',
        categories: [refunds.cid],
      })
    ).body.data;
    await postJson(ctx, '/api/article/batch', a.admin.token, { action: 'delete', aids: [trashed.aid] });

    const result = await tree(a.admin.token);
    expect(result.status).toBe(200);
    expect(shape(result.body.data)).toEqual([
      ['Account', 1],
      [
        'Billing',
        1,
        [
          ['Invoices', 2],
          ['Refunds', 0],
        ],
      ],
    ]);
    const all = await getJson<Category[]>(ctx, '/api/category/all?type=support', a.admin.token);
    expect(all.body.data.map((category) => category.name)).toEqual([
      'Invoices',
      'Refunds',
      'Account',
      'Billing',
    ]);
    expect((await tree(b.admin.token)).body.data).toEqual([]);
  });

  it('moves and reorders, refusing cycles, other types and flat types', async () => {
    const top = (await create(a.admin.token, { name: 'Top' })).body.data;
    const mid = (await create(a.admin.token, { name: 'Mid', parent: top.cid })).body.data;
    const leaf = (await create(a.admin.token, { name: 'Leaf', parent: mid.cid })).body.data;
    const cycle = await update(a.admin.token, { cid: top.cid, name: 'Top', parent: leaf.cid });
    expect(cycle.status).toBe(400);
    expect(fieldsOf(cycle.body)).toEqual(['parent']);
    expect(
      fieldsOf((await update(a.admin.token, { cid: top.cid, name: 'Top', parent: top.cid })).body),
    ).toEqual(['parent']);
    const blogCategory = (await create(staff, { type: 'blog', name: 'News' })).body.data;
    expect(fieldsOf((await create(a.admin.token, { name: 'X', parent: blogCategory.cid })).body)).toEqual([
      'parent',
    ]);
    const foreign = (await create(b.admin.token, { name: 'Foreign' })).body.data;
    expect(fieldsOf((await create(a.admin.token, { name: 'Y', parent: foreign.cid })).body)).toEqual([
      'parent',
    ]);
    expect(
      fieldsOf((await create(a.admin.token, { type: 'cuw_company', name: 'Z', parent: top.cid })).body),
    ).toEqual(['parent']);

    const moved = await update(a.admin.token, { cid: leaf.cid, name: 'Leaf', parent: null, order: 5 });
    expect(moved.body.data).toMatchObject({ parent: null, order: 5 });
    // Omitted parent and order keep them.
    const renamed = await update(a.admin.token, { cid: mid.cid, name: 'Middle' });
    expect(renamed.body.data).toMatchObject({ name: 'Middle', parent: top.cid, order: 0 });
  });

  it('deletes a subtree and leaves its articles uncategorised', async () => {
    const root = (await create(a.admin.token, { name: 'Old root' })).body.data;
    const child = (await create(a.admin.token, { name: 'Old child', parent: root.cid })).body.data;
    const article = (
      await postJson<Article>(ctx, '/api/article/create', a.admin.token, {
        type: 'support',
        title: 'Keep me',
        categories: [child.cid],
      })
    ).body.data;
    expect((await remove(a.admin.token, root.cid)).statusCode).toBe(200);
    expect(
      (await getJson(ctx, `/api/category/all?type=support`, a.admin.token)).body.data,
    ).not.toContainEqual(expect.objectContaining({ cid: child.cid }));
    const kept = await getJson<Article>(ctx, `/api/article/get?aid=${article.aid}`, a.admin.token);
    expect(kept.body.data.categories).toEqual([]);
  });

  it('guards article types by their permission and the admin account', async () => {
    expect((await tree(a.agent.token)).status).toBe(403);
    expect((await create(a.agent.token, { name: 'No' })).status).toBe(403);
    expect((await tree(a.admin.token, 'blog')).status).toBe(403);
    expect((await create(a.admin.token, { type: 'tiku', name: 'No' })).status).toBe(403);
    expect((await tree(staff, 'blog')).body.data.map((node) => node.name)).toEqual(['News']);
    const foreign = (await create(b.admin.token, { name: 'Theirs' })).body.data;
    expect((await update(a.admin.token, { cid: foreign.cid, name: 'Mine' })).status).toBe(404);
    expect((await remove(a.admin.token, foreign.cid)).statusCode).toBe(404);
    expect((await getJson(ctx, '/api/category/tree?type=cuw_company', a.admin.token)).status).toBe(400);
    expect((await getJson(ctx, '/api/category/tree?type=support')).status).toBe(401);
  });
});
