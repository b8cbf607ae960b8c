import type { Plan, PlanSaveBody } from '@openkefu/contract';
import { createPublicId } from '../../../lib/ids.js';
import { bearer, createAccount, signIn, type TestAccount, type TestContext } from '../../../test/app.js';

/* Helpers of billing's route tests: calls with the envelope read, organisations on a priced plan. */

export type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

export type Call = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) => Promise<{ status: number; body: Body<T> }>;

export const createCall =
  (ctx: TestContext): Call =>
  async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en-US' },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };

export type BilledOrganization = TestAccount & { token: string; email: string };

/** A new organisation whose owner is an admin with an email address, signed in. */
export const createBilledOrganization = async (ctx: TestContext): Promise<BilledOrganization> => {
  const email = `owner-${createPublicId(6)}@example.org`;
  const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], email });
  return { ...owner, email, token: await signIn(ctx.app, owner.username, owner.password) };
};

export const priceList: PlanSaveBody = {
  name: 'Pro',
  description: 'For tests',
  monthlyCents: 10_000,
  includedSeats: 2,
  seatMonthlyCents: 3_000,
  includedTokens: 1_000_000,
  tokenMillionCents: 1_999,
  addOns: [
    { code: 'sla', name: 'SLA', monthlyCents: 5_000 },
    { code: 'audit', name: 'Audit log', monthlyCents: 2_000 },
  ],
};

/** Saves a plan as platform staff. */
export const savePlan = async (
  call: Call,
  staff: string,
  body: Partial<PlanSaveBody> = {},
): Promise<Plan> => {
  const response = await call<Plan>('POST', '/api/platform/billing/plan/save', staff, {
    ...priceList,
    name: `Plan ${createPublicId(5)}`,
    ...body,
  });
  if (response.status !== 200) throw new Error(`plan not saved: ${JSON.stringify(response.body)}`);
  return response.body.data;
};

export const assignPlan = async (call: Call, staff: string, subDomain: string, pid: string) => {
  const response = await call('POST', '/api/platform/billing/plan/assign', staff, { subDomain, pid });
  if (response.status !== 200) throw new Error(`plan not assigned: ${JSON.stringify(response.body)}`);
};

/** Sets the organisation's wallet directly (its owner's row). */
export const setWallet = async (
  ctx: TestContext,
  account: TestAccount,
  wallet: { balanceCents?: number; validity?: string | null },
) => {
  await ctx.database.db
    .updateTable('user')
    .set({
      ...(wallet.balanceCents !== undefined ? { balance_cents: wallet.balanceCents } : {}),
      ...(wallet.validity !== undefined ? { validate_until_date: wallet.validity } : {}),
    })
    .where('id', '=', account.userId)
    .execute();
  // Signed-in users carry the validity: as a real change would, forget what they carry.
  ctx.app.services.auth.principals.forgetOrganization(account.orgId);
};

export const walletOf = (ctx: TestContext, account: TestAccount) =>
  ctx.database.db
    .selectFrom('user')
    .select(['balance_cents', 'validate_until_date'])
    .where('id', '=', account.userId)
    .executeTakeFirstOrThrow();

/** YYYY-MM-DD `days` from today (UTC). */
export const dayFromToday = (days: number): string =>
  new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);
