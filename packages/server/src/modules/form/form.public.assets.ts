import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

/*
 * The public form page's only stylesheet and script (as the help centre's: strings, so `tsc`
 * carries them into dist; hashed names, immutable, gzip once at start-up). The script is plain
 * ES2017 with no build step; its words come from the page's data-* attributes. It mirrors the
 * contract's conditional display (form-rules.ts visibleItemKeys — keep in step); every rule is
 * checked again on the server, which answers with the fields it refuses.
 */

const css = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;background:#f5f6f8}
main{max-width:680px;margin:0 auto;padding:16px 12px 48px}
.card{background:#fff;border:1px solid #e1e4e8;border-radius:12px;padding:20px 16px;margin-bottom:12px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 8px}
h2{font-size:1.125rem;margin:8px 0 4px}
.desc,.help{color:#595959;white-space:pre-line}
.help{font-size:.875rem;margin:2px 0 8px}
.q{margin:0 0 20px;border:0;padding:0;min-width:0}
.q[hidden]{display:none}
.q>label,.q legend{display:block;font-weight:600;margin-bottom:6px;padding:0}
.req{color:#cf1322;margin-left:4px}
input[type=text],input[type=email],input[type=tel],input[type=number],input[type=date],select,textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #8c8c8c;border-radius:8px;background:#fff;color:#1f1f1f}
textarea{min-height:110px;resize:vertical}
.opts{display:flex;flex-direction:column;gap:8px}
.opt{display:flex;align-items:center;gap:10px;padding:10px 12px;border:1px solid #d9d9d9;border-radius:8px;cursor:pointer}
.opt input{width:20px;height:20px;margin:0}
.scale{display:flex;flex-wrap:wrap;gap:6px}
.scale label{position:relative}
.scale input{position:absolute;opacity:0;width:1px;height:1px}
.scale span{display:inline-flex;align-items:center;justify-content:center;min-width:40px;height:40px;padding:0 8px;border:1px solid #8c8c8c;border-radius:8px;background:#fff;cursor:pointer}
.scale input:checked+span{background:#0958d9;border-color:#0958d9;color:#fff}
.scale input:focus-visible+span{outline:3px solid #0958d9;outline-offset:2px}
.stars span{font-size:1.25rem}
.ends{display:flex;justify-content:space-between;font-size:.75rem;color:#595959;margin-top:4px}
.err{color:#cf1322;font-size:.875rem;margin-top:4px}
.err:empty{display:none}
.btn{display:block;width:100%;font:inherit;font-weight:600;padding:12px 16px;border-radius:8px;border:0;background:#0958d9;color:#fff;cursor:pointer}
.btn[disabled]{opacity:.6;cursor:wait}
.status{margin-top:12px;min-height:1.5em}
.done{text-align:center;padding:40px 16px}
:focus-visible{outline:3px solid #0958d9;outline-offset:2px}
.langs{display:flex;gap:12px;justify-content:flex-end;font-size:.875rem;margin-bottom:8px}
.langs a{color:#0958d9}
.langs a[aria-current]{font-weight:700;text-decoration:none;color:#1f1f1f}
@media (min-width:640px){main{padding-top:40px}.card{padding:32px}.btn{width:auto;display:inline-block;min-width:160px}}
`;

const js = `(function () {
  'use strict';
  var form = document.querySelector('form[data-submit]');
  if (!form) return;
  var words = JSON.parse(form.getAttribute('data-words'));
  var version = Number(form.getAttribute('data-version'));
  var lang = document.documentElement.lang;
  var items = [].slice.call(form.querySelectorAll('[data-key]'));
  var status = form.querySelector('.status');
  var sent = -1;
  var valueOf = function (item) {
    var type = item.getAttribute('data-type');
    if (type === 'checkbox')
      return [].slice.call(item.querySelectorAll('input:checked')).map(function (input) { return input.value; });
    if (type === 'radio' || type === 'rating' || type === 'nps') {
      var checked = item.querySelector('input:checked');
      return checked ? checked.value : '';
    }
    var field = item.querySelector('[data-value]');
    return field ? field.value.trim() : '';
  };
  var isEmpty = function (value) { return Array.isArray(value) ? value.length === 0 : value === ''; };
  var refresh = function () {
    var values = {};
    var shown = {};
    var sectionShown = true;
    items.forEach(function (item) {
      var key = item.getAttribute('data-key');
      var rule = item.getAttribute('data-show');
      var own = true;
      if (rule) {
        rule = JSON.parse(rule);
        var value = values[rule.key];
        var list = Array.isArray(value) ? value : value ? [value] : [];
        own = !!shown[rule.key] && list.some(function (entry) { return rule.values.indexOf(entry) >= 0; });
      }
      var visible = own;
      if (item.getAttribute('data-type') === 'section') sectionShown = own;
      else visible = sectionShown && own;
      item.hidden = !visible;
      shown[key] = visible;
      if (visible && item.getAttribute('data-type') !== 'section') values[key] = valueOf(item);
    });
    return values;
  };
  var post = function (url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'accept-language': lang },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) throw data;
        return data.data;
      });
    });
  };
  var errorBox = function (item) { return item.querySelector('.err'); };
  // Cleared while typing, not on change: a change fires on the blur of the click on Submit, and a
  // message vanishing then moves the button from under the pointer, so the click would be lost.
  form.addEventListener('input', function (event) {
    var item = event.target.closest('[data-key]');
    if (item && errorBox(item)) errorBox(item).textContent = '';
  });
  form.addEventListener('change', function (event) {
    refresh();
    var item = event.target.closest('[data-key]');
    if (!item) return;
    errorBox(item).textContent = '';
    var index = items.indexOf(item);
    if (index > sent && !isEmpty(valueOf(item))) {
      sent = index;
      post(form.getAttribute('data-progress'), { version: version, key: item.getAttribute('data-key') })
        .catch(function () {});
    }
  });
  [].slice.call(form.querySelectorAll('input[type=file]')).forEach(function (input) {
    input.addEventListener('change', function () {
      var item = input.closest('[data-key]');
      var hidden = item.querySelector('[data-value]');
      var note = item.querySelector('.file-status');
      hidden.value = '';
      if (!input.files || !input.files[0]) return;
      var body = new FormData();
      body.append('file', input.files[0]);
      note.textContent = words.uploading;
      fetch(form.getAttribute('data-upload'), { method: 'POST', credentials: 'same-origin', headers: { 'accept-language': lang }, body: body })
        .then(function (response) {
          return response.json().then(function (data) {
            if (!response.ok) throw data;
            return data.data;
          });
        })
        .then(function (file) {
          hidden.value = file.aid;
          note.textContent = words.uploaded;
          hidden.dispatchEvent(new Event('change', { bubbles: true }));
        })
        .catch(function (error) {
          note.textContent = '';
          errorBox(item).textContent = (error && error.message) || words.failed;
        });
    });
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var values = refresh();
    var first = null;
    items.forEach(function (item) {
      var key = item.getAttribute('data-key');
      var box = errorBox(item);
      if (box) box.textContent = '';
      if (!item.hidden && item.hasAttribute('data-required') && isEmpty(values[key])) {
        box.textContent = words.required;
        first = first || item;
      }
    });
    if (first) {
      status.textContent = words.check;
      if (first.scrollIntoView) first.scrollIntoView({ block: 'center' });
      return;
    }
    var button = form.querySelector('button[type=submit]');
    button.disabled = true;
    status.textContent = words.sending;
    post(form.getAttribute('data-submit'), { version: version, answers: values })
      .then(function (result) {
        var done = document.createElement('div');
        done.className = 'card done';
        done.setAttribute('role', 'status');
        done.textContent = result.thankYou || words.thanks;
        form.replaceWith(done);
        done.setAttribute('tabindex', '-1');
        done.focus();
      })
      .catch(function (error) {
        button.disabled = false;
        var fields = (error && error.fields) || [];
        fields.forEach(function (field) {
          var key = String(field.field).replace(/^answers\\./, '');
          var item = form.querySelector('[data-key="' + key + '"]');
          if (item && errorBox(item)) errorBox(item).textContent = field.message;
        });
        status.textContent = (error && error.message) || words.failed;
      });
  });
  refresh();
})();
`;

export type FormAsset = { name: string; contentType: string; body: Buffer; gzip: Buffer; etag: string };

const assetOf = (extension: string, contentType: string, text: string): FormAsset => {
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const body = Buffer.from(text);
  return {
    name: `form.${hash}.${extension}`,
    contentType,
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${hash}"`,
  };
};

export const formAssetsPath = '/form/_assets/';
export const formStylesheet = assetOf('css', 'text/css; charset=utf-8', css);
export const formScript = assetOf('js', 'text/javascript; charset=utf-8', js);
