/*
 * /embed.js — paste into any page:
 *   <script src="https://HOST/embed.js" data-org="SUBDOMAIN" data-wid="WID" data-style="3" data-lang="en-US" async></script>
 * (or data-aid="UID" for an appointed agent). Styles (spec §2): 1 PC full screen (new window),
 * 2 PC centred window (popup), 3 PC embedded (floating button and panel), 4 H5 page (default: the
 * page goes to the chat). Style 5 (video) comes with video calls. Proactive invitations show as a
 * bubble unless data-invite="off".
 *
 * Signed-in users of the site (issue 15): data-user-id, data-user-name, data-user-email,
 * data-user-mobile and data-user-signature (hex HMAC-SHA256 of the user id with the organisation's
 * identity secret, computed by the site's server), or from the page's script:
 *   window.openkefu('identify', { userId, name, email, mobile, signature });
 *   window.openkefu('logout');  window.openkefu('open');
 * Calls made before this script loads are queued in `window.openkefu.q` and replayed.
 */

import { toCommodity, type SiteCommodity } from './commodity.js';
import { identityFragmentOf, toSiteIdentity, type SiteIdentity } from './site-identity.js';

export type EmbedOptions = {
  host: string;
  org: string;
  wid: string | null;
  aid: string | null;
  lang: string | null;
  style: number;
  label: string;
  /** The site's signed-in user; carried in the chat address's fragment. */
  identity?: SiteIdentity | null;
  /** The product the visitor is looking at (data-commodity-*, or the `commodity` command). */
  commodity?: SiteCommodity | null;
};

export const chatUrlOf = (options: EmbedOptions, page: string): string => {
  const query = new URLSearchParams({ org: options.org });
  if (options.wid) query.set('wid', options.wid);
  if (options.aid) query.set('aid', options.aid);
  if (options.lang) query.set('lang', options.lang);
  query.set('page', page.slice(0, 1000));
  if (options.commodity) query.set('commodity', JSON.stringify(options.commodity));
  // Style 5 (video): the chat offers the video call first.
  if (options.style === 5) query.set('call', 'video');
  const fragment = options.identity ? identityFragmentOf(options.identity) : '';
  return `${options.host}/chat/?${query.toString()}${fragment}`;
};

export const readOptions = (script: HTMLScriptElement): EmbedOptions => {
  const data = script.dataset;
  const style = Number(data.style ?? 4);
  return {
    host: new URL(script.src, location.href).origin,
    org: data.org ?? '',
    wid: data.wid ?? null,
    aid: data.aid ?? null,
    lang: data.lang ?? null,
    style: style >= 1 && style <= 5 ? style : 4,
    label: data.label ?? (data.lang?.startsWith('zh') ? '在线客服' : 'Chat with us'),
    identity: toSiteIdentity({
      userId: data.userId,
      name: data.userName,
      email: data.userEmail,
      mobile: data.userMobile,
      signature: data.userSignature,
    }),
    commodity: toCommodity({
      title: data.commodityTitle,
      price: data.commodityPrice,
      image: data.commodityImage,
      url: data.commodityUrl,
    }),
  };
};

type CommandQueue = { q?: ArrayLike<unknown>[] };
export type OpenKefuCommand = ((command: string, payload?: unknown) => void) & CommandQueue;

/**
 * `window.openkefu(command, payload)`: identify (the signed user, used from the next opening of
 * the chat), logout (anonymous again) and open. Replays the calls queued before the script loaded.
 */
export const installCommands = (
  win: Window & { openkefu?: OpenKefuCommand },
  options: EmbedOptions,
  launch: (url: string) => void,
): OpenKefuCommand => {
  const queued = win.openkefu?.q ?? [];
  const run: OpenKefuCommand = (command, payload) => {
    if (command === 'identify') {
      options.identity = toSiteIdentity(payload);
      if (!options.identity)
        console.warn('[OpenKefu] identify needs { userId, signature } (and optionally name, email, mobile)');
    } else if (command === 'logout') options.identity = null;
    else if (command === 'commodity') {
      // null (or nothing) forgets the product; a bad one is refused with a word in the console.
      options.commodity = payload ? toCommodity(payload) : null;
      if (payload && !options.commodity)
        console.warn('[OpenKefu] commodity needs { title, url } (http/https; image https; price text)');
    } else if (command === 'open') launch(chatUrlOf(options, win.location.href));
    else console.warn(`[OpenKefu] unknown command "${command}"`);
  };
  win.openkefu = run;
  for (const call of Array.from(queued)) run(String(call[0]), call[1]);
  return run;
};

