import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from '../lazy-require.js';

// Loaded at the first sanitised document: it brings postcss and htmlparser2, about 18 MB that a
// chat-only server never needs.
const loadSanitizer = lazyRequire<typeof sanitizeHtml>('sanitize-html');

/*
 * The one HTML sanitiser of the server (DESIGN §8 "rich text"): every stored HTML field (article
 * content, help-centre footer, …) goes through it. An allow-list: tags and attributes not named
 * here are dropped (their text stays, except inside script-like elements, which go entirely);
 * URLs must be http(s), mailto (links only) or relative, so no javascript:, data: or vbscript:.
 * Changing the lists changes what every stored document may hold: keep the tests beside it in step.
 */

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const blocks = ['p', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'hr', 'br', 'div', 'span'];
const tables = ['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'];
const inline = ['a', 'img', 'strong', 'em', 'u', 's', 'mark', 'sub', 'sup'];

// Elements whose text must not survive either (scripts, styles, embedded documents).
const dropWithContent = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'svg',
  'math',
];

const safeRel = /^[a-z ]{0,60}$/;
const blankRel = 'noopener noreferrer nofollow';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...headings, ...blocks, ...tables, ...inline],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    col: ['span'],
    code: ['class'],
  },
  // Code blocks keep their language for highlighting; nothing else keeps a class.
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // "//host/x" leaves the site; only same-site relative addresses count as relative.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image whose address was refused is an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  nonTextTags: dropWithContent,
  transformTags: {
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.target !== undefined && next.target !== '_blank' && next.target !== '_self')
        delete next.target;
      // A new tab must not get window.opener, a referrer or pass ranking to the target.
      if (next.target === '_blank') next.rel = blankRel;
      else if (next.rel !== undefined && !safeRel.test(next.rel)) delete next.rel;
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next = { ...attribs };
      for (const size of ['width', 'height'] as const)
        if (next[size] !== undefined && !/^\d{1,5}%?$/.test(next[size])) delete next[size];
      return { tagName, attribs: next };
    },
  },
};

/** HTML reduced to the allow-list. Safe to store and to render in the console and the help centre. */
export const sanitizeRichText = (html: string): string => (html === '' ? '' : loadSanitizer()(html, options));
