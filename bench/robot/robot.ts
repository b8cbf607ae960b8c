/**
 * bench/robot: the robot's matcher (packages/server/src/modules/robot/robot.matcher.ts) on the
 * fixture (packages/server/src/modules/robot/robot.fixture.ts: 60 FAQs, 320 visitor phrasings, half Chinese, half English).
 *  1. Accuracy with the organisation's 60 FAQs, then again with FAQS (default 10,000) FAQs — the
 *     60 among generated product questions: top-1 (the best candidate is the expected FAQ),
 *     answered correctly (above the answer threshold and right), wrong answers, "did you mean"
 *     holding the expected FAQ, and the false-answer rate on the "none" phrasings.
 *  2. Latency of one match at FAQS FAQs (every phrasing, ROUNDS times): p50 / p99, and the time
 *     to build the organisation's index.
 *  3. The same through the service live chat calls (`robotKb.answer`) on SQLite: transfer keywords,
 *     the cached index, the help-centre fallback for unsure matches and the answer's row.
 * Budget (DESIGN §7, issue 14): top-1 ≥ 90 %, false answers ≤ 5 %, p99 ≤ 20 ms at 10 k FAQs.
 * Prints figures only. VERBOSE=1 lists every miss.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultRobotSuggestThreshold, defaultRobotThreshold } from '../../packages/contract/src/robot.js';
import { openDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { createRobotKbService } from '../../packages/server/src/modules/robot/robot.service.js';
import {
  createRobotMatcher,
  judgeHits,
  loadPinyin,
  type MatcherFaq,
  type RobotMatcher,
} from '../../packages/server/src/modules/robot/robot.matcher.js';
import {
  fixtureCases,
  fixtureFaqs,
  fixtureStopwords,
  fixtureSynonyms,
  type FixtureCase,
} from '../../packages/server/src/modules/robot/robot.fixture.js';
import { heldOutCases } from '../../packages/server/src/modules/robot/robot.fixture.heldout.js';

const faqTotal = Number(process.env.FAQS ?? 10_000);
const rounds = Number(process.env.ROUNDS ?? 10);
const isVerbose = process.env.VERBOSE === '1';
const thresholds = { threshold: defaultRobotThreshold, suggestThreshold: defaultRobotSuggestThreshold };
const words = { stopwords: fixtureStopwords, synonyms: fixtureSynonyms };

// A small deterministic generator, so every run uses the same corpus.
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const enProducts = [
  'desk lamp',
  'office chair',
  'backpack',
  'coffee maker',
  'yoga mat',
  'headphones',
  'water bottle',
  'rain jacket',
  'standing desk',
  'air purifier',
  'blender',
  'tent',
  'sneakers',
  'smart watch',
  'kettle',
];
const enFeatures = [
  'bluetooth',
  'a dishwasher',
  'a 220v outlet',
  'wireless charging',
  'a wall mount',
  'metal parts',
  'a timer',
  'machine washing',
  'a travel case',
  'two users',
];
const enTemplates = [
  (product: string, model: string, feature: string) =>
    `Is the ${product} ${model} compatible with ${feature}?`,
  (product: string, model: string) => `What colours does the ${product} ${model} come in?`,
  (product: string, model: string) => `How do I assemble the ${product} ${model}?`,
  (product: string, model: string, feature: string) => `Does the ${product} ${model} come with ${feature}?`,
  (product: string, model: string) => `What are the dimensions of the ${product} ${model}?`,
];
const zhProducts = [
  '台灯',
  '办公椅',
  '双肩包',
  '咖啡机',
  '瑜伽垫',
  '耳机',
  '保温杯',
  '冲锋衣',
  '升降桌',
  '空气净化器',
  '破壁机',
  '帐篷',
  '运动鞋',
  '智能手表',
  '电水壶',
];
const zhFeatures = [
  '蓝牙',
  '洗碗机清洗',
  '壁挂',
  '无线充电',
  '定时功能',
  '机洗',
  '双人使用',
  '220伏电压',
  '收纳袋',
  '童锁',
];
const zhTemplates = [
  (product: string, model: string, feature: string) => `${product}${model}支持${feature}吗`,
  (product: string, model: string) => `${product}${model}有哪些颜色`,
  (product: string, model: string) => `${product}${model}怎么组装`,
  (product: string, model: string, feature: string) => `${product}${model}配不配${feature}`,
  (product: string, model: string) => `${product}${model}的尺寸是多少`,
];

/** Product questions of a big catalogue: what a shop with thousands of FAQs mostly holds. */
const generatedFaqs = (count: number): MatcherFaq[] =>
  Array.from({ length: count }, (_, index) => {
    const isChinese = index % 2 === 0;
    const model = `${String.fromCharCode(65 + (index % 26))}${index}`;
    const product = pick(isChinese ? zhProducts : enProducts);
    const feature = pick(isChinese ? zhFeatures : enFeatures);
    const template = pick(isChinese ? zhTemplates : enTemplates);
    return {
      aid: `gen-${index}`,
      question: template(product, model, feature),
      similarQuestions: [],
      workgroups: [],
    };
  });

