import type { pinyin as PinyinFn } from 'pinyin-pro';
import { createTextReader, stemWord, type TextReader, type WordConfig } from './robot.text.js';
import { builtInThesaurus } from './robot.thesaurus.js';

/*
 * The robot's matcher: pure and in memory, built once per organisation from its enabled FAQs and
 * word lists (robot.index.ts caches it). Every question and similar question is read by
 * robot.text.ts into search tokens; a visitor's text is read the same way and compared with each
 * question by an IDF-weighted cosine over the token sets:
 *
 *   score(q, d) = Σ w(t) for t in both / √(Σ w(t) over q · Σ w(t) over d),   w(t) = kind(t) · idf(t)
 *
 * so 1 means the same tokens, and both a question the text only half covers and a text that
 * mostly talks about something else score low. Rare tokens weigh more (idf over the
 * organisation's FAQs, so a FAQ with many phrasings does not make its own words common); a lone
 * CJK character weighs less than a pair or a word, so one mistyped character costs a pair but
 * keeps its neighbours. An English word the FAQs never use is corrected to the most common FAQ
 * word one edit away (deletion neighbourhoods: a few map look-ups), or split into two FAQ words
 * ("giftcard"). A word no FAQ uses that the built-in thesaurus (robot.thesaurus.ts) groups with a
 * word the FAQs do use is read as that word (邮费 → 运费 when the FAQs say 运费), and a Chinese
 * character pair the FAQs never use that sounds like one they use, but for one character, is read as
 * that pair (the pinyin input slip 退宽 → 退款). A FAQ scores as its best question plus a tenth of its second best. Candidates
 * come from an inverted index, so a text costs its tokens' posting lists, not a pass over every
 * FAQ. Weights and thresholds were chosen on bench/robot's fixture (plain cosine beat every
 * question-length or coverage weighting tried there).
 */

export type MatcherFaq = {
  aid: string;
  question: string;
  similarQuestions: readonly string[];
  /** Skill group wids it answers for; empty = every group. */
  workgroups: readonly string[];
};

export type MatcherHit = { aid: string; question: string; score: number };

export type MatchOptions = {
  /** Only FAQs for this skill group (and those for every group). */
  wid?: string;
  /** Hits to return, best first (default 4). */
  limit?: number;
};

export type RobotMatcher = {
  /** How many FAQs are indexed. */
  size: number;
  /** The text as the matcher reads it (after corrections), for the console's test box. */
  readQuery: (text: string) => string;
  match: (text: string, options?: MatchOptions) => MatcherHit[];
  /** The text without stopwords, as typed: what a full-text search for it should ask. */
  searchText: (text: string) => string;
  /** The same score between a text and any other text (help-centre article titles), with this index's weights. */
  similarity: (text: string, other: string) => number;
};

/** Weight of a lone CJK character relative to a pair or a word. */
const singleCjkWeight = 0.3;
/**
 * A FAQ whose other phrasings also fit gains this share of its second-best question's score:
 * several phrasings agreeing is evidence the best one alone does not give.
 */
const secondQuestionBonus = 0.1;
const cjkStart = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const latinWord = /^[a-z]+$/;
/** English words shorter than this are never corrected. */
const minCorrectedLength = 5;

const kindWeight = (token: string) => (cjkStart.test(token) && [...token].length === 1 ? singleCjkWeight : 1);

const deletionsOf = (word: string): string[] => {
  const result: string[] = [];
  for (let index = 0; index < word.length; index += 1)
    result.push(word.slice(0, index) + word.slice(index + 1));
  return result;
};

const cjkText = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The thesaurus bridge of one organisation: read text → read text with every thesaurus word its
 * FAQs never use replaced by the first word of its group they do use. Known words are in the
 * pattern too (mapping to themselves), so the longest word wins and a known word is never cut
 * into a shorter unknown one ("货到付款" keeps its "到付").
 */
