import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { toWechatError } from '../../lib/channels/wechat/errors.js';
import { callOutsideJson } from '../../lib/outside/http.js';
import type { Sealer } from '../../lib/sealed.js';

/*
 * WeChat and Work WeChat scan sign-in and binding (spec §2 bind-wechat, bind-wechat-work,
 * /oauth/wechat/callback; spec §7 /wechat/token and /wechat/work/token). The platform sends the
 * browser back to our callback with a code, which only this server can trade (with the app's
 * secret) for the user's WeChat unionid or Work WeChat userid. The identity never travels to the
 * browser in the clear: the callback hands the sign-in page a sealed, five-minute ticket in the
 * spec's `unionid` / `userid` parameter, which the token endpoint opens.
 */

export type LoginProvider = 'wechat' | 'wechatWork';
export type LoginPurpose = { kind: 'login'; redirect: string } | { kind: 'bind'; userId: number };

type State = { provider: LoginProvider; purpose: LoginPurpose; exp: number };

const stateTtlMs = 10 * 60_000;
const ticketTtlMs = 5 * 60_000;

/** Only paths inside the console may follow a sign-in (no open redirect through our callback). */
const safeRedirect = (value: string): string =>
  /^\/(?!\/)[^\s\\]*$/.test(value) && !value.startsWith('/antv/user') ? value : '/dashboard';

