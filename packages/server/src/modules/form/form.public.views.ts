import type { FormItem, Language } from '@openkefu/contract';
import { html, type Html } from '../help/help.html.js';
import { formAssetsPath, formScript, formStylesheet } from './form.public.assets.js';
import type { LiveSurvey } from './form.survey.service.js';

/* Server-rendered public form page `/form/<fid>` (issue 16): escape-by-default templates. */

const words = {
  'en-US': {
    submit: 'Submit',
    required: 'This question is required.',
    check: 'Please check the marked questions.',
    sending: 'Sending…',
    thanks: 'Thank you! Your answers have been received.',
    failed: 'Could not send. Please try again.',
    uploading: 'Uploading…',
    uploaded: 'Uploaded.',
    choose: 'Choose…',
    notLikely: 'Not at all likely',
    veryLikely: 'Extremely likely',
    noScript: 'Please turn on JavaScript to send this form.',
    notFoundTitle: 'Form not found',
    notFoundText: 'This form does not exist or is not published.',
    answeredTitle: 'Already answered',
    answeredText: 'You have already answered this form. Thank you!',
    tooManyTitle: 'Too many requests',
    tooManyText: 'Please wait {seconds} seconds and try again.',
    stars: '{n} stars',
    requiredMark: 'required',
    language: 'Language',
  },
  'zh-CN': {
    submit: '提交',
    required: '此题为必填项。',
    check: '请检查标出的题目。',
    sending: '正在提交…',
    thanks: '感谢您的填写，答卷已提交。',
    failed: '提交失败，请重试。',
    uploading: '正在上传…',
    uploaded: '上传完成。',
    choose: '请选择…',
    notLikely: '完全不可能',
    veryLikely: '极有可能',
    noScript: '请开启 JavaScript 后提交此表单。',
    notFoundTitle: '表单不存在',
    notFoundText: '该表单不存在或尚未发布。',
    answeredTitle: '已填写',
    answeredText: '您已经填写过此表单，感谢参与！',
    tooManyTitle: '请求过于频繁',
    tooManyText: '请等待 {seconds} 秒后重试。',
    stars: '{n} 星',
    requiredMark: '必填',
    language: '语言',
  },
} satisfies Record<Language, Record<string, string>>;

export type FormWordKey = keyof (typeof words)['en-US'];

export const formWord = (
  language: Language,
  key: FormWordKey,
  params: Record<string, string | number> = {},
) => words[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));

export type FormPageContext = {
  language: Language;
  /** Links to the page in the other languages. */
  languageLinks: { language: Language; href: string }[];
};

const languageNames: Record<Language, string> = { 'en-US': 'English', 'zh-CN': '中文' };

const layout = (ctx: FormPageContext, title: string, main: Html, hasScript: boolean): string =>
  html`<!doctype html>
    <html lang="${ctx.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <link rel="stylesheet" href="${formAssetsPath}${formStylesheet.name}" />
        ${hasScript ? html`<script src="${formAssetsPath}${formScript.name}" defer></script>` : ''}
      </head>
      <body>
        <main id="main">
          ${
            ctx.languageLinks.length > 1
              ? html`<nav class="langs" aria-label="${formWord(ctx.language, 'language')}">
                  ${ctx.languageLinks.map((link) =>
                    link.language === ctx.language
                      ? html`<a href="${link.href}" aria-current="true" lang="${link.language}"
                          >${languageNames[link.language]}</a
                        >`
                      : html`<a href="${link.href}" lang="${link.language}"
                          >${languageNames[link.language]}</a
                        >`,
                  )}
                </nav>`
              : ''
          }
          ${main}
        </main>
      </body>
    </html>`.value;

export const renderFormMessage = (ctx: FormPageContext, title: string, text: string): string =>
  layout(
    ctx,
    title,
    html`<div class="card">
      <h1>${title}</h1>
      <p>${text}</p>
    </div>`,
    false,
  );

const idOf = (item: FormItem, suffix = '') => `q-${item.key}${suffix}`;

