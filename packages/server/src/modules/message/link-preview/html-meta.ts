/*
 * The preview fields of an HTML page: Open Graph first, then Twitter's tags, then <title> and the
 * meta description. Read with patterns, not a DOM: only <meta> and <title> matter, and nothing of
 * the page is ever rendered — the values leave here as plain text.
 */

export type PageMeta = { title: string; description: string; image: string; siteName: string };

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x') || lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return namedEntities[lower] ?? whole;
  });

/** Tags inside a title (`<title>a <b>b</b></title>` from a broken page) are dropped, not kept. */
const stripTags = (text: string) => text.replace(/<[^>]*>/g, ' ');

const attributesOf = (tag: string): Map<string, string> => {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([a-zA-Z_:.-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[3] ?? match[4] ?? match[5] ?? '');
  }
  return attributes;
};

/** The charset a page declares in a <meta>, or null. */
export const declaredCharset = (head: string): string | null => {
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_-]+)/i.exec(head);
  return match?.[1]?.toLowerCase() ?? null;
};

export const readPageMeta = (html: string): PageMeta => {
  // Comments and scripts may hold tag-like text that is not the page's own metadata.
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const meta = new Map<string, string>();
  // Quoted values may hold '>' ("Sale <b>now</b>"): a tag ends at the first '>' outside quotes.
  for (const match of cleaned.matchAll(/<meta\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const attributes = attributesOf(match[0]);
    const key = (attributes.get('property') ?? attributes.get('name') ?? '').toLowerCase();
    const content = attributes.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, decodeEntities(content));
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(cleaned)?.[1] ?? '';
  const pick = (...keys: string[]) => keys.map((key) => meta.get(key)?.trim() ?? '').find(Boolean) ?? '';
  return {
    title: pick('og:title', 'twitter:title') || decodeEntities(stripTags(titleTag)).trim(),
    description: pick('og:description', 'twitter:description', 'description'),
    image: pick('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'),
    siteName: pick('og:site_name', 'application-name'),
  };
};
