import type { RechargeOrder, PaymentProviderValue } from '@openkefu/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../../test/app.js';
import type { DatabaseTarget } from '../../../test/databases.js';
import { startAlipayServer, type AlipayServer } from '../../../test/protocol/alipay.js';
import {
  startWechatPayServer,
  type StubNotification,
  type WechatPayServer,
} from '../../../test/protocol/wechatpay.js';
import { saveSetting, type SettingColumn } from '../../user/user-settings.repository.js';

/* The recharge tests' app: the local payment servers it is configured for, and calls with their envelopes read. */

export type Envelope<T> = { status_code: number; data: T; message: string; fields?: { field: string }[] };
export type Admin = TestAccount & { token: string };

const settingOf: Record<PaymentProviderValue, SettingColumn> = { wechatpay: 'wechat_pay', alipay: 'alipay' };

/**
 * Starts the given providers' local servers and an app whose configuration (WECHATPAY_*, ALIPAY_*,
 * PAYMENT_API_BASES) points at them, as an operator's would at the real ones. Call inside the
 * database's describe block.
 */
export const useRechargeApp = (target: DatabaseTarget, providers: readonly PaymentProviderValue[]) => {
  const servers: { wechatpay?: WechatPayServer; alipay?: AlipayServer } = {};
  const env: Record<string, string> = {};
  // Registered before the app's own hooks, so the configuration is complete when it is built.
  beforeAll(async () => {
    if (providers.includes('wechatpay')) servers.wechatpay = await startWechatPayServer();
    if (providers.includes('alipay')) servers.alipay = await startAlipayServer();
    const bases = [servers.wechatpay?.apiBaseEntry, servers.alipay?.apiBaseEntry].filter(Boolean);
    Object.assign(env, servers.wechatpay?.env, servers.alipay?.env, {
      PAYMENT_API_BASES: bases.join(','),
    });
  });
  afterAll(async () => {
    await Promise.all([servers.wechatpay?.close(), servers.alipay?.close()]);
  });
  const ctx = useTestApp(target, { env, build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  const tokenOf = (who: Admin | string) => (typeof who === 'string' ? who : who.token);

  /** An organisation admin, signed in, with the given payment methods switched on in their settings. */
  const createAdmin = async (methods: readonly PaymentProviderValue[] = providers): Promise<Admin> => {
    const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    for (const method of methods)
      await saveSetting(ctx.database.db, account.userId, settingOf[method], true, Date.now());
    return { ...account, token: await signIn(ctx.app, account.username, account.password) };
  };

  const create = (who: Admin | string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/billing/recharge', headers: bearer(tokenOf(who)), payload });

  const placeOrder = async (who: Admin, payload: Record<string, unknown>): Promise<RechargeOrder> => {
    const response = await create(who, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<RechargeOrder>>().data;
  };

  const getOrder = (who: Admin | string, orderNo: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/billing/recharge/get?orderNo=${orderNo}`,
      headers: bearer(tokenOf(who)),
    });

  const orderOf = async (who: Admin, orderNo: string) =>
    (await getOrder(who, orderNo)).json<Envelope<RechargeOrder>>().data;

  /** Posts a provider's notification to our endpoint, bytes and headers as received. */
  const notify = (provider: PaymentProviderValue, incoming: StubNotification) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/billing/notify/${provider}`,
      headers: incoming.headers,
      payload: incoming.rawBody,
    });

  const closeOrder = (who: Admin, orderNo: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/billing/recharge/close',
      headers: bearer(who.token),
      payload: { orderNo },
    });

  const balanceOf = async (who: TestAccount) =>
    (
      await ctx.database.db
        .selectFrom('user')
        .select('balance_cents')
        .where('id', '=', who.userId)
        .executeTakeFirstOrThrow()
    ).balance_cents;

  const ledgerOf = (who: TestAccount) =>
    ctx.database.db
      .selectFrom('balance_log')
      .select(['kind', 'amount_cents', 'balance_after_cents', 'reference'])
      .where('org_id', '=', who.orgId)
      .orderBy('id')
      .execute();

  return {
    ctx,
    /** The local WeChat Pay server (when started). */
    get wechatpay(): WechatPayServer {
      if (!servers.wechatpay) throw new Error('WeChat Pay was not started for this app');
      return servers.wechatpay;
    },
    /** The local Alipay gateway (when started). */
    get alipay(): AlipayServer {
      if (!servers.alipay) throw new Error('Alipay was not started for this app');
      return servers.alipay;
    },
    createAdmin,
    create,
    placeOrder,
    getOrder,
    orderOf,
    notify,
    closeOrder,
    balanceOf,
    ledgerOf,
  };
};
