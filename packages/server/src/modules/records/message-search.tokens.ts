/*
 * The tokens of the message search index, the same on SQLite and PostgreSQL. Neither database
 * splits Chinese into words, so CJK text is indexed as its single characters plus every pair of
 * neighbouring characters: a one-character query matches the character, a longer query requires
 * all of its pairs, which keeps the characters in order. Latin (and other spaced) text is
 * indexed as lower-case words. Documents and queries go through this one function, so whatever
 * it does, both sides agree.
 */

const cjk = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
// A CJK run, or a run of other letters, digits and marks (which stops where CJK starts, so that
// "iphone手机" gives "iphone" and the CJK tokens of 手机).
const runPattern = new RegExp(`[${cjk}]+|(?:(?![${cjk}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');
const cjkRunPattern = new RegExp(`^[${cjk}]`, 'u');

/** PostgreSQL refuses to index words over 2 KB; a cut-off applied alike to both sides keeps matching consistent. */
const maxTokenLength = 64;

/** The distinct search tokens of a text, in first-seen order. */
export const toSearchTokens = (text: string): string[] => {
  const tokens = new Set<string>();
  const normalized = text.normalize('NFKC').toLowerCase();
  for (const [run] of normalized.matchAll(runPattern)) {
    if (cjkRunPattern.test(run)) {
      const chars = [...run];
      chars.forEach((char, index) => {
        tokens.add(char);
        const next = chars[index + 1];
        if (next !== undefined) tokens.add(char + next);
      });
    } else {
      tokens.add([...run].slice(0, maxTokenLength).join(''));
    }
  }
  return [...tokens];
};
