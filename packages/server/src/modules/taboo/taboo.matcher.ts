/*
 * Finds sensitive words in a message in one pass (Aho–Corasick over code points), so the cost per
 * message does not grow with the number of words. Matching is case-insensitive and works on
 * characters, not bytes: a hit in Chinese text masks exactly the hit's characters. In scripts
 * written with spaces a hit must stand as a whole word ("he" does not hit "here"); Chinese and
 * Japanese have no spaces, so there any occurrence is a hit.
 */

export type TabooEntry = { tabooId: number; standard: string; terms: string[] };

export type TabooMatch = {
  tabooId: number;
  standard: string;
  /** The term as written in the word list (the standard word or a synonym). */
  word: string;
  /** Code-point offsets in the message, end exclusive. */
  start: number;
  end: number;
};

export type TabooMatcher = {
  isEmpty: boolean;
  find: (text: string) => TabooMatch[];
};

type Node = {
  next: Map<string, number>;
  fail: number;
  /** Terms ending here, including those reached through fail links. */
  outputs: number[];
};

/** One code point lower-cased on its own, so every position keeps a one-to-one mapping to the text. */
const foldCodePoint = (char: string): string => {
  const lower = char.toLowerCase();
  return [...lower].length === 1 ? lower : char;
};

const foldText = (text: string): string[] => Array.from(text, foldCodePoint);

const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const wordChar = /[\p{L}\p{N}_]/u;
/** A letter or digit of a script that separates words with spaces. */
const isSpacedWordChar = (char: string | undefined): boolean =>
  char !== undefined && wordChar.test(char) && !unspacedScript.test(char);

export const createTabooMatcher = (entries: TabooEntry[]): TabooMatcher => {
  const nodes: Node[] = [{ next: new Map(), fail: 0, outputs: [] }];
  const terms: { tabooId: number; standard: string; word: string; length: number }[] = [];
  for (const entry of entries)
    for (const word of entry.terms) {
      const folded = foldText(word.trim());
      if (folded.length === 0) continue;
      let state = 0;
      for (const char of folded) {
        const current = nodes[state] as Node;
        let target = current.next.get(char);
        if (target === undefined) {
          target = nodes.length;
          nodes.push({ next: new Map(), fail: 0, outputs: [] });
          current.next.set(char, target);
        }
        state = target;
      }
      (nodes[state] as Node).outputs.push(terms.length);
      terms.push({
        tabooId: entry.tabooId,
        standard: entry.standard,
        word: word.trim(),
        length: folded.length,
      });
    }

  // Breadth-first fail links; a node's outputs absorb those of its fail target.
  const queue: number[] = [];
  for (const child of (nodes[0] as Node).next.values()) queue.push(child);
  for (let head = 0; head < queue.length; head += 1) {
    const index = queue[head] as number;
    const node = nodes[index] as Node;
    for (const [char, child] of node.next) {
      let fail = node.fail;
      while (fail !== 0 && !(nodes[fail] as Node).next.has(char)) fail = (nodes[fail] as Node).fail;
      const candidate = (nodes[fail] as Node).next.get(char);
      const childNode = nodes[child] as Node;
      childNode.fail = candidate !== undefined && candidate !== child ? candidate : 0;
      childNode.outputs.push(...(nodes[childNode.fail] as Node).outputs);
      queue.push(child);
    }
  }

  const find = (text: string): TabooMatch[] => {
    if (terms.length === 0 || text.length === 0) return [];
    const matches: TabooMatch[] = [];
    const chars = foldText(text);
    let state = 0;
    for (let index = 0; index < chars.length; index += 1) {
      const char = chars[index] as string;
      while (state !== 0 && !(nodes[state] as Node).next.has(char)) state = (nodes[state] as Node).fail;
      state = (nodes[state] as Node).next.get(char) ?? 0;
      const position = index + 1;
      for (const output of (nodes[state] as Node).outputs) {
        const term = terms[output] as (typeof terms)[number];
        const start = position - term.length;
        const isInsideWord =
          (isSpacedWordChar(chars[start]) && isSpacedWordChar(chars[start - 1])) ||
          (isSpacedWordChar(char) && isSpacedWordChar(chars[position]));
        if (isInsideWord) continue;
        matches.push({
          tabooId: term.tabooId,
          standard: term.standard,
          word: term.word,
          start,
          end: position,
        });
      }
    }
    return matches;
  };

  return { isEmpty: terms.length === 0, find };
};

/** Each character of every match becomes `*`; the rest of the text is kept as written. */
export const maskMatches = (text: string, matches: TabooMatch[]): string => {
  if (matches.length === 0) return text;
  const chars = Array.from(text);
  for (const match of matches)
    for (let index = match.start; index < match.end; index += 1) chars[index] = '*';
  return chars.join('');
};