const button = (doc: Document, label: string, onClick: () => void): HTMLButtonElement => {
  const element = doc.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.setAttribute('data-openkefu', 'button');
  element.style.cssText =
    'position:fixed;right:20px;bottom:20px;z-index:2147483646;padding:12px 18px;border:0;border-radius:24px;' +
    'background:#1668dc;color:#fff;font:600 14px sans-serif;box-shadow:0 4px 12px rgba(0,0,0,.2);cursor:pointer';
  element.addEventListener('click', onClick);
  doc.body.appendChild(element);
  return element;
};

/** Opens a chat address the way the chosen style does (new window, popup, floating panel, same page). */
export const createLauncher = (
  doc: Document,
  win: Window,
  options: EmbedOptions,
): ((url: string) => void) => {
  if (options.style === 4)
    return (url) => {
      win.location.href = url;
    };
  if (options.style === 1) return (url) => win.open(url, '_blank');
  if (options.style === 2)
    return (url) => {
      const width = 420;
      const height = 640;
      const left = Math.max(0, (win.screen.width - width) / 2);
      const top = Math.max(0, (win.screen.height - height) / 2);
      win.open(url, 'openkefu', `width=${width},height=${height},left=${left},top=${top}`);
    };
  // Styles 3 and 5 (video): a panel that opens over the page; the iframe loads on first open.
  const panel = doc.createElement('div');
  panel.setAttribute('data-openkefu', 'panel');
  panel.style.cssText =
    'position:fixed;right:20px;bottom:80px;width:380px;max-width:calc(100vw - 40px);height:560px;' +
    'max-height:calc(100vh - 100px);z-index:2147483647;border-radius:12px;overflow:hidden;' +
    'box-shadow:0 8px 24px rgba(0,0,0,.25);display:none;background:#fff';
  doc.body.appendChild(panel);
  return (url) => {
    let frame = panel.firstChild as HTMLIFrameElement | null;
    if (!frame) {
      frame = doc.createElement('iframe');
      frame.title = options.label;
      // The chat inside may ask (the visitor still decides) for a location, a voice note or a call.
      frame.allow = 'clipboard-write; geolocation; microphone; camera';
      frame.style.cssText = 'width:100%;height:100%;border:0';
      panel.appendChild(frame);
    }
    // The button toggles; an invitation for another skill group opens the panel on that group.
    if (frame.getAttribute('src') !== url) {
      frame.src = url;
      panel.style.display = 'block';
    } else panel.style.display = panel.style.display === 'none' ? 'block' : 'none';
  };
};

/** Installs the chosen style on the page; returns what it added (for tests). */
export const install = (
  doc: Document,
  win: Window,
  options: EmbedOptions,
  launch = createLauncher(doc, win, options),
): HTMLElement | null => button(doc, options.label, () => launch(chatUrlOf(options, win.location.href)));

type Invitation = { tgid: string; message: string; wid: string };
const read = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
};
const write = (storage: () => Storage, key: string, value: string): void => {
  try {
    storage().setItem(key, value);
  } catch {
    // storage blocked: the visitor is asked again next page, nothing breaks
  }
};

/**
 * Proactive invitations: identifies the visitor (one visit per browser session), then asks the server
 * which invitation fits this page, again when `retryAtSeconds` is reached. The bubble's accept opens
 * the chat with the invitation's skill group; accept or decline ends invitations for the session.
 */
