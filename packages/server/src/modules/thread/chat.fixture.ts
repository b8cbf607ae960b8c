import type { Thread, ThreadRequestResult, VisitorInitResult, Workgroup } from '@openkefu/contract';
import { createPublicId } from '../../lib/ids.js';
import { bearer, createAccount, signIn, type TestAccount, type TestContext } from '../../test/app.js';
import type { Presence } from '../realtime/presence.js';

/* Test fixture for live chat: an organisation with an admin, agents and a skill group, and visitors. */

export type Envelope<T> = { message: string; status_code: number; data: T; fields?: { field: string }[] };

export type ChatAgent = TestAccount & { token: string };

export type ChatOrg = {
  owner: ChatAgent;
  agents: ChatAgent[];
  wid: string;
  subDomain: string;
};

export const makeChatOrg = async (
  ctx: TestContext,
  options: { agents?: number; maxThreadCount?: number; group?: Record<string, unknown> } = {},
): Promise<ChatOrg> => {
  const ownerAccount = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
  const owner = {
    ...ownerAccount,
    token: await signIn(ctx.app, ownerAccount.username, ownerAccount.password),
  };
  const agents: ChatAgent[] = [];
  for (let index = 0; index < (options.agents ?? 2); index += 1) {
    const account = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: owner.orgId,
      username: `agent${index}-${createPublicId(6)}`,
    });
    await ctx.database.db
      .updateTable('user')
      .set({ nickname: `Agent ${index}`, max_thread_count: options.maxThreadCount ?? 5 })
      .where('id', '=', account.userId)
      .execute();
    agents.push({ ...account, token: await signIn(ctx.app, account.username, account.password) });
  }
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/workgroup/create',
    headers: bearer(owner.token),
    payload: {
      nickname: `Support ${createPublicId(4)}`,
      users: agents.map((agent) => agent.uid),
      welcomeTip: 'Welcome!',
      offlineTip: 'We are offline, leave a message',
      nonWorkingTimeTip: 'Outside working hours',
      closeTip: 'Thanks for chatting',
      ...options.group,
    },
  });
  if (created.statusCode !== 200) throw new Error(`workgroup create failed: ${created.body}`);
  return {
    owner,
    agents,
    wid: created.json<Envelope<Workgroup>>().data.wid,
    subDomain: ownerAccount.subDomain,
  };
};

/** Online by status and connected (as a workbench socket would make it). */
export const bringOnline = async (ctx: TestContext, presence: Presence, agent: TestAccount) => {
  await ctx.database.db
    .updateTable('user')
    .set({ status: 'online' })
    .where('id', '=', agent.userId)
    .execute();
  await presence.connect(agent.userId);
};

export const initVisitor = async (ctx: TestContext, subDomain: string): Promise<VisitorInitResult> => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/visitor/api/init',
    headers: { 'user-agent': 'vitest' },
    payload: { org: subDomain, page: 'https://shop.example/pricing', referrer: 'https://search.example/' },
  });
  if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
  return response.json<Envelope<VisitorInitResult>>().data;
};

export const requestThread = async (
  ctx: TestContext,
  token: string,
  body: { wid?: string; aid?: string },
): Promise<ThreadRequestResult> => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/visitor/api/thread/request',
    headers: bearer(token),
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`thread request failed: ${response.body}`);
  return response.json<Envelope<ThreadRequestResult>>().data;
};

export const mine = async (ctx: TestContext, token: string, kind: string): Promise<Thread[]> => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/thread/mine?kind=${kind}`,
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`mine failed: ${response.body}`);
  return response.json<Envelope<{ content: Thread[] }>>().data.content;
};