const shopFaqs: MatcherFaq[] = fixtureFaqs.map((faq) => ({
  aid: faq.key,
  question: faq.question,
  similarQuestions: faq.similar,
  workgroups: [],
}));

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

const measureAccuracy = (
  label: string,
  matcher: RobotMatcher,
  cases: readonly FixtureCase[] = fixtureCases,
) => {
  const answerable = cases.filter((entry) => entry.expected !== null);
  const none = cases.filter((entry) => entry.expected === null);
  let top1 = 0;
  let answeredRight = 0;
  let answeredWrong = 0;
  let suggested = 0;
  let falseAnswers = 0;
  const misses: string[] = [];
  for (const entry of cases) {
    const hits = matcher.match(entry.text);
    const verdict = judgeHits(hits, thresholds);
    const shown = hits
      .slice(0, 3)
      .map((hit) => `${hit.aid} ${hit.score.toFixed(2)}`)
      .join(', ');
    if (entry.expected === null) {
      if (verdict.kind === 'answer') {
        falseAnswers += 1;
        misses.push(`  none answered: "${entry.text}" → ${shown}`);
      }
      continue;
    }
    if (hits[0]?.aid === entry.expected) top1 += 1;
    if (verdict.kind === 'answer' && verdict.hit.aid === entry.expected) answeredRight += 1;
    else if (verdict.kind === 'answer') answeredWrong += 1;
    else if (verdict.kind === 'suggest' && verdict.candidates.some((hit) => hit.aid === entry.expected))
      suggested += 1;
    if (hits[0]?.aid !== entry.expected || verdict.kind !== 'answer')
      misses.push(`  ${entry.expected}: "${entry.text}" [${matcher.readQuery(entry.text)}] → ${shown}`);
  }
  console.log(
    `\n${label} (${matcher.size} FAQs; thresholds ${thresholds.threshold} / ${thresholds.suggestThreshold})`,
  );
  console.log(
    `  top-1 accuracy            ${percent(top1, answerable.length)} of ${answerable.length} (budget ≥ 90 %)`,
  );
  console.log(`  answered, right FAQ       ${percent(answeredRight, answerable.length)}`);
  console.log(`  answered, wrong FAQ       ${percent(answeredWrong, answerable.length)}`);
  console.log(`  "did you mean" holds it   ${percent(suggested, answerable.length)}`);
  console.log(
    `  false answers on "none"   ${percent(falseAnswers, none.length)} of ${none.length} (budget ≤ 5 %)`,
  );
  if (isVerbose) console.log(misses.join('\n'));
};

