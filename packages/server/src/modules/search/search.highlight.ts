import { maxTokenLength, normalizeForSearch, splitRuns } from './search.tokens.js';

/*
 * Highlighting of search hits: the text comes back HTML-escaped with what the query matched in
 * <mark>, so callers can put it into a page as it is. What counts as a match follows the index's
 * tokens (search.tokens.ts): whole words for spaced scripts, neighbouring pairs of a CJK query
 * (its single character when the query is one), compared case-insensitively after NFKC folding.
 */

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

type Range = { start: number; end: number };

type QueryTerms = { words: Set<string>; pairs: Set<string>; singles: Set<string> };

const parseQuery = (query: string): QueryTerms => {
  const terms: QueryTerms = { words: new Set(), pairs: new Set(), singles: new Set() };
  for (const run of splitRuns(normalizeForSearch(query))) {
    if (!run.isCjk) {
      terms.words.add([...run.text].slice(0, maxTokenLength).join(''));
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1) terms.singles.add(run.text);
    for (let index = 0; index + 1 < chars.length; index += 1)
      terms.pairs.add(`${chars[index]}${chars[index + 1]}`);
  }
  return terms;
};

/**
 * The normalised text with, per UTF-16 unit of it, where its code point starts and ends in the
 * original: NFKC and lower-casing may change lengths ("ﬁ" → "fi", "İ" → "i̇"), and marks must land
 * on the original text.
 */
const normalizeWithOffsets = (text: string) => {
  const whole = normalizeForSearch(text);
  // Fast path (nearly every text): folding changed no length, so offsets are the identity.
  if (whole.length === text.length && /^[\t\n\r\u0020-\u00ff\u3000-\u303f\u4e00-\u9fff]*$/.test(text)) {
    const identity = Array.from({ length: text.length }, (_, index) => index);
    return { normalized: whole, starts: identity, ends: identity.map((index) => index + 1) };
  }
  let normalized = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const char of text) {
    const folded = normalizeForSearch(char);
    for (let unit = 0; unit < folded.length; unit += 1) {
      starts.push(offset);
      ends.push(offset + char.length);
    }
    normalized += folded;
    offset += char.length;
  }
  return { normalized, starts, ends };
};

const findRanges = (text: string, terms: QueryTerms): Range[] => {
  if (terms.words.size + terms.pairs.size + terms.singles.size === 0) return [];
  const { normalized, starts, ends } = normalizeWithOffsets(text);
  const found: Range[] = [];
  const add = (from: number, to: number) => {
    const start = starts[from];
    const end = ends[to - 1];
    if (start !== undefined && end !== undefined) found.push({ start, end });
  };
  for (const run of splitRuns(normalized)) {
    if (!run.isCjk) {
      if (terms.words.has([...run.text].slice(0, maxTokenLength).join('')))
        add(run.index, run.index + run.text.length);
      continue;
    }
    const chars = [...run.text];
    let offset = run.index;
    chars.forEach((char, index) => {
      const next = chars[index + 1];
      if (next !== undefined && terms.pairs.has(char + next)) add(offset, offset + char.length + next.length);
      else if (terms.singles.has(char)) add(offset, offset + char.length);
      offset += char.length;
    });
  }
  found.sort((a, b) => a.start - b.start);
  const merged: Range[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
};

const render = (text: string, ranges: Range[], from: number, to: number): string => {
  let html = '';
  let at = from;
  for (const range of ranges) {
    const start = Math.max(range.start, from);
    const end = Math.min(range.end, to);
    if (end <= start) continue;
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at, to));
};

// Never cut a surrogate pair in half.
const isLowSurrogate = (text: string, index: number) => {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
};

/** Characters of the snippet shown before the first match. */
const leadIn = 40;

export type Highlighter = {
  /** The whole text, escaped, matches in <mark> (titles). */
  highlight: (text: string) => string;
  /**
   * About `length` characters of the text around its first match, escaped, matches in <mark>,
   * with "…" where it was cut; the start of the text when nothing matches. Whitespace runs are
   * collapsed first (plain text from HTML is full of them).
   */
  snippet: (text: string, length?: number) => string;
};

/** Parses the query once for every hit of a result page. */
export const createHighlighter = (query: string): Highlighter => {
  const terms = parseQuery(query);
  return {
    highlight: (text) => render(text, findRanges(text, terms), 0, text.length),
    snippet: (raw, length = 160) => {
      const text = raw.replace(/\s+/g, ' ').trim();
      const ranges = findRanges(text, terms);
      let start = 0;
      const first = ranges[0];
      if (first) start = Math.max(0, Math.min(first.start - leadIn, text.length - length));
      if (start > 0 && isLowSurrogate(text, start)) start -= 1;
      let end = Math.min(text.length, start + length);
      if (end < text.length && isLowSurrogate(text, end)) end += 1;
      return `${start > 0 ? '…' : ''}${render(text, ranges, start, end)}${end < text.length ? '…' : ''}`;
    },
  };
};

/** `text` escaped with what `query` matches in <mark>. */
export const highlightText = (text: string, query: string): string =>
  createHighlighter(query).highlight(text);

/** A ~`length`-character escaped snippet of `text` around the first match of `query`. */
export const highlightSnippet = (text: string, query: string, length = 160): string =>
  createHighlighter(query).snippet(text, length);
