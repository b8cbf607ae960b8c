/*
 * Search hits arrive as escaped text with matches in <mark> (the server's highlighter). The widget
 * never sets innerHTML from the network: it splits on the two tags and decodes the five entities
 * the server escapes, so any other markup shows as text.
 */

export type HighlightPart = { text: string; isMark: boolean };

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

const decode = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);

export const highlightParts = (html: string): HighlightPart[] =>
  html
    .split(/(<mark>[\s\S]*?<\/mark>)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('<mark>') && part.endsWith('</mark>')
        ? { text: decode(part.slice(6, -7)), isMark: true }
        : { text: decode(part), isMark: false },
    );

/** Only http(s) addresses become links. */
export const isWebUrl = (url: string) => /^https?:\/\//i.test(url);
