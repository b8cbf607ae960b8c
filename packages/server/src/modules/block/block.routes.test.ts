import type { Block, BlockStatus, Page, VisitorInitResult } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';
import {
  createRecordsOrg,
  getJson,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('block routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let chat: ChatOrg;
  let a: RecordsOrg;
  let b: RecordsOrg;

  /** A visitor of the organisation, arriving from `ip`. */
  const initVisitor = async (subDomain: string, ip = '198.51.100.7'): Promise<VisitorInitResult> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      remoteAddress: ip,
      payload: { org: subDomain, nickname: 'Guest' },
    });
    if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
    return response.json<Envelope<VisitorInitResult>>().data;
  };

  const block = (token: string | undefined, payload: object) =>
    postJson<Block>(ctx, '/api/block/create', token, payload);

  beforeAll(async () => {
    chat = await makeChatOrg(ctx, { agents: 1 });
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  describe('blocking a visitor', () => {
    it('answers -3 to the blocked visitor’s thread request, creates no thread, and lifts on unblock', async () => {
      const visitor = await initVisitor(chat.subDomain);
      const blocked = await block(chat.agents[0]?.token, {
        type: 'visitor',
        vid: visitor.visitor.vid,
        note: ' Abusive language ',
      });
      expect(blocked.status).toBe(200);
      expect(blocked.body.data).toMatchObject({
        type: 'visitor',
        visitor: { vid: visitor.visitor.vid, nickname: 'Guest' },
        ip: '',
        note: 'Abusive language',
        operator: { uid: chat.agents[0]?.uid },
        endAt: null,
        revokedAt: null,
        active: true,
      });
      expect(blocked.body.data.bid).toMatch(/^[0-9a-z]{20}$/);
      const refused = await requestThread(ctx, visitor.token, { wid: chat.wid });
      expect(refused).toEqual({ code: -3, tip: '', thread: null, settings: null });
      const threads = await ctx.database.db
        .selectFrom('thread')
        .innerJoin('visitor', 'visitor.id', 'thread.visitor_id')
        .select('thread.id')
        .where('visitor.vid', '=', visitor.visitor.vid)
        .execute();
      expect(threads).toEqual([]);

      const status = await getJson<BlockStatus>(
        ctx,
        `/api/block/visitor?vid=${visitor.visitor.vid}`,
        chat.owner.token,
      );
      expect(status.body.data).toMatchObject({ blocked: true, block: { bid: blocked.body.data.bid } });

      const lifted = await postJson<Block>(ctx, '/api/block/unblock', chat.owner.token, {
        bid: blocked.body.data.bid,
      });
      expect(lifted.status).toBe(200);
      expect(lifted.body.data).toMatchObject({ active: false });
      expect(lifted.body.data.revokedAt).toBeGreaterThan(0);
      // Lifting twice changes nothing.
      const again = await postJson<Block>(ctx, '/api/block/unblock', chat.owner.token, {
        bid: blocked.body.data.bid,
      });
      expect(again.body.data.revokedAt).toBe(lifted.body.data.revokedAt);
      expect((await requestThread(ctx, visitor.token, { wid: chat.wid })).code).not.toBe(-3);
    });

    it('stops applying once endAt has passed', async () => {
      const visitor = await initVisitor(chat.subDomain);
      const blocked = await block(chat.owner.token, {
        type: 'visitor',
        vid: visitor.visitor.vid,
        endAt: Date.now() + 3_600_000,
      });
      expect(blocked.body.data.endAt).toBeGreaterThan(Date.now());
      expect((await requestThread(ctx, visitor.token, { wid: chat.wid })).code).toBe(-3);
      await ctx.database.db
        .updateTable('block')
        .set({ end_at: Date.now() - 1000 })
        .where('bid', '=', blocked.body.data.bid)
        .execute();
      expect((await requestThread(ctx, visitor.token, { wid: chat.wid })).code).not.toBe(-3);
      const expired = await getJson<Page<Block>>(
        ctx,
        '/api/block/query?active=false&size=100',
        chat.owner.token,
      );
      expect(expired.body.data.content.find((row) => row.bid === blocked.body.data.bid)?.active).toBe(false);
      // An ended block does not stand in the way of a new one.
      expect((await block(chat.owner.token, { type: 'visitor', vid: visitor.visitor.vid })).status).toBe(200);
    });

    it('blocks an address: every visitor arriving from it gets -3', async () => {
      const first = await initVisitor(chat.subDomain, '203.0.113.9');
      const blocked = await block(chat.owner.token, { type: 'ip', ip: '203.0.113.9', note: 'spam' });
      expect(blocked.body.data).toMatchObject({ type: 'ip', ip: '203.0.113.9', visitor: null, active: true });
      expect((await requestThread(ctx, first.token, { wid: chat.wid })).code).toBe(-3);
      const second = await initVisitor(chat.subDomain, '203.0.113.9');
      expect((await requestThread(ctx, second.token, { wid: chat.wid })).code).toBe(-3);
      const elsewhere = await initVisitor(chat.subDomain, '203.0.113.10');
      expect((await requestThread(ctx, elsewhere.token, { wid: chat.wid })).code).not.toBe(-3);
      const status = await getJson<BlockStatus>(
        ctx,
        `/api/block/visitor?vid=${second.visitor.vid}`,
        chat.owner.token,
      );
      expect(status.body.data.blocked).toBe(true);
      expect((await block(chat.owner.token, { type: 'ip', ip: '203.0.113.9' })).status).toBe(409);
    });
  });

  describe('the list and the rules', () => {
    let visitorOfA: VisitorInitResult;
    let visitorOfB: VisitorInitResult;
    let blockOfA: Block;
    let blockOfB: Block;

    beforeAll(async () => {
      visitorOfA = await initVisitor(a.admin.subDomain);
      visitorOfB = await initVisitor(b.admin.subDomain);
      blockOfA = (await block(a.admin.token, { type: 'visitor', vid: visitorOfA.visitor.vid, note: 'rude' }))
        .body.data;
      await block(a.admin.token, { type: 'ip', ip: '2001:db8::1', note: 'bot' });
      blockOfB = (await block(b.admin.token, { type: 'visitor', vid: visitorOfB.visitor.vid })).body.data;
    });

    it("pages the organisation's blocks newest first, filtered by type, state and keyword", async () => {
      const all = await getJson<Page<Block>>(ctx, '/api/block/query', a.admin.token);
      expect(all.status).toBe(200);
      expect(all.body.data.content.map((row) => row.type)).toEqual(['ip', 'visitor']);
      expect(all.body.data.content.map((row) => row.bid)).not.toContain(blockOfB.bid);
      const visitors = await getJson<Page<Block>>(ctx, '/api/block/query?type=visitor', a.agent.token);
      expect(visitors.body.data.content.map((row) => row.bid)).toEqual([blockOfA.bid]);
      const byNote = await getJson<Page<Block>>(ctx, '/api/block/query?keyword=BOT', a.admin.token);
      expect(byNote.body.data.content.map((row) => row.ip)).toEqual(['2001:db8::1']);
      const byNickname = await getJson<Page<Block>>(ctx, '/api/block/query?keyword=gues', a.admin.token);
      expect(byNickname.body.data.content.map((row) => row.bid)).toEqual([blockOfA.bid]);
      const active = await getJson<Page<Block>>(ctx, '/api/block/query?active=true', a.admin.token);
      expect(active.body.data.totalElements).toBe(2);
      const bad = await getJson(ctx, '/api/block/query?type=person', a.admin.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['type']);
      expect((await getJson(ctx, '/api/block/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/block/query', a.checker.token)).status).toBe(403);
    });

    it('answers 400 naming each bad field', async () => {
      const noVid = await block(a.admin.token, { type: 'visitor' });
      expect(noVid.status).toBe(400);
      expect(fieldsOf(noVid.body)).toEqual(['vid']);
      expect(fieldsOf((await block(a.admin.token, { type: 'ip' })).body)).toEqual(['ip']);
      expect(fieldsOf((await block(a.admin.token, { type: 'ip', ip: '300.1.1.1' })).body)).toEqual(['ip']);
      expect(fieldsOf((await block(a.admin.token, { type: 'person', vid: 'x' })).body)).toEqual(['type']);
      expect(
        fieldsOf((await block(a.admin.token, { type: 'ip', ip: '192.0.2.1', note: 'n'.repeat(256) })).body),
      ).toEqual(['note']);
      const past = await block(a.admin.token, { type: 'ip', ip: '192.0.2.1', endAt: Date.now() - 1000 });
      expect(past.status).toBe(400);
      expect(fieldsOf(past.body)).toEqual(['endAt']);
      expect(
        fieldsOf((await block(a.admin.token, { type: 'ip', ip: '192.0.2.1', endAt: 'soon' })).body),
      ).toEqual(['endAt']);
      expect(fieldsOf((await postJson(ctx, '/api/block/unblock', a.admin.token, {})).body)).toEqual(['bid']);
      expect(fieldsOf((await getJson(ctx, '/api/block/visitor', a.admin.token)).body)).toEqual(['vid']);
    });

    it('answers 401, 403, 409, and 404 for unknown and other organisations’ ids', async () => {
      expect((await block(undefined, { type: 'ip', ip: '192.0.2.1' })).status).toBe(401);
      expect((await block(a.checker.token, { type: 'ip', ip: '192.0.2.1' })).status).toBe(403);
      expect((await block(a.admin.token, { type: 'visitor', vid: visitorOfA.visitor.vid })).status).toBe(409);
      for (const vid of ['nope', visitorOfB.visitor.vid]) {
        expect((await block(a.admin.token, { type: 'visitor', vid })).status).toBe(404);
        expect((await getJson(ctx, `/api/block/visitor?vid=${vid}`, a.admin.token)).status).toBe(404);
      }
      for (const bid of ['nope', blockOfB.bid])
        expect((await postJson(ctx, '/api/block/unblock', a.admin.token, { bid })).status).toBe(404);
      expect((await postJson(ctx, '/api/block/unblock', undefined, { bid: blockOfA.bid })).status).toBe(401);
      expect((await postJson(ctx, '/api/block/unblock', a.checker.token, { bid: blockOfA.bid })).status).toBe(
        403,
      );
      expect((await getJson(ctx, `/api/block/visitor?vid=${visitorOfA.visitor.vid}`)).status).toBe(401);
      expect(
        (await getJson(ctx, `/api/block/visitor?vid=${visitorOfA.visitor.vid}`, a.checker.token)).status,
      ).toBe(403);
      // B's visitor is still blocked: A's calls touched nothing of B.
      expect(
        (await getJson<Page<Block>>(ctx, '/api/block/query', b.admin.token)).body.data.content[0]?.active,
      ).toBe(true);
    });
  });
});