const createBridge = (
  reader: TextReader,
  readQuestions: readonly string[],
  thesaurus: readonly (readonly string[])[],
): ((read: string) => string) => {
  const corpus = ` ${readQuestions.join(' | ')} `;
  const known = new Map<string, boolean>();
  const isKnown = (form: string) => {
    let found = known.get(form);
    if (found === undefined) {
      found = cjkText.test(form) ? corpus.includes(form) : corpus.includes(` ${form} `);
      known.set(form, found);
    }
    return found;
  };
  const targets = new Map<string, string>();
  for (const group of thesaurus) {
    const forms = new Set<string>();
    for (const word of group) {
      const form = reader.read(word);
      // A phrase that loses a word to the stopwords ("help desk" → "desk") no longer means the group.
      if (form !== '' && (cjkText.test(form) || form.split(' ').length === word.trim().split(/\s+/).length))
        forms.add(form);
    }

    const target = [...forms].find(isKnown);
    if (target === undefined) continue;
    for (const form of forms) if (!targets.has(form)) targets.set(form, isKnown(form) ? form : target);
  }
  if (![...targets].some(([form, target]) => form !== target)) return (read) => read;
  const pattern = new RegExp(
    [...targets.keys()]
      .sort((a, b) => b.length - a.length)
      .map((form) =>
        cjkText.test(form)
          ? escapeRegExp(form)
          : `(?<![\\p{L}\\p{N}])${escapeRegExp(form)}(?![\\p{L}\\p{N}])`,
      )
      .join('|'),
    'gu',
  );
  return (read) => read.replace(pattern, (form) => targets.get(form) ?? form);
};

// pinyin-pro (~18 MB of dictionaries) loads when a robot index is first built, not at start-up
// (issue 18); the matcher itself stays synchronous.
let pinyin: typeof PinyinFn | undefined;
let pinyinLoading: Promise<void> | undefined;
/** Loads pinyin-pro once; createRobotMatcher needs it loaded (robot.index awaits this first). */
export const loadPinyin = (): Promise<void> => {
  pinyinLoading ??= import('pinyin-pro').then(
    (loaded) => {
      pinyin = loaded.pinyin;
    },
    (error: unknown) => {
      pinyinLoading = undefined;
      throw error;
    },
  );
  return pinyinLoading;
};

/** Toneless pinyin of one character, cached: the same few thousand characters come back all day. */
const soundCache = new Map<string, string>();
const soundOf = (char: string): string => {
  let sound = soundCache.get(char);
  if (sound === undefined) {
    if (!pinyin) throw new Error('pinyin-pro is not loaded: await loadPinyin() before building a matcher');
    sound = pinyin(char, { toneType: 'none', type: 'string' });
    if (soundCache.size < 50_000) soundCache.set(char, sound);
  }
  return sound;
};
const cjkChar = /^[\p{Script=Han}]$/u;

/**
 * Pinyin-input slips: a visitor typing pinyin picks a character that sounds the same (退宽 for
 * 退款, 物留 for 物流). Every two-character token of the FAQs is filed under its sound; a pair of
 * the text the FAQs never use is read as the FAQs' pair of the same sound when exactly one
 * character differs (the most used pair when several).
 */
const createHomophoneReader = (postings: ReadonlyMap<string, Int32Array>): ((read: string) => string) => {
  const pairsBySound = new Map<string, string>();
  for (const [token, list] of postings) {
    const chars = [...token];
    if (chars.length !== 2 || !cjkChar.test(chars[0] as string) || !cjkChar.test(chars[1] as string))
      continue;
    const sound = `${soundOf(chars[0] as string)} ${soundOf(chars[1] as string)}`;
    const current = pairsBySound.get(sound);
    if (current === undefined || (postings.get(current)?.length ?? 0) < list.length)
      pairsBySound.set(sound, token);
  }
  if (pairsBySound.size === 0) return (read) => read;
  return (read) => {
    if (!cjkText.test(read)) return read;
    const chars = [...read];
    for (let index = 0; index + 1 < chars.length; index += 1) {
      const first = chars[index] as string;
      const second = chars[index + 1] as string;
      if (!cjkChar.test(first) || !cjkChar.test(second) || postings.has(first + second)) continue;
      const known = pairsBySound.get(`${soundOf(first)} ${soundOf(second)}`);
      if (known === undefined) continue;
      const [knownFirst, knownSecond] = [...known] as [string, string];
      if ((knownFirst === first) === (knownSecond === second)) continue; // both differ: another word
      chars[index] = knownFirst;
      chars[index + 1] = knownSecond;
    }
    return chars.join('');
  };
};

