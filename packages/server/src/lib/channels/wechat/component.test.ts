import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenStore } from '../../../modules/channel/channel.adapter.js';
import {
  createComponentTestSettings,
  startWechatOpenPlatform,
  type WechatOpenPlatform,
} from '../../../test/protocol/wechat-open.js';
import { OutsideError } from '../../outside/http.js';
import {
  buildComponentLoginUrl,
  getComponentAccessToken,
  keepVerifyTicket,
  openComponentEvent,
  queryAuthorization,
  refreshAuthorizerToken,
  type ComponentContext,
} from './component.js';

/* The third-party platform (component) client against the local WeChat Open Platform. */

const memoryStore = (): TokenStore & { values: Map<string, string> } => {
  const values = new Map<string, string>();
  return {
    values,
    get: async (name) => values.get(name),
    set: async (name, value) => {
      values.set(name, value);
    },
    drop: async (name) => {
      values.delete(name);
    },
  };
};

describe('WeChat third-party platform client', () => {
  const settings = createComponentTestSettings();
  let wechat: WechatOpenPlatform;
  const contextWith = (
    store = memoryStore(),
  ): ComponentContext & { store: ReturnType<typeof memoryStore> } => ({
    settings,
    store,
    apiBase: (platform, fallback) =>
      platform === 'wechat' || platform === 'wechat-mp' ? wechat.base : fallback,
    now: Date.now,
  });

  beforeAll(async () => {
    wechat = await startWechatOpenPlatform(settings);
  });
  afterAll(async () => wechat?.close());

  it('opens a signed verify-ticket push and refuses a forged or tampered one', () => {
    const { ticket, request } = wechat.verifyTicketPush();
    expect(openComponentEvent(settings, request)).toEqual({ infoType: 'component_verify_ticket', ticket });
    const forged = { ...request, query: { ...request.query, msg_signature: '0'.repeat(40) } };
    expect(() => openComponentEvent(settings, forged)).toThrow(OutsideError);
    const otherKey = { ...settings, encodingAESKey: createComponentTestSettings().encodingAESKey };
    expect(() => openComponentEvent(otherKey, request)).toThrow();
    expect(openComponentEvent(settings, wechat.unauthorizedPush())).toEqual({
      infoType: 'unauthorized',
      authorizerAppId: wechat.authorizer.appId,
    });
  });

  it('waits for a verify ticket, then gets and keeps the component token for the newest one', async () => {
    const ctx = contextWith();
    const early = await getComponentAccessToken(ctx).catch((error: unknown) => error);
    expect(early).toBeInstanceOf(OutsideError);
    expect((early as OutsideError).platformCode).toBe('no_verify_ticket');
    expect((early as OutsideError).isRetryable).toBe(true);

    const stale = wechat.verifyTicketPush().ticket;
    await keepVerifyTicket(ctx, stale);
    wechat.verifyTicketPush(); // a newer ticket WeChat sent to another node that missed this one
    const refused = await getComponentAccessToken(ctx).catch((error: unknown) => error);
    expect((refused as OutsideError).platformCode).toBe('61006');

    await keepVerifyTicket(ctx, wechat.verifyTicketPush().ticket);
    const calls = wechat.calls.length;
    const token = await getComponentAccessToken(ctx);
    expect(token).toMatch(/^ct-/);
    expect(await getComponentAccessToken(ctx)).toBe(token);
    expect(wechat.calls.length - calls).toBe(1);
  });

  it('sends the admin to authorise, trades the returned code for the account, and refreshes its token', async () => {
    const ctx = contextWith();
    await keepVerifyTicket(ctx, wechat.verifyTicketPush().ticket);
    const login = new URL(
      await buildComponentLoginUrl(ctx, 'https://kefu.example.com/antv/mp/redirect?state=s1'),
    );
    expect(login.pathname).toBe('/cgi-bin/componentloginpage');
    expect(login.searchParams.get('component_appid')).toBe(settings.componentAppId);
    expect(login.searchParams.get('auth_type')).toBe('1');
    // The admin agrees on WeChat's page; WeChat sends them back with auth_code.
    const { redirect } = (await (await fetch(login)).json()) as { redirect: string };
    const back = new URL(redirect);
    expect(back.searchParams.get('state')).toBe('s1');
    const authCode = back.searchParams.get('auth_code') ?? '';

    const granted = await queryAuthorization(ctx, authCode);
    expect(granted.authorizerAppId).toBe(wechat.authorizer.appId);
    expect(wechat.isAuthorizerTokenValid(granted.accessToken)).toBe(true);
    const again = await queryAuthorization(ctx, authCode).catch((error: unknown) => error);
    expect((again as OutsideError).platformCode).toBe('61010');

    const renewed = await refreshAuthorizerToken(ctx, granted.authorizerAppId, granted.refreshToken);
    expect(wechat.isAuthorizerTokenValid(renewed.accessToken)).toBe(true);
    expect(renewed.refreshToken).not.toBe(granted.refreshToken);
    const reused = await refreshAuthorizerToken(ctx, granted.authorizerAppId, granted.refreshToken).catch(
      (error: unknown) => error,
    );
    expect((reused as OutsideError).platformCode).toBe('61023');
  });
});
