/*
 * /embed.js — paste into any page:
 *   <script src="https://HOST/embed.js" data-org="SUBDOMAIN" data-wid="WID" data-style="3" data-lang="en-US" async></script>
 * (or data-aid="UID" for an appointed agent). Styles (spec §2): 1 PC full screen (new window),
 * 2 PC centred window (popup), 3 PC embedded (floating button and panel), 4 H5 page (default: the
 * page goes to the chat). Style 5 (video) comes with video calls.
 */

export type EmbedOptions = {
  host: string;
  org: string;
  wid: string | null;
  aid: string | null;
  lang: string | null;
  style: number;
  label: string;
};

export const chatUrlOf = (options: EmbedOptions, page: string): string => {
  const query = new URLSearchParams({ org: options.org });
  if (options.wid) query.set('wid', options.wid);
  if (options.aid) query.set('aid', options.aid);
  if (options.lang) query.set('lang', options.lang);
  query.set('page', page.slice(0, 1000));
  return `${options.host}/chat/?${query.toString()}`;
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
    style: style >= 1 && style <= 4 ? style : 4,
    label: data.label ?? (data.lang?.startsWith('zh') ? '在线客服' : 'Chat with us'),
  };
};

const button = (doc: Document, label: string, onClick: () => void): HTMLButtonElement => {
  const element = doc.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.setAttribute('data-openkefu', 'button');
  element.style.cssText =
    'position:fixed;right:20px;bottom:20px;z-index:2147483646;padding:12px 18px;border:0;border-radius:24px;' +
    'background:#1890ff;color:#fff;font:600 14px sans-serif;box-shadow:0 4px 12px rgba(0,0,0,.2);cursor:pointer';
  element.addEventListener('click', onClick);
  doc.body.appendChild(element);
  return element;
};

/** Installs the chosen style on the page; returns what it added (for tests). */
export const install = (doc: Document, win: Window, options: EmbedOptions): HTMLElement | null => {
  const url = chatUrlOf(options, win.location.href);
  if (options.style === 4) {
    return button(doc, options.label, () => {
      win.location.href = url;
    });
  }
  if (options.style === 1) return button(doc, options.label, () => win.open(url, '_blank'));
  if (options.style === 2) {
    return button(doc, options.label, () => {
      const width = 420;
      const height = 640;
      const left = Math.max(0, (win.screen.width - width) / 2);
      const top = Math.max(0, (win.screen.height - height) / 2);
      win.open(url, 'openkefu', `width=${width},height=${height},left=${left},top=${top}`);
    });
  }
  // Style 3: a panel that opens over the page; the iframe loads on first open.
  const panel = doc.createElement('div');
  panel.setAttribute('data-openkefu', 'panel');
  panel.style.cssText =
    'position:fixed;right:20px;bottom:80px;width:380px;max-width:calc(100vw - 40px);height:560px;' +
    'max-height:calc(100vh - 100px);z-index:2147483647;border-radius:12px;overflow:hidden;' +
    'box-shadow:0 8px 24px rgba(0,0,0,.25);display:none;background:#fff';
  doc.body.appendChild(panel);
  return button(doc, options.label, () => {
    if (!panel.firstChild) {
      const frame = doc.createElement('iframe');
      frame.src = url;
      frame.title = options.label;
      frame.allow = 'clipboard-write';
      frame.style.cssText = 'width:100%;height:100%;border:0';
      panel.appendChild(frame);
    }
    panel.style.display = panel.style.display === 'none' ? 'block' : 'none';
  });
};

const current = document.currentScript;
if (current instanceof HTMLScriptElement && current.dataset.org) {
  const start = () => install(document, window, readOptions(current));
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}
