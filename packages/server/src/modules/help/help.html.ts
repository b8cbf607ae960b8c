/*
 * HTML templates with escaping by default: every value interpolated into `html`…`` is escaped
 * unless it is already Html (another template, or `trusted(…)` for HTML the server sanitised or
 * built itself: article content, the footer, search highlights). Keep `trusted` calls few and
 * named: each is a place where a mistake would be an XSS.
 */

const htmlBrand = Symbol('html');

export type Html = { readonly [htmlBrand]: true; readonly value: string };

type Part = Html | string | number | null | undefined | false | readonly Part[];

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

const isHtml = (value: unknown): value is Html =>
  typeof value === 'object' && value !== null && htmlBrand in value;

/** HTML the caller vouches for (sanitised on save, or escaped by the search highlighter). */
export const trusted = (value: string): Html => ({ [htmlBrand]: true, value });

const render = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (isHtml(part)) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

// The templates' own indentation (Prettier formats them as HTML) is dropped from the static parts
// only: a newline stays a newline, so spacing between inline elements keeps its meaning, and
// interpolated values (article content with <pre>) are never touched.
const compacted = new WeakMap<TemplateStringsArray, string[]>();
const compactOf = (strings: TemplateStringsArray): string[] => {
  let parts = compacted.get(strings);
  if (!parts) {
    parts = strings.map((text) => text.replace(/\n[ \t]+/g, '\n'));
    compacted.set(strings, parts);
  }
  return parts;
};

export const html = (strings: TemplateStringsArray, ...values: Part[]): Html =>
  trusted(
    compactOf(strings).reduce(
      (out, text, index) => out + text + (index < values.length ? render(values[index]) : ''),
      '',
    ),
  );

/**
 * An address safe for href/src: http(s), or a path on this site. Anything else (javascript:,
 * data:, protocol-relative //host) becomes '#'. Settings are validated on save; this is the
 * second line for rows written before that or by hand.
 */
export const safeUrl = (url: string): string =>
  /^(?:https?:\/\/|\/(?!\/))/i.test(url.trim()) ? url.trim() : '#';
