import { normalizeForSearch, splitRuns, toSearchTokens } from '../search/search.tokens.js';

/*
 * How the robot reads text, the same for FAQ questions and for what visitors type: folded like
 * every search (search.tokens.ts: NFKC full-width → half-width, lower case), punctuation dropped,
 * synonyms replaced by their standard word, stopwords removed, English words lightly stemmed, then
 * the shared search tokens (words; CJK characters and neighbouring pairs).
 *
 * Stopwords in Chinese: a stopword of two or more characters (请问, 一下) is removed wherever it
 * occurs; a one-character one (的, 吗, 了) only where Intl.Segmenter sees it as a word of its own,
 * so that 目的 or 好了吗 keep what carries meaning. Removing one splits the run, so no
 * character pair spans the gap it leaves.
 */

/** Built-in stopwords: words that say nothing about which question is asked. Each organisation adds its own. */
export const builtInStopwords: readonly string[] = [
  // English function words and chat fillers.
  ...'a an the is are was were be been am do does did i me my mine we us our you your it its this that these those to of in on at for from with by and or but so if can could would should will shall may might must please pls plz thanks thank thx hi hello hey there just some any about im ive id dont cant wont isnt doesnt didnt u ur ok okay yes no not get got have has had want wanna need help tell know let lets'.split(
    ' ',
  ),
  // Chinese particles, pronouns and question words.
  ...'的 了 吗 呢 吧 啊 呀 哦 喔 嘛 么 哈 啦 我 你 您 他 她 它 我们 你们 是 在 有 就 都 也 还 和 跟 请问 请 一下 你好 您好 在吗 谢谢 麻烦 怎么 怎样 怎么样 如何 什么 为什么 哪里 哪儿 哪个 咋 能 能不能 可以 可不可以 会 要 想 想要 我想 我要 问 问下 问一下 帮我 帮忙 一个 这个 那个 现在 下'.split(
    ' ',
  ),
];

const cjkPattern = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const isCjkText = (text: string) => cjkPattern.test(text);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The form words are compared in: the search fold, punctuation as spaces, spaces collapsed. */
export const foldText = (text: string): string =>
  splitRuns(normalizeForSearch(text))
    .map((run) => run.text)
    .join(' ');

/**
 * A light English stemmer: enough for "refunds/refunded/refunding" and "shipping/shipped" to meet
 * "refund"/"ship", never shortening a word below three letters.
 */
export const stemWord = (word: string): string => {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  const strip = (suffix: string, replacement = '') =>
    word.endsWith(suffix) && word.length - suffix.length >= 3
      ? word.slice(0, word.length - suffix.length) + replacement
      : null;
  let stem =
    strip('ies', 'y') ??
    (/(ss|sh|ch|x)es$/.test(word) ? strip('es') : null) ??
    strip('ing') ??
    strip('ed') ??
    (/(ss|us|is)$/.test(word) ? null : strip('s')) ??
    word;
  // "shipped" → "shipp" → "ship"; "stopped" → "stop".
  if (stem.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(stem) && !/(ll|ss|zz)$/.test(stem))
    stem = stem.slice(0, -1);
  // A final e goes on both sides, so "charge", "charged" and "charges" all read "charg".
  return stem.length > 3 && stem.endsWith('e') && !stem.endsWith('ee') ? stem.slice(0, -1) : stem;
};

/** Folded text with every English word stemmed: the form synonyms and stopwords are compared in. */
const foldAndStem = (text: string): string =>
  splitRuns(normalizeForSearch(text))
    .map((run) => (run.isCjk ? run.text : stemWord(run.text)))
    .join(' ');

export type WordConfig = {
  stopwords: readonly string[];
  synonyms: readonly { standard: string; synonyms: readonly string[] }[];
};

/**
 * An organisation's synonym entries followed by the platform's, minus the platform entries whose
 * standard word the organisation has an entry for: its own entry wins. A platform synonym the
 * organisation reads as another standard word also stays the organisation's (the reader keeps the
 * first mapping of a word).
 */
export const mergeSynonyms = <T extends { standard: string }>(
  own: readonly T[],
  platform: readonly T[],
): T[] => {
  const owned = new Set(own.map((entry) => foldAndStem(entry.standard)));
  return [...own, ...platform.filter((entry) => !owned.has(foldAndStem(entry.standard)))];
};

