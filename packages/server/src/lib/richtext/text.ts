/*
 * HTML to plain text for the search index and snippets. Block ends become spaces (so "<p>a</p><p>b</p>"
 * is two words), script-like elements go with their text, entities are decoded once. The result is
 * text, never markup: whoever shows it escapes it (search.highlight.ts does). Regular expressions,
 * not a parser: it runs for every search hit and every save, and stored content is already
 * well-formed sanitiser output.
 */

const dropped =
  /<(script|style|textarea|noscript|iframe|object|template|title|svg|math)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const blockEnd =
  /<\/(?:p|div|h[1-6]|li|td|th|tr|blockquote|pre|table|ul|ol|caption)\s*>|<(?:br|hr)\b[^>]*>/gi;
const comment = /<!--[\s\S]*?(?:-->|$)/g;
const tag = /<\/?[a-zA-Z][^>]*>?/g;

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : ' ';
    }
    return named[name.toLowerCase()] ?? entity;
  });

/** The visible text of an HTML fragment, whitespace collapsed. */
export const htmlToPlainText = (html: string): string => {
  if (html === '') return '';
  const text = html.replace(comment, ' ').replace(dropped, ' ').replace(blockEnd, ' ').replace(tag, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
};

/**
 * The visible text with its line structure kept — blocks and breaks become line ends, list items
 * bullets — for places that show text but no markup (a robot answer sent to WeChat, an email).
 */
export const htmlToLines = (html: string): string => {
  if (html === '') return '';
  const text = html
    .replace(comment, ' ')
    .replace(dropped, ' ')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(blockEnd, '\n')
    .replace(tag, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
};