console.log(
  `bench/robot on ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
);
await loadPinyin(); // the server loads it when it first builds a robot index
const shop = createRobotMatcher(shopFaqs, words);
measureAccuracy('The shop alone', shop);
measureAccuracy('The shop alone, held-out phrasings', shop, heldOutCases);
measureAccuracy('The shop alone without the built-in thesaurus', createRobotMatcher(shopFaqs, words, []));
measureAccuracy(
  'The shop alone without the built-in thesaurus, held-out phrasings',
  createRobotMatcher(shopFaqs, words, []),
  heldOutCases,
);

const started = performance.now();
const allFaqs = [...shopFaqs, ...generatedFaqs(Math.max(0, faqTotal - shopFaqs.length))];
const big = createRobotMatcher(allFaqs, words);
const buildMs = performance.now() - started;
measureAccuracy('Among a big catalogue', big);
measureAccuracy('Among a big catalogue, held-out phrasings', big, heldOutCases);

const timings: number[] = [];
for (let round = 0; round < rounds; round += 1)
  for (const entry of fixtureCases) {
    const begin = performance.now();
    judgeHits(big.match(entry.text), thresholds);
    timings.push(performance.now() - begin);
  }
timings.sort((a, b) => a - b);
console.log(`\nLatency at ${big.size} FAQs (${timings.length} matches)`);
console.log(`  index build               ${buildMs.toFixed(0)} ms`);
console.log(`  p50                       ${percentile(timings, 50).toFixed(3)} ms`);
console.log(`  p99                       ${percentile(timings, 99).toFixed(3)} ms (budget ≤ 20 ms)`);
console.log(`  max                       ${(timings.at(-1) ?? NaN).toFixed(3)} ms`);

// 3. End to end: robotKb.answer on a SQLite file holding the same FAQs and word lists.
const directory = mkdtempSync(join(tmpdir(), 'openkefu-bench-robot-'));
const database = openDatabase({ dialect: 'sqlite', file: join(directory, 'bench.sqlite') });
try {
  await migrateToLatest(database);
  const { db } = database;
  const at = Date.now();
  const org = await db
    .insertInto('organization')
    .values({
      oid: 'bench',
      name: 'Bench',
      sub_domain: 'bench',
      owner_user_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orgId = Number(org.id);
  for (let from = 0; from < allFaqs.length; from += 500)
    await db
      .insertInto('faq')
      .values(
        allFaqs.slice(from, from + 500).map((faq, offset) => ({
          aid: `b${from + offset}`,
          org_id: orgId,
          question: faq.question,
          question_key: `${from + offset}`,
          similar_questions: JSON.stringify(faq.similarQuestions),
          answer: '<p>Answer</p>',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  const wordRows = [
    ...fixtureSynonyms.map((entry, index) => ({
      kind: 'synonym',
      word: entry.standard,
      synonyms: JSON.stringify(entry.synonyms),
      index,
    })),
    ...fixtureStopwords.map((word, index) => ({ kind: 'stopword', word, synonyms: '[]', index })),
    ...['人工', 'human'].map((word, index) => ({ kind: 'transfer', word, synonyms: '[]', index })),
  ];
  await db
    .insertInto('robot_word')
    .values(
      wordRows.map((row) => ({
        rwid: `${row.kind}${row.index}`,
        org_id: orgId,
        kind: row.kind,
        word: row.word,
        word_key: row.word.toLowerCase(),
        synonyms: row.synonyms,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  const service = createRobotKbService({ db, dialect: database.dialect });
  const firstStarted = performance.now();
  await service.answer({ orgId, text: 'warm-up' });
  const firstMs = performance.now() - firstStarted;
  const serviceTimings: number[] = [];
  for (let round = 0; round < rounds; round += 1)
    for (const entry of fixtureCases) {
      const begin = performance.now();
      await service.answer({ orgId, text: entry.text });
      serviceTimings.push(performance.now() - begin);
    }
  serviceTimings.sort((a, b) => a - b);
  console.log(`\nrobotKb.answer on SQLite at ${allFaqs.length} FAQs (${serviceTimings.length} answers)`);
  console.log(`  first answer (loads index) ${firstMs.toFixed(0)} ms`);
  console.log(`  p50                       ${percentile(serviceTimings, 50).toFixed(3)} ms`);
  console.log(`  p99                       ${percentile(serviceTimings, 99).toFixed(3)} ms (budget ≤ 20 ms)`);
} finally {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
}
