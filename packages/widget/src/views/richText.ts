import { h, type ComponentChildren } from 'preact';

/*
 * The robot's answers are rich text (lists, links, images, tables), sanitised by the server. The
 * widget still never sets innerHTML from the network: the HTML is parsed into an inert document
 * (no scripts run, nothing loads) and rebuilt as Preact elements from an allow-list of tags and
 * attributes narrower than the server's. Links open in a new tab without window.opener.
 */

const allowedTags = new Set(
  'h1 h2 h3 h4 h5 h6 p ul ol li blockquote pre code hr br div span table caption thead tbody tfoot tr th td a img strong b em i u s mark sub sup'.split(
    ' ',
  ),
);
// Their text is code or markup, not words: dropped whole.
const droppedTags = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'svg', 'math']);
// Same-site relative addresses ("/help/…", never "//host"), http(s) and, for links, mailto.
const safeSrc = /^(?:https?:\/\/|\/(?!\/))/i;
const safeHref = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

const attributesOf = (element: Element): Record<string, string> => {
  const value = (name: string) => element.getAttribute(name) ?? '';
  switch (element.localName) {
    case 'a':
      return {
        ...(safeHref.test(value('href')) ? { href: value('href') } : {}),
        target: '_blank',
        rel: 'noopener noreferrer',
      };
    case 'img':
      return {
        src: value('src'),
        alt: value('alt'),
        ...(/^\d{1,4}$/.test(value('width')) ? { width: value('width') } : {}),
        ...(/^\d{1,4}$/.test(value('height')) ? { height: value('height') } : {}),
      };
    case 'td':
    case 'th':
      return Object.fromEntries(
        ['colspan', 'rowspan']
          .filter((name) => /^\d{1,2}$/.test(value(name)))
          .map((name) => [name, value(name)]),
      );
    default:
      return {};
  }
};

const toChildren = (node: Node, key: number): ComponentChildren => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (droppedTags.has(element.localName)) return null;
  const children = [...element.childNodes].map(toChildren);
  const tag = element.localName;
  // An unknown element keeps its text (as the server does), never itself.
  if (!allowedTags.has(tag)) return children;
  if (tag === 'img' && !safeSrc.test(element.getAttribute('src') ?? '')) return null;
  return h(
    tag,
    { key, ...attributesOf(element) },
    tag === 'img' || tag === 'br' || tag === 'hr' ? null : children,
  );
};

/** Sanitised HTML as Preact elements; the tags scripts live in never come out of the allow-list. */
export const renderRichText = (html: string): ComponentChildren =>
  [...new DOMParser().parseFromString(html, 'text/html').body.childNodes].map(toChildren);
