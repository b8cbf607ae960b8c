import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/*
 * The help centre's only stylesheet and script (DESIGN §7: a page loads ≤ 30 KB gzip of JS and
 * CSS). They live here as strings rather than files so that `tsc` carries them into dist with no
 * copy step. Served under /help/_assets/ with a content hash in the name (immutable caching) and
 * gzip-compressed once at start-up. `_` can never start an organisation's slug ([a-z0-9-]).
 *
 * The script is plain ES2017 without a build step: it sends votes and the feedback form (images
 * first, one upload each, then the form with their aids). Its words come from the page's data-*
 * attributes, so it carries no language of its own.
 */

const css = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f5f6f8;display:flex;flex-direction:column;min-height:100vh}
main{flex:1;padding:20px 0 40px}
a{color:var(--link,#0958d9)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--link,#0958d9);outline-offset:2px}
.hd :focus-visible{outline-color:currentColor}
.skip{position:absolute;left:-9999px;top:8px;z-index:10;background:#fff;color:#1f1f1f;padding:8px 12px;border-radius:6px}
.skip:focus{left:8px}
.sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.wrap{max-width:960px;margin:0 auto;padding:0 16px}
.hd{background:var(--p,#0958d9);color:var(--on-p,#fff)}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;min-height:56px;padding-top:8px;padding-bottom:8px}
.brand{display:flex;align-items:center;gap:10px;margin-right:auto;color:inherit;font-weight:600;font-size:1.125rem;text-decoration:none}
.brand img{display:block;height:32px;width:auto;max-width:160px;object-fit:contain}
.hd nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0;list-style:none}
.hd a{color:inherit}
.langs{display:flex;gap:12px;font-size:.875rem}
.langs a[aria-current]{font-weight:700;text-decoration:none}
.hero{padding:16px 0 32px}
.hero h1{margin:0 0 16px;font-size:1.5rem}
.search{display:flex;gap:8px;max-width:640px;margin:0 0 8px}
.search input{flex:1;min-width:0;font:inherit;padding:10px 12px;border:1px solid #767676;border-radius:8px;background:#fff;color:#1f1f1f}
.btn{display:inline-block;font:inherit;line-height:1.4;padding:10px 16px;border-radius:8px;border:1px solid var(--p,#0958d9);background:var(--p,#0958d9);color:var(--on-p,#fff);cursor:pointer;text-decoration:none}
.btn-o,.hero .btn{background:#fff;color:#1f1f1f;border-color:#767676}
h1{font-size:1.5rem;line-height:1.3;margin:0 0 8px}
h2{font-size:1.125rem;line-height:1.4;margin:28px 0 12px}
.grid{display:grid;gap:12px;grid-template-columns:1fr;list-style:none;margin:0;padding:0}
.card{display:block;height:100%;padding:16px;background:#fff;border:1px solid #e1e4e8;border-radius:12px;color:inherit;text-decoration:none}
.card:hover{border-color:var(--link,#0958d9)}
.card strong{display:block;color:var(--link,#0958d9)}
.muted{color:#595959;font-size:.875rem}
.list{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #e1e4e8;border-radius:12px}
.list li{padding:12px 16px;border-top:1px solid #eceef1}
.list li:first-child{border-top:0}
.list p{margin:4px 0 0}
.crumbs ol{display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:0 0 16px;padding:0;font-size:.875rem}
.crumbs li+li::before{content:"/";margin-right:4px;color:#767676}
.art{background:#fff;border:1px solid #e1e4e8;border-radius:12px;padding:20px 16px}
.body{overflow-wrap:anywhere}
.body img{max-width:100%;height:auto}
.body table{display:block;overflow-x:auto;border-collapse:collapse}
.body th,.body td{border:1px solid #d0d4d9;padding:6px 10px}
.body pre{overflow-x:auto;background:#f3f4f6;padding:12px;border-radius:8px}
.body blockquote{margin:0;padding-left:12px;border-left:4px solid #d0d4d9;color:#404040}
.vote{margin-top:32px;padding-top:16px;border-top:1px solid #eceef1}
.vote div{display:flex;gap:8px;flex-wrap:wrap}
.vote [aria-pressed=true]{border-color:var(--link,#0958d9);color:var(--link,#0958d9);font-weight:600}
.more{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:12px;margin-top:24px;padding:16px;background:#fff;border:1px solid #e1e4e8;border-radius:12px}
.more p{margin:0;font-weight:600}
.more .acts{display:flex;flex-wrap:wrap;gap:8px}
.fb label{display:block;font-weight:600;margin:16px 0 4px}
.fb select,.fb textarea,.fb input{display:block;width:100%;font:inherit;padding:10px 12px;border:1px solid #767676;border-radius:8px;background:#fff;color:#1f1f1f}
.fb input[type=file]{padding:8px}
.fb .btn{margin-top:20px}
.fb .btn:disabled{opacity:.6;cursor:wait}
.pager{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;margin-top:16px}
mark{background:#fff1b8;color:inherit;padding:0 1px}
.ft{background:#fff;border-top:1px solid #e1e4e8;padding:20px 0;color:#595959;font-size:.875rem}
.ft img{max-width:100%;height:auto}
@media (min-width:640px){.grid{grid-template-columns:1fr 1fr}.art{padding:32px}.hero{padding:24px 0 48px}.hero h1,h1{font-size:1.875rem}}
@media (min-width:960px){.grid{grid-template-columns:repeat(3,1fr)}}
@media (prefers-reduced-motion:reduce){*{scroll-behavior:auto!important}}
`;

const js = `(function () {
  'use strict';
  var post = function (url, body, isJson) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: isJson
        ? { 'content-type': 'application/json', 'accept-language': document.documentElement.lang }
        : { 'accept-language': document.documentElement.lang },
      body: isJson ? JSON.stringify(body) : body
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (!response.ok) throw answer;
        return answer.data;
      });
    });
  };

  var box = document.querySelector('[data-vote-url]');
  if (box) {
    var buttons = box.querySelectorAll('button[data-helpful]');
    var status = box.querySelector('[role=status]');
    var send = function (button) {
      var helpful = button.getAttribute('data-helpful') === '1';
      for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute('aria-pressed', String(buttons[i] === button));
      post(box.getAttribute('data-vote-url'), { aid: box.getAttribute('data-aid'), helpful: helpful }, true)
        .then(function (counts) {
          for (var i = 0; i < buttons.length; i++) {
            var count = buttons[i].getAttribute('data-helpful') === '1' ? counts.rateHelpful : counts.rateUseless;
            buttons[i].querySelector('[data-count]').textContent = ' (' + count + ')';
          }
          status.textContent = box.getAttribute('data-thanks')
            .replace('{helpful}', counts.rateHelpful)
            .replace('{total}', counts.rateHelpful + counts.rateUseless);
        })
        .catch(function (error) {
          status.textContent = (error && error.message) || box.getAttribute('data-failed');
        });
    };
    for (var i = 0; i < buttons.length; i++)
      buttons[i].addEventListener('click', function (event) { send(event.currentTarget); });
  }

  var form = document.querySelector('form[data-feedback-url]');
  if (form) {
    var say = function (text) { form.querySelector('[role=status]').textContent = text; };
    var word = function (name, file) { return form.getAttribute('data-' + name).replace('{name}', file ? file.name : ''); };
    var submit = form.querySelector('button[type=submit]');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var content = form.elements.content;
      if (!content.value.trim()) { say(word('required')); content.focus(); return; }
      var files = Array.prototype.slice.call(form.elements.images.files || []);
      var types = form.getAttribute('data-image-types').split(',');
      var maxBytes = Number(form.getAttribute('data-max-bytes'));
      if (files.length > Number(form.getAttribute('data-max-images'))) { say(word('too-many')); return; }
      for (var i = 0; i < files.length; i++) {
        if (types.indexOf(files[i].type) < 0) { say(word('bad-type', files[i])); return; }
        if (files[i].size > maxBytes) { say(word('too-large', files[i])); return; }
      }
      submit.disabled = true;
      var aids = [];
      // One image at a time: the server checks each (real type, size) and answers its aid.
      var upload = files.reduce(function (chain, file, index) {
        return chain.then(function () {
          say(form.getAttribute('data-uploading').replace('{n}', index + 1).replace('{count}', files.length));
          var data = new FormData();
          data.append('file', file, file.name);
          return post(form.getAttribute('data-image-url'), data, false).then(function (image) { aids.push(image.aid); });
        });
      }, Promise.resolve());
      upload
        .then(function () {
          say(form.getAttribute('data-sending'));
          return post(form.getAttribute('data-feedback-url'), {
            category: form.elements.category.value,
            content: content.value,
            contact: form.elements.contact.value,
            url: form.elements.url.value,
            browser: navigator.userAgent.slice(0, 500),
            images: aids
          }, true);
        })
        .then(function () {
          form.reset();
          say(word('thanks'));
        })
        .catch(function (error) {
          say((error && error.message) || word('failed'));
        })
        .then(function () { submit.disabled = false; });
    });
  }
})();
`;

/** The console's icon, byte for byte (keep in sync with web/public/favicon.svg; a test compares them). */
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1890FF"/><path d="M16 30a16 16 0 0 1 32 0v8a6 6 0 0 1-6 6h-4v-14h6v-0a12 12 0 0 0-24 0v0h6v14h-4a6 6 0 0 1-6-6z" fill="#fff"/></svg>`;

export type HelpAsset = {
  /** The file name under /help/_assets/. */
  name: string;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  etag: string;
};

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

const assetOf = (base: string, extension: string, contentType: string, text: string): HelpAsset => {
  const hash = hashOf(text).slice(0, 12);
  const body = Buffer.from(text);
  return {
    name: `${base}.${hash}.${extension}`,
    contentType,
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${hash}"`,
  };
};

export const helpAssetsPath = '/help/_assets/';

export const helpStylesheet = assetOf('help', 'css', 'text/css; charset=utf-8', css);
export const helpScript = assetOf('help', 'js', 'text/javascript; charset=utf-8', js);
export const helpIcon = assetOf('icon', 'svg', 'image/svg+xml', icon);

/* The organisation's colour: a tiny stylesheet per colour, so style-src stays 'self' (no inline style). */

const channel = (hex: string, offset: number) => parseInt(hex.slice(offset, offset + 2), 16);

const luminance = (rgb: readonly number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const toHex = (rgb: readonly number[]) =>
  `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/**
 * The variables the stylesheet reads, for a `#rrggbb` colour: --p (header and buttons), --on-p
 * (text on it: white or near-black, whichever contrasts more) and --link (the colour darkened
 * until it reaches WCAG AA 4.5:1 on white, so any chosen colour keeps links readable).
 */
export const themeCss = (color: string): string => {
  const hex = color.replace('#', '').toLowerCase();
  const rgb = [channel(hex, 0), channel(hex, 2), channel(hex, 4)];
  const own = luminance(rgb);
  const onPrimary = contrast(own, 1) >= contrast(own, luminance([31, 31, 31])) ? '#fff' : '#1f1f1f';
  let link = rgb;
  for (let step = 0; step < 20 && contrast(luminance(link), 1) < 4.5; step += 1)
    link = link.map((value) => value * 0.9);
  return `:root{--p:#${hex};--on-p:${onPrimary};--link:${toHex(link)}}\n`;
};

const themes = new Map<string, HelpAsset>();

/** The theme stylesheet of a colour (6 hex digits, any case), cached; undefined for anything else. */
export const themeAsset = (hex: string): HelpAsset | undefined => {
  if (!/^[0-9a-fA-F]{6}$/.test(hex)) return undefined;
  const key = hex.toLowerCase();
  let asset = themes.get(key);
  if (!asset) {
    const body = Buffer.from(themeCss(`#${key}`));
    asset = {
      name: `theme-${key}.css`,
      contentType: 'text/css; charset=utf-8',
      body,
      gzip: gzipSync(body),
      etag: `"${key}"`,
    };
    // 16 M possible colours: keep the cache bounded (a few organisations' colours in practice).
    if (themes.size > 1000) themes.clear();
    themes.set(key, asset);
  }
  return asset;
};

export const themeAssetName = (color: string): string => `theme-${color.replace('#', '').toLowerCase()}.css`;

/** The gzip-compressed bytes a page downloads as JS and CSS (the budget's figure), theme included. */
export const helpAssetBytes = (color = '#0958d9') => {
  const theme = themeAsset(color.replace('#', '')) as HelpAsset;
  return {
    css: helpStylesheet.gzip.length + theme.gzip.length,
    js: helpScript.gzip.length,
    total: helpStylesheet.gzip.length + theme.gzip.length + helpScript.gzip.length,
  };
};