export const watchInvitations = async (
  doc: Document,
  win: Window,
  options: EmbedOptions,
  launch: (url: string) => void,
): Promise<void> => {
  const done = `openkefu:invited:${options.org}`;
  if (read(() => win.sessionStorage, done)) return;
  const tokenKey = `openkefu:visitor:${options.org}`;
  const visitsKey = `openkefu:visits:${options.org}`;
  const api = async <T>(path: string, token: string | null, body?: object): Promise<T> => {
    const response = await win.fetch(options.host + path, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(String(response.status));
    return ((await response.json()) as { data: T }).data;
  };
  const started = Date.now();
  let token = read(() => win.localStorage, tokenKey);
  let visits = Number(read(() => win.sessionStorage, visitsKey));
  if (!token || !visits) {
    const identity = await api<{ token: string; visitor: { visitCount: number } }>(
      '/visitor/api/init',
      null,
      {
        org: options.org,
        ...(token ? { token } : {}),
        page: win.location.href.slice(0, 2000),
        referrer: doc.referrer.slice(0, 2000),
      },
    );
    token = identity.token;
    visits = identity.visitor.visitCount;
    write(() => win.localStorage, tokenKey, token);
    write(() => win.sessionStorage, visitsKey, String(visits));
  }
  const isChinese = options.lang?.startsWith('zh');
  const show = (invitation: Invitation) => {
    const bubble = doc.createElement('div');
    bubble.setAttribute('data-openkefu', 'invitation');
    bubble.setAttribute('role', 'dialog');
    bubble.style.cssText =
      'position:fixed;right:20px;bottom:80px;width:280px;max-width:calc(100vw - 40px);z-index:2147483647;' +
      'padding:14px;border-radius:12px;background:#fff;color:#222;font:14px/1.5 sans-serif;' +
      'box-shadow:0 8px 24px rgba(0,0,0,.25)';
    const text = doc.createElement('p');
    text.style.cssText = 'margin:0 0 10px';
    text.textContent = invitation.message; // text, never HTML: the message is the customer's words
    bubble.appendChild(text);
    const answer = (isAccepted: boolean) => {
      bubble.remove();
      write(() => win.sessionStorage, done, '1');
      void api(`/visitor/api/targeted/${isAccepted ? 'accept' : 'decline'}`, token, {
        tgid: invitation.tgid,
      }).catch(() => undefined);
      if (isAccepted) launch(chatUrlOf({ ...options, wid: invitation.wid, aid: null }, win.location.href));
    };
    for (const [label, isAccepted] of [
      [isChinese ? '立即咨询' : 'Chat now', true],
      [isChinese ? '暂不需要' : 'No, thanks', false],
    ] as const) {
      const action = doc.createElement('button');
      action.type = 'button';
      action.textContent = label;
      action.setAttribute('data-openkefu', isAccepted ? 'accept' : 'decline');
      action.style.cssText = `margin-right:8px;padding:6px 12px;border-radius:16px;cursor:pointer;font:inherit;${
        isAccepted
          ? 'border:0;background:#1668dc;color:#fff'
          : 'border:1px solid #ccc;background:#fff;color:#333'
      }`;
      action.addEventListener('click', () => answer(isAccepted));
      bubble.appendChild(action);
    }
    doc.body.appendChild(bubble);
  };
  const ask = async (): Promise<void> => {
    const seconds = Math.floor((Date.now() - started) / 1000);
    const query = new URLSearchParams({
      url: win.location.href.slice(0, 2000),
      seconds: String(seconds),
      visits: String(visits),
    });
    const result = await api<{ invitation: Invitation | null; retryAtSeconds: number | null }>(
      `/visitor/api/targeted/match?${query.toString()}`,
      token,
    );
    if (result.invitation) show(result.invitation);
    else if (result.retryAtSeconds !== null)
      win.setTimeout(() => void ask().catch(() => undefined), (result.retryAtSeconds - seconds) * 1000);
  };
  await ask();
};

const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.dataset.org) {
  const start = () => {
    const options = readOptions(current);
    const launch = createLauncher(document, window, options);
    install(document, window, options, launch);
    installCommands(window, options, launch);
    // Invitations are an extra: a failure (server down, storage blocked) leaves the button working.
    if (current.dataset.invite !== 'off')
      void watchInvitations(document, window, options, launch).catch(() => undefined);
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}