export type TextReader = {
  /** The text as the matcher reads it: folded, synonyms applied, stopwords removed, stemmed. */
  read: (text: string) => string;
  /** The search tokens of read text. */
  tokensOf: (read: string) => string[];
  /**
   * The text for a full-text search (help-centre articles): folded, stopwords removed, words kept
   * as typed (the search index does not stem).
   */
  searchText: (text: string) => string;
};

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Builds the reader of one organisation's word lists (built-in stopwords included). */
export const createTextReader = (config: WordConfig): TextReader => {
  const stopwords = new Set<string>();
  const longCjkStopwords: string[] = [];
  for (const raw of [...builtInStopwords, ...config.stopwords]) {
    const word = foldAndStem(raw);
    if (word === '') continue;
    stopwords.add(word);
    if (isCjkText(word) && [...word].length > 1) longCjkStopwords.push(word);
  }
  // Longest first, so 能不能 goes before 能.
  longCjkStopwords.sort((a, b) => b.length - a.length);
  const longCjkPattern =
    longCjkStopwords.length > 0 ? new RegExp(longCjkStopwords.map(escapeRegExp).join('|'), 'gu') : null;

  /*
   * Synonym → standard word. Standard words map to themselves and, like every entry, the longest
   * match wins, so a synonym inside a standard word ("券" in "优惠券") leaves it alone; a synonym
   * that is also a standard word keeps its own meaning.
   */
  const replacements = new Map<string, string>();
  for (const entry of config.synonyms) {
    const standard = foldAndStem(entry.standard);
    if (standard !== '') replacements.set(standard, standard);
  }
  for (const entry of config.synonyms) {
    const standard = foldAndStem(entry.standard);
    if (standard === '') continue;
    for (const raw of entry.synonyms) {
      const synonym = foldAndStem(raw);
      if (synonym !== '' && synonym !== standard && !replacements.has(synonym))
        replacements.set(synonym, standard);
    }
  }
  const synonymPattern =
    replacements.size > 0
      ? new RegExp(
          [...replacements.keys()]
            .sort((a, b) => b.length - a.length)
            .map((synonym) =>
              // Words of spaced scripts match whole words only ("pw" not inside "pwd"); CJK anywhere.
              isCjkText(synonym)
                ? escapeRegExp(synonym)
                : `(?<![\\p{L}\\p{N}])${escapeRegExp(synonym)}(?![\\p{L}\\p{N}])`,
            )
            .join('|'),
          'gu',
        )
      : null;

  const readCjkRun = (run: string): string => {
    const pieces = longCjkPattern ? run.replace(longCjkPattern, ' ') : run;
    const kept: string[] = [];
    for (const piece of pieces.split(' ')) {
      if (piece === '') continue;
      if (stopwords.has(piece)) {
        kept.push(' ');
        continue;
      }
      for (const { segment } of segmenter.segment(piece)) kept.push(stopwords.has(segment) ? ' ' : segment);
      kept.push(' ');
    }
    return kept.join('');
  };

  const read = (text: string): string => {
    let folded = foldAndStem(text);
    if (synonymPattern)
      folded = foldText(
        folded.replace(synonymPattern, (match) => {
          const standard = replacements.get(match) ?? match;
          return isCjkText(standard) ? standard : ` ${standard} `;
        }),
      );
    const parts: string[] = [];
    for (const run of splitRuns(folded)) {
      if (run.isCjk) parts.push(readCjkRun(run.text));
      else if (!stopwords.has(run.text)) parts.push(run.text);
    }
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  };

  /*
   * The shared search tokens, plus each Chinese word of two or more characters the segmenter
   * finds (as `~word`): a pair inside a word then counts more than a pair that spans two words
   * ("退款多久" holds 款多, which means nothing).
   */
  const tokensOf = (readText: string): string[] => {
    const tokens = toSearchTokens(readText);
    const seen = new Set(tokens);
    if (!isCjkText(readText)) return tokens;
    for (const run of splitRuns(readText)) {
      if (!run.isCjk || [...run.text].length < 3) continue;
      for (const { segment } of segmenter.segment(run.text)) {
        const word = `~${segment}`;
        if ([...segment].length >= 2 && !seen.has(word)) {
          seen.add(word);
          tokens.push(word);
        }
      }
    }
    return tokens;
  };

  const searchText = (text: string): string =>
    splitRuns(foldText(text))
      .map((run) => (run.isCjk ? readCjkRun(run.text) : stopwords.has(stemWord(run.text)) ? '' : run.text))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();

  return { read, tokensOf, searchText };
};
