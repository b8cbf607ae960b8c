/*
 * The part of a help-centre article a large-model answer reads (issue 14): the article's whole
 * text is often far longer than a prompt should carry, and the search snippet (~160 characters)
 * too short to answer from. So the passage is a bounded window of the article's plain text placed
 * where the visitor's words are densest, cut at sentence or word ends where it can be.
 */

const cjkChar = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const sentenceEnd = /[.!?。！？；;\n]/u;

/** What to look for: spaced words as they are, CJK runs as neighbouring pairs (which imply the run). */
export const passageTermsOf = (searchText: string): string[] => {
  const terms = new Set<string>();
  for (const word of searchText.toLowerCase().split(/\s+/)) {
    const chars = Array.from(word);
    if (chars.length === 0) continue;
    if (cjkChar.test(word)) {
      if (chars.length === 1) terms.add(word);
      for (let index = 0; index + 1 < chars.length; index += 1)
        terms.add(`${chars[index]}${chars[index + 1]}`);
    } else if (chars.length >= 2) terms.add(word);
  }
  return [...terms];
};

/** Where each term occurs in the (lower-cased) text: [offset, term index], by offset. */
const occurrencesOf = (text: string, terms: string[]) => {
  const found: [number, number][] = [];
  for (const [termIndex, term] of terms.entries()) {
    for (let at = text.indexOf(term); at !== -1 && found.length < 5000; at = text.indexOf(term, at + 1))
      found.push([at, termIndex]);
  }
  return found.sort((a, b) => a[0] - b[0]);
};

/**
 * At most `maxLength` characters of `text` around the densest run of `terms` (the most distinct
 * terms in one window, the earliest such window on a tie); from the start when none occurs.
 * A cut inside the text is marked with "…" (beyond `maxLength`).
 */
export const passageAround = (text: string, terms: readonly string[], maxLength = 1500): string => {
  if (text.length <= maxLength) return text;
  const occurrences = occurrencesOf(text.toLowerCase(), [...terms]);
  let bestStart = 0;
  let bestScore = 0;
  // Two pointers over the occurrences: each window starts at an occurrence.
  const counts = new Map<number, number>();
  let end = 0;
  for (let begin = 0; begin < occurrences.length; begin += 1) {
    const start = (occurrences[begin] as [number, number])[0];
    while (end < occurrences.length && (occurrences[end] as [number, number])[0] < start + maxLength) {
      const term = (occurrences[end] as [number, number])[1];
      counts.set(term, (counts.get(term) ?? 0) + 1);
      end += 1;
    }
    if (counts.size > bestScore) {
      bestScore = counts.size;
      bestStart = start;
    }
    const leaving = (occurrences[begin] as [number, number])[1];
    const left = (counts.get(leaving) ?? 1) - 1;
    if (left === 0) counts.delete(leaving);
    else counts.set(leaving, left);
  }
  // Some context before the first match: back up to the start of its sentence when that is near.
  const lead = Math.floor(maxLength / 5);
  let start = Math.max(0, bestStart - lead);
  if (start > 0) {
    let sentence = -1;
    for (let index = bestStart - 1; index >= start; index -= 1)
      if (sentenceEnd.test(text[index] as string)) {
        sentence = index + 1;
        break;
      }
    start = sentence !== -1 ? sentence : start;
  }
  start = Math.min(start, text.length - maxLength);
  while (start > 0 && start < text.length && /\s/.test(text[start] as string)) start += 1;
  let stop = Math.min(text.length, start + maxLength);
  if (stop < text.length) {
    // End at a sentence end, else a space, in the window's last fifth.
    const floor = stop - Math.floor(maxLength / 5);
    let cut = -1;
    for (let index = stop - 1; index >= floor && cut === -1; index -= 1)
      if (sentenceEnd.test(text[index] as string)) cut = index + 1;
    for (let index = stop - 1; index >= floor && cut === -1; index -= 1)
      if (/\s/.test(text[index] as string)) cut = index;
    if (cut !== -1) stop = cut;
  }
  const body = text.slice(start, stop).trim();
  return `${start > 0 ? '…' : ''}${body}${stop < text.length ? '…' : ''}`;
};
