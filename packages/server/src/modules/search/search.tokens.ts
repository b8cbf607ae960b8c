/*
 * The tokens of every search index (messages, articles, later FAQs and customers), the same on
 * SQLite and PostgreSQL. Neither database splits Chinese into words, so CJK text is indexed as
 * its single characters plus every pair of neighbouring characters: a one-character query
 * matches the character, a longer query requires all of its pairs, which keeps the characters in
 * order. Latin (and other spaced) text is indexed as lower-case words. Documents and queries go
 * through this one function, so whatever it does, both sides agree.
 *
 * Why no Intl.Segmenter words on top: Node 20's ICU splits customer-service Chinese too finely to
 * add anything the pairs do not already hold ("绑|定|银行|卡|和|支付|宝", "开|具|发票"); its
 * two-character words are exactly pairs, and it rarely yields longer ones. Adding them would grow
 * the index and make matching depend on the segmenter's context-sensitive choices for nothing.
 * Revisit when the runtime's dictionary improves (the ranking tests in modules/article would show it).
 */

const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
// A CJK run, or a run of other letters, digits and marks (which stops where CJK starts, so that
// "iphone手机" gives "iphone" and the CJK tokens of 手机).
const runPattern = new RegExp(`[${cjk}]+|(?:(?![${cjk}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const cjkRunPattern = new RegExp(`^[${cjk}]`, 'u');

/** PostgreSQL refuses to index words over 2 KB; a cut-off applied alike to both sides keeps matching consistent. */
export const maxTokenLength = 64;

/** The form both sides are compared in: compatibility-folded (full-width → ASCII) and lower case. */
export const normalizeForSearch = (text: string): string => text.normalize('NFKC').toLowerCase();

export type SearchRun = { text: string; index: number; isCjk: boolean };

/** The runs of an already normalised text: CJK runs and runs of other letters/digits, with their offsets. */
export const splitRuns = (normalized: string): SearchRun[] =>
  [...normalized.matchAll(runPattern)].map((match) => ({
    text: match[0],
    index: match.index,
    isCjk: cjkRunPattern.test(match[0]),
  }));

/** The distinct search tokens of a text, in first-seen order. */
export const toSearchTokens = (text: string): string[] => {
  const tokens = new Set<string>();
  for (const run of splitRuns(normalizeForSearch(text))) {
    if (run.isCjk) {
      const chars = [...run.text];
      chars.forEach((char, index) => {
        tokens.add(char);
        const next = chars[index + 1];
        if (next !== undefined) tokens.add(char + next);
      });
    } else {
      tokens.add([...run.text].slice(0, maxTokenLength).join(''));
    }
  }
  return [...tokens];
};

/**
 * The tokens a query must match: toSearchTokens without the single characters of CJK runs that
 * have pairs (a pair implies both of its characters), which matches exactly the same documents
 * while asking the index for fewer, much smaller lists.
 */
export const toQueryTokens = (query: string): string[] => {
  const tokens = new Set<string>();
  for (const run of splitRuns(normalizeForSearch(query))) {
    if (!run.isCjk) {
      tokens.add([...run.text].slice(0, maxTokenLength).join(''));
      continue;
    }
    const chars = [...run.text];
    if (chars.length === 1) tokens.add(run.text);
    for (let index = 0; index + 1 < chars.length; index += 1)
      tokens.add(`${chars[index]}${chars[index + 1]}`);
  }
  return [...tokens];
};