const control = (ctx: FormPageContext, item: FormItem): Html => {
  const t = (key: FormWordKey, params?: Record<string, string | number>) =>
    formWord(ctx.language, key, params);
  const describedBy = `${idOf(item, '-help')} ${idOf(item, '-err')}`;
  const textInput = (type: string, extra: Html | '' = '') =>
    html`<input
      id="${idOf(item)}"
      type="${type}"
      data-value
      aria-describedby="${describedBy}"
      ${item.required ? html`aria-required="true"` : ''}
      ${extra}
    />`;
  switch (item.type) {
    case 'textarea':
      return html`<textarea
        id="${idOf(item)}"
        data-value
        maxlength="${item.max ?? 5000}"
        aria-describedby="${describedBy}"
      ></textarea>`;
    case 'email':
      return textInput('email', html`maxlength="128" autocomplete="email"`);
    case 'mobile':
      return textInput('tel', html`maxlength="20" autocomplete="tel"`);
    case 'number':
      return textInput('number', html`inputmode="decimal" step="any"`);
    case 'date':
      return textInput('date');
    case 'file':
      return html`<input id="${idOf(item)}" type="file" aria-describedby="${describedBy}" />
        <input type="hidden" data-value value="" />
        <div class="help file-status" role="status"></div>`;
    case 'select':
      return html`<select id="${idOf(item)}" data-value aria-describedby="${describedBy}">
        <option value="">${t('choose')}</option>
        ${item.options.map((option) => html`<option value="${option}">${option}</option>`)}
      </select>`;
    case 'radio':
    case 'checkbox':
      return html`<div class="opts">
        ${item.options.map(
          (option, index) =>
            html`<label class="opt" for="${idOf(item, `-${index}`)}"
              ><input
                id="${idOf(item, `-${index}`)}"
                type="${item.type}"
                name="${item.key}"
                value="${option}"
              /><span>${option}</span></label
            >`,
        )}
      </div>`;
    case 'rating':
      return html`<div class="scale stars">
        ${Array.from({ length: item.max ?? 5 }, (_, index) => index + 1).map(
          (score) =>
            html`<label title="${t('stars', { n: score })}"
              ><input
                type="radio"
                name="${item.key}"
                value="${score}"
                aria-label="${t('stars', { n: score })}"
              /><span>★ ${score}</span></label
            >`,
        )}
      </div>`;
    case 'nps':
      return html`<div class="scale">
          ${Array.from({ length: 11 }, (_, index) => index).map(
            (score) =>
              html`<label
                ><input type="radio" name="${item.key}" value="${score}" /><span>${score}</span></label
              >`,
          )}
        </div>
        <div class="ends" aria-hidden="true">
          <span>${t('notLikely')}</span><span>${t('veryLikely')}</span>
        </div>`;
    default:
      return textInput('text', html`maxlength="${item.max ?? 500}"`);
  }
};

const isGroup = (item: FormItem) => ['radio', 'checkbox', 'rating', 'nps'].includes(item.type);

const itemBlock = (ctx: FormPageContext, item: FormItem): Html => {
  const common = { show: item.showIf ? JSON.stringify(item.showIf) : null };
  if (item.type === 'section')
    return html`<div
      class="q"
      data-key="${item.key}"
      data-type="section"
      ${common.show ? html`data-show="${common.show}"` : ''}
    >
      <h2>${item.label}</h2>
      ${item.help ? html`<p class="help">${item.help}</p>` : ''}
    </div>`;
  const mark = item.required
    ? html`<span class="req" aria-label="${formWord(ctx.language, 'requiredMark')}">*</span>`
    : '';
  const help = html`<div class="help" id="${idOf(item, '-help')}">${item.help ?? ''}</div>`;
  const error = html`<div class="err" id="${idOf(item, '-err')}" aria-live="polite"></div>`;
  const attributes = html`data-key="${item.key}" data-type="${item.type}"
  ${item.required ? html`data-required` : ''} ${common.show ? html`data-show="${common.show}"` : ''}`;
  return isGroup(item)
    ? html`<fieldset class="q" ${attributes}>
        <legend>${item.label}${mark}</legend>
        ${help} ${control(ctx, item)} ${error}
      </fieldset>`
    : html`<div class="q" ${attributes}>
        <label for="${idOf(item)}">${item.label}${mark}</label>
        ${help} ${control(ctx, item)} ${error}
      </div>`;
};

export const renderFormPage = (ctx: FormPageContext, form: LiveSurvey): string => {
  const t = (key: FormWordKey) => formWord(ctx.language, key);
  const clientWords = {
    required: t('required'),
    check: t('check'),
    sending: t('sending'),
    thanks: form.settings.thankYou || t('thanks'),
    failed: t('failed'),
    uploading: t('uploading'),
    uploaded: t('uploaded'),
  };
  const base = `/form/${form.fid}/api/`;
  const main = html`<div class="card">
      <h1>${form.title}</h1>
      ${form.description ? html`<p class="desc">${form.description}</p>` : ''}
    </div>
    <form
      class="card"
      novalidate
      data-submit="${base}submit"
      data-progress="${base}progress"
      data-upload="${base}upload"
      data-version="${form.version}"
      data-words="${JSON.stringify(clientWords)}"
    >
      <noscript><p class="err">${t('noScript')}</p></noscript>
      ${form.items.map((item) => itemBlock(ctx, item))}
      <button class="btn" type="submit">${t('submit')}</button>
      <div class="status" role="status" aria-live="polite"></div>
    </form>`;
  return layout(ctx, form.title, main, true);
};