export const createRobotMatcher = (
  faqs: readonly MatcherFaq[],
  words: WordConfig,
  thesaurus: readonly (readonly string[])[] = builtInThesaurus,
): RobotMatcher => {
  const reader = createTextReader(words);

  // One entry per question (question and similar questions), pointing at its FAQ.
  const questionFaq: number[] = [];
  const questionTokens: string[][] = [];
  const readQuestions: string[] = [];
  faqs.forEach((faq, faqIndex) => {
    const seen = new Set<string>();
    for (const text of [faq.question, ...faq.similarQuestions]) {
      const read = reader.read(text);
      readQuestions.push(read);
      const tokens = reader.tokensOf(read);
      const key = tokens.join(' ');
      if (tokens.length === 0 || seen.has(key)) continue;
      seen.add(key);
      questionFaq.push(faqIndex);
      questionTokens.push(tokens);
    }
  });

  const questionCount = questionTokens.length;
  const postingLists = new Map<string, number[]>();
  questionTokens.forEach((tokens, questionIndex) => {
    for (const token of tokens) {
      const list = postingLists.get(token);
      if (list) list.push(questionIndex);
      else postingLists.set(token, [questionIndex]);
    }
  });
  const postings = new Map<string, Int32Array>();
  const weights = new Map<string, number>();
  const faqCount = Math.max(1, faqs.length);
  for (const [token, list] of postingLists) {
    postings.set(token, Int32Array.from(list));
    let documents = 0;
    let last = -1;
    for (const question of list) {
      const faqIndex = questionFaq[question] as number;
      if (faqIndex !== last) documents += 1;
      last = faqIndex;
    }
    weights.set(token, kindWeight(token) * Math.log(1 + faqCount / documents));
  }
  // Unknown tokens weigh like the rarest known ones: they count against a match.
  const unknownWeight = (token: string) => kindWeight(token) * Math.log(1 + faqCount);
  const questionNorms = Float64Array.from(questionTokens, (tokens) =>
    tokens.reduce((sum, token) => sum + (weights.get(token) ?? 0), 0),
  );

  // English vocabulary with deletion neighbourhoods for one-edit typo correction.
  const corrections = new Map<string, string>();
  const bestOf = (candidate: string, current: string | undefined) =>
    current === undefined || (postings.get(candidate)?.length ?? 0) > (postings.get(current)?.length ?? 0)
      ? candidate
      : current;
  for (const token of postings.keys()) {
    if (!latinWord.test(token) || token.length < 4) continue;
    for (const deletion of deletionsOf(token))
      corrections.set(deletion, bestOf(token, corrections.get(deletion)));
  }
  // Short words are too close to each other to guess ("list" is one letter from "lost"), and
  // typos rarely hit the first letter ("crack" is not a typo of "track").
  const correct = (token: string): string => {
    if (postings.has(token) || !latinWord.test(token) || token.length < minCorrectedLength) return token;
    // The typo lacks a letter ("pasword"), has one too many ("passsword") or one changed/swapped.
    let found = corrections.get(token);
    for (const deletion of deletionsOf(token)) {
      if (postings.has(deletion)) found = bestOf(deletion, found);
      const viaDeletion = corrections.get(deletion);
      if (viaDeletion !== undefined) found = bestOf(viaDeletion, found);
    }
    return found !== undefined && found[0] === token[0] ? found : token;
  };

  /** "giftcard" → "gift card" when both halves are FAQ words (and the whole is not). */
  const split = (word: string): string => {
    if (postings.has(word) || word.length < 6) return word;
    for (let cut = 3; cut <= word.length - 3; cut += 1) {
      const head = word.slice(0, cut);
      const tail = stemWord(word.slice(cut));
      if (postings.has(head) && postings.has(tail)) return `${head} ${tail}`;
    }
    return word;
  };

  const bridge = createBridge(reader, readQuestions, thesaurus);
  const readHomophones = createHomophoneReader(postings);
  const readQuery = (text: string): string =>
    readHomophones(bridge(reader.read(text)))
      .split(' ')
      .map((word) => {
        if (!latinWord.test(word)) return word;
        const corrected = correct(word);
        return corrected === word ? split(word) : corrected;
      })
      .join(' ');

  // Scratch space reused by every match (matching is synchronous, so never shared mid-call).
  const dots = new Float64Array(questionCount);
  const touched = new Int32Array(questionCount);
  const faqBest = new Float64Array(faqs.length);
  const faqSecond = new Float64Array(faqs.length);
  const faqSeen = new Uint8Array(faqs.length);
  const workgroupSets = faqs.map((faq) => (faq.workgroups.length > 0 ? new Set(faq.workgroups) : null));

  const match = (text: string, options: MatchOptions = {}): MatcherHit[] => {
    const limit = options.limit ?? 4;
    const tokens = reader.tokensOf(readQuery(text));
    if (tokens.length === 0 || questionCount === 0) return [];
    let queryNorm = 0;
    let touchedCount = 0;
    for (const token of tokens) {
      const list = postings.get(token);
      if (!list) {
        queryNorm += unknownWeight(token);
        continue;
      }
      const weight = weights.get(token) ?? 0;
      queryNorm += weight;
      for (let index = 0; index < list.length; index += 1) {
        const question = list[index] as number;
        if (dots[question] === 0) touched[touchedCount++] = question;
        dots[question] = (dots[question] as number) + weight;
      }
    }
    const faqTouched: number[] = [];
    for (let index = 0; index < touchedCount; index += 1) {
      const question = touched[index] as number;
      const dot = dots[question] as number;
      const score = dot / Math.sqrt(queryNorm * (questionNorms[question] as number));
      dots[question] = 0;
      const faqIndex = questionFaq[question] as number;
      const groups = workgroupSets[faqIndex];
      if (groups && (options.wid === undefined || !groups.has(options.wid))) continue;
      if (faqSeen[faqIndex] === 0) {
        faqSeen[faqIndex] = 1;
        faqTouched.push(faqIndex);
        faqBest[faqIndex] = score;
        faqSecond[faqIndex] = 0;
      } else if (score > (faqBest[faqIndex] as number)) {
        faqSecond[faqIndex] = faqBest[faqIndex] as number;
        faqBest[faqIndex] = score;
      } else if (score > (faqSecond[faqIndex] as number)) faqSecond[faqIndex] = score;
    }
    const top: number[] = [];
    for (const faqIndex of faqTouched) {
      faqSeen[faqIndex] = 0;
      const score = Math.min(
        1,
        (faqBest[faqIndex] as number) + secondQuestionBonus * (faqSecond[faqIndex] as number),
      );
      faqBest[faqIndex] = score;
      if (top.length === limit && score <= (faqBest[top[limit - 1] as number] as number)) continue;
      let position = top.length;
      while (position > 0 && (faqBest[top[position - 1] as number] as number) < score) position -= 1;
      top.splice(position, 0, faqIndex);
      if (top.length > limit) top.pop();
    }
    return top.map((faqIndex) => {
      const faq = faqs[faqIndex] as MatcherFaq;
      return { aid: faq.aid, question: faq.question, score: Math.min(1, faqBest[faqIndex] as number) };
    });
  };

  const weightOf = (token: string) => weights.get(token) ?? unknownWeight(token);
  const similarity = (text: string, other: string): number => {
    const queryTokens = new Set(reader.tokensOf(readQuery(text)));
    const otherTokens = new Set(reader.tokensOf(reader.read(other)));
    if (queryTokens.size === 0 || otherTokens.size === 0) return 0;
    let dot = 0;
    let queryNorm = 0;
    let otherNorm = 0;
    for (const token of queryTokens) queryNorm += weightOf(token);
    for (const token of otherTokens) {
      const weight = weightOf(token);
      otherNorm += weight;
      if (queryTokens.has(token)) dot += weight;
    }
    return dot / Math.sqrt(queryNorm * otherNorm);
  };

  return { size: faqs.length, readQuery, match, similarity, searchText: reader.searchText };
};

/** The verdict over a matcher's hits (best first). */
export type MatchVerdict =
  { kind: 'answer'; hit: MatcherHit } | { kind: 'suggest'; candidates: MatcherHit[] } | { kind: 'none' };

/** Two FAQs scoring this close are a toss-up: ask rather than answer with either. */
export const ambiguityMargin = 0.03;

/**
 * Answer when the best hit reaches `threshold` and no other FAQ is as good (within
 * ambiguityMargin); otherwise offer up to three hits at or above `suggestThreshold` ("did you
 * mean"); otherwise nothing.
 */
export const judgeHits = (
  hits: readonly MatcherHit[],
  thresholds: { threshold: number; suggestThreshold: number },
): MatchVerdict => {
  const [best, runnerUp] = hits;
  if (
    best &&
    best.score >= thresholds.threshold &&
    !(runnerUp && best.score - runnerUp.score < ambiguityMargin)
  )
    return { kind: 'answer', hit: best };
  const candidates = hits.filter((hit) => hit.score >= thresholds.suggestThreshold).slice(0, 3);
  return candidates.length > 0 ? { kind: 'suggest', candidates } : { kind: 'none' };
};