export const createWechatLoginService = (deps: {
  db: Executor;
  config: Config;
  sealer: Sealer;
  fetchImpl?: typeof fetch;
  now?: () => number;
}) => {
  const { db, config, sealer } = deps;
  const now = deps.now ?? Date.now;
  // Read at each call: CHANNEL_API_BASES may point them at a proxy (or a test's local server).
  const baseOf = (platform: string, fallback: string) => config.channelApiBases[platform] ?? fallback;
  const wechatBase = () => baseOf('wechat', 'https://api.weixin.qq.com');
  const workBase = () => baseOf('wework', 'https://qyapi.weixin.qq.com');
  const openBase = () => baseOf('wechat-open', 'https://open.weixin.qq.com');
  const workLoginBase = () => baseOf('wework-login', 'https://login.work.weixin.qq.com');

  const isConfigured = (provider: LoginProvider): boolean =>
    config.features.wechatScanLogin &&
    (provider === 'wechat'
      ? Boolean(config.wechatLogin.appId && config.wechatLogin.appSecret)
      : Boolean(
          config.wechatWorkLogin.corpId && config.wechatWorkLogin.agentId && config.wechatWorkLogin.secret,
        ));

  const assertConfigured = (provider: LoginProvider) => {
    if (!isConfigured(provider))
      throw AppError.badRequest('auth.wechatUnavailable', { oauthError: 'unsupported_grant_type' });
  };

  const callbackPath = (provider: LoginProvider) =>
    provider === 'wechat' ? '/oauth/wechat/callback' : '/oauth/wechat-work/callback';

  /** The platform's QR page for a sign-in or a binding; it comes back to our callback with `state`. */
  const authorizeUrl = (provider: LoginProvider, purpose: LoginPurpose, origin: string): string => {
    assertConfigured(provider);
    const safePurpose: LoginPurpose =
      purpose.kind === 'login' ? { kind: 'login', redirect: safeRedirect(purpose.redirect) } : purpose;
    const state = sealer.seal(
      JSON.stringify({ provider, purpose: safePurpose, exp: now() + stateTtlMs } satisfies State),
    );
    const redirectUri = `${origin}${callbackPath(provider)}`;
    if (provider === 'wechat') {
      const url = new URL('/connect/qrconnect', openBase());
      url.search = new URLSearchParams({
        appid: config.wechatLogin.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      }).toString();
      return `${url.toString()}#wechat_redirect`;
    }
    const url = new URL('/wwlogin/sso/login', workLoginBase());
    url.search = new URLSearchParams({
      login_type: 'CorpApp',
      appid: config.wechatWorkLogin.corpId,
      agentid: config.wechatWorkLogin.agentId,
      redirect_uri: redirectUri,
      state,
    }).toString();
    return url.toString();
  };

  /** WeChat: code → unionid (openid when the app is not bound to an Open Platform account). */
  const wechatIdentity = async (code: string): Promise<string> => {
    const answer = await callOutsideJson<{
      unionid?: string;
      openid?: string;
      errcode?: number;
      errmsg?: string;
    }>(
      {
        url: `${wechatBase()}/sns/oauth2/access_token`,
        query: {
          appid: config.wechatLogin.appId,
          secret: config.wechatLogin.appSecret,
          code,
          grant_type: 'authorization_code',
        },
      },
      deps.fetchImpl,
    );
    if (answer.errcode) throw toWechatError(answer.errcode, answer.errmsg ?? '', 200);
    const identity = answer.unionid ?? answer.openid ?? '';
    if (!identity) throw new Error('WeChat answered without a user');
    return identity;
  };

  /** Work WeChat: the app's token, then code → userid of a member of the company. */
  const workIdentity = async (code: string): Promise<string> => {
    const token = await callOutsideJson<{ access_token?: string; errcode?: number; errmsg?: string }>(
      {
        url: `${workBase()}/cgi-bin/gettoken`,
        query: { corpid: config.wechatWorkLogin.corpId, corpsecret: config.wechatWorkLogin.secret },
      },
      deps.fetchImpl,
    );
    if (token.errcode || !token.access_token)
      throw toWechatError(token.errcode ?? -1, token.errmsg ?? '', 200);
    const user = await callOutsideJson<{
      userid?: string;
      UserId?: string;
      errcode?: number;
      errmsg?: string;
    }>(
      { url: `${workBase()}/cgi-bin/auth/getuserinfo`, query: { access_token: token.access_token, code } },
      deps.fetchImpl,
    );
    if (user.errcode) throw toWechatError(user.errcode, user.errmsg ?? '', 200);
    const identity = user.userid ?? user.UserId ?? '';
    // Someone outside the company gets an openid instead: not a member, cannot sign in.
    if (!identity) throw AppError.badRequest('auth.wechatNotMember', { oauthError: 'invalid_grant' });
    return `${config.wechatWorkLogin.corpId}:${identity}`;
  };

  const openState = (raw: string, provider: LoginProvider): State | null => {
    try {
      const state = JSON.parse(sealer.open(raw)) as State;
      return state.provider === provider && state.exp > now() ? state : null;
    } catch {
      return null;
    }
  };

  /**
   * GET /oauth/wechat/callback (and -work): where the browser goes next. A sign-in continues on the
   * spec's bind-wechat page with a ticket; a binding returns to the account settings.
   */
  const completeCallback = async (
    provider: LoginProvider,
    query: { code?: string; state?: string },
  ): Promise<string> => {
    const page = provider === 'wechat' ? '/admin/antv/user/bind-wechat' : '/admin/antv/user/bind-wechat-work';
    const param = provider === 'wechat' ? 'unionid' : 'userid';
    const state = openState(query.state ?? '', provider);
    if (!state || !query.code || !isConfigured(provider)) return `${page}?error=expired`;
    let identity: string;
    try {
      identity = provider === 'wechat' ? await wechatIdentity(query.code) : await workIdentity(query.code);
    } catch {
      return state.purpose.kind === 'bind'
        ? '/admin/stable/settings/profile?tab=binding&bindError=platform'
        : `${page}?error=platform`;
    }
    if (state.purpose.kind === 'bind') {
      const outcome = await bind(state.purpose.userId, provider, identity);
      return `/admin/stable/settings/profile?tab=binding&${outcome === 'bound' ? `bound=${provider}` : 'bindError=taken'}`;
    }
    const ticket = sealer.seal(JSON.stringify({ provider, identity, exp: now() + ticketTtlMs }));
    return `${page}?${param}=${encodeURIComponent(ticket)}&redirect=${encodeURIComponent(state.purpose.redirect)}`;
  };

  const bind = async (
    userId: number,
    provider: LoginProvider,
    identity: string,
  ): Promise<'bound' | 'taken'> => {
    const owner = await db
      .selectFrom('user_oauth')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', identity)
      .executeTakeFirst();
    if (owner && Number(owner.user_id) !== userId) return 'taken';
    await db
      .deleteFrom('user_oauth')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .execute();
    await db
      .insertInto('user_oauth')
      .values({ user_id: userId, provider, subject: identity, created_at: now() })
      .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
      .execute();
    return 'bound';
  };

  /** The account a sign-in ticket names, or an OAuth error: not issued here, expired, or not bound. */
  const userOfTicket = async (provider: LoginProvider, ticket: string): Promise<number> => {
    assertConfigured(provider);
    let opened: { provider: LoginProvider; identity: string; exp: number };
    try {
      opened = JSON.parse(sealer.open(ticket)) as typeof opened;
    } catch {
      throw AppError.badRequest('auth.wechatTicketInvalid', { oauthError: 'invalid_grant' });
    }
    if (opened.provider !== provider || opened.exp < now())
      throw AppError.badRequest('auth.wechatTicketInvalid', { oauthError: 'invalid_grant' });
    const row = await db
      .selectFrom('user_oauth')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', opened.identity)
      .executeTakeFirst();
    if (!row) throw AppError.badRequest('auth.wechatNotBound', { oauthError: 'invalid_grant' });
    return Number(row.user_id);
  };

  const bindings = async (userId: number) => {
    const rows = await db
      .selectFrom('user_oauth')
      .select(['provider', 'created_at'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({ provider: row.provider as LoginProvider, boundAt: Number(row.created_at) }));
  };

  const unbind = async (userId: number, provider: LoginProvider) => {
    await db
      .deleteFrom('user_oauth')
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .execute();
  };

  return { isConfigured, authorizeUrl, completeCallback, userOfTicket, bindings, unbind };
};

export type WechatLoginService = ReturnType<typeof createWechatLoginService>;
