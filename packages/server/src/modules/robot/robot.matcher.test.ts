import { describe, expect, it } from 'vitest';
import { createTransferFinder } from './robot.index.js';
import { createRobotMatcher, judgeHits, loadPinyin, type MatcherFaq } from './robot.matcher.js';
import { createTextReader, foldText, stemWord } from './robot.text.js';

// The server loads pinyin-pro when it builds a robot index; here, before the matchers are built.
await loadPinyin();

const faq = (
  aid: string,
  question: string,
  similarQuestions: string[] = [],
  workgroups: string[] = [],
): MatcherFaq => ({
  aid,
  question,
  similarQuestions,
  workgroups,
});

const shop: MatcherFaq[] = [
  faq('refund', '如何申请退款', ['怎么退款']),
  faq('refund-time', '退款多久到账'),
  faq('invoice', '如何开具发票'),
  faq('track', 'How do I track my order?', ['Where is my order']),
  faq('password', 'How do I reset my password?'),
  faq('vip', 'VIP 会员有什么权益', [], ['group-vip']),
];

const words = {
  stopwords: ['亲'],
  synonyms: [
    { standard: '退款', synonyms: ['退钱'] },
    { standard: 'password', synonyms: ['pw'] },
    { standard: 'order', synonyms: ['purchase'] },
  ],
};

describe('robot text reading', () => {
  it('folds full-width characters, case and punctuation', () => {
    expect(foldText('ＨＥＬＬＯ，Ｗｏｒｌｄ！！ 退款？')).toBe('hello world 退款');
  });

  it('stems English words the same way on both sides', () => {
    expect(stemWord('refunds')).toBe(stemWord('refund'));
    expect(stemWord('shipped')).toBe(stemWord('shipping'));
    expect(stemWord('charges')).toBe(stemWord('charged'));
    expect(stemWord('address')).toBe('address');
  });

  it('removes stopwords and applies synonyms', () => {
    const reader = createTextReader(words);
    // 请问, 一下 (built in), 亲 (the organisation's), 要 and 吗 as words of their own; 退钱 → 退款.
    expect(reader.read('亲，请问一下退钱要多久吗？')).toBe('退款 多久');
    expect(reader.read('How do I reset my PW?')).toBe('how reset password');
    // For full-text search: stopwords gone, words as typed.
    expect(reader.searchText('How do I track my Parcels?')).toBe('how track parcels');
    // A one-character stopword stays inside a word: 目的 keeps 的.
    expect(reader.read('目的地')).toBe('目的地');
    // Synonyms of spaced scripts match whole words only.
    expect(reader.read('pwd')).toBe('pwd');
    // A synonym inside its standard word leaves the standard word alone.
    const coupons = createTextReader({ stopwords: [], synonyms: [{ standard: '优惠券', synonyms: ['券'] }] });
    expect(coupons.read('优惠券过期')).toBe('优惠券过期');
    expect(coupons.read('券过期')).toBe('优惠券过期');
  });
});

describe('robot matcher', () => {
  const matcher = createRobotMatcher(shop, words);

  it('scores the same question 1 and finds similar questions', () => {
    expect(matcher.match('如何申请退款')[0]).toMatchObject({ aid: 'refund', score: 1 });
    expect(matcher.match('怎么退款呢？')[0]?.aid).toBe('refund');
  });

  it('reads synonyms, typos and colloquial phrasings', () => {
    expect(matcher.match('退钱多久能到账')[0]?.aid).toBe('refund-time');
    expect(matcher.match('wheres my purchase??')[0]?.aid).toBe('track');
    expect(matcher.match('forgot my pasword, how to reset')[0]?.aid).toBe('password');
    expect(matcher.match('ＨＯＷ ＤＯ Ｉ ＴＲＡＣＫ ＭＹ ＯＲＤＥＲ')[0]?.aid).toBe('track');
  });

  it('finds nothing for unrelated text and for stopwords alone', () => {
    expect(judgeHits(matcher.match('今天天气怎么样'), { threshold: 0.45, suggestThreshold: 0.25 }).kind).toBe(
      'none',
    );
    expect(matcher.match('请问一下')).toEqual([]);
    expect(matcher.match('   ')).toEqual([]);
  });

  it('limits FAQs with skill groups to those groups', () => {
    expect(matcher.match('VIP会员权益').map((hit) => hit.aid)).not.toContain('vip');
    expect(matcher.match('VIP会员权益', { wid: 'group-other' }).map((hit) => hit.aid)).not.toContain('vip');
    expect(matcher.match('VIP会员权益', { wid: 'group-vip' })[0]?.aid).toBe('vip');
  });

  it('returns at most `limit` hits, best first', () => {
    const hits = matcher.match('退款', { limit: 2 });
    expect(hits).toHaveLength(2);
    expect(hits[0]?.score).toBeGreaterThanOrEqual(hits[1]?.score ?? 0);
  });

  it('scores other texts with the same weights', () => {
    expect(matcher.similarity('如何申请退款', '如何申请退款')).toBeCloseTo(1);
    expect(matcher.similarity('如何申请退款', 'track my order')).toBe(0);
  });

  it('matches an empty FAQ set without failing', () => {
    expect(createRobotMatcher([], words).match('退款')).toEqual([]);
  });
});

describe('the built-in thesaurus', () => {
  const thesaurus = [
    ['运费', '邮费', '快递费'],
    ['快递', '物流'],
    ['货到付款', '到付'],
    ['customer service', 'support', 'help desk'],
  ];

  it('reads a word no FAQ uses as the word of its group the FAQs use', () => {
    const faqs = [faq('fee', '退货运费由谁承担'), faq('cod', '支持货到付款吗')];
    const matcher = createRobotMatcher(faqs, words, thesaurus);
    expect(matcher.readQuery('邮费谁出')).toBe('运费谁出');
    const bridged = matcher.match('邮费谁出')[0];
    const unbridged = createRobotMatcher(faqs, words, []).match('邮费谁出')[0];
    expect(bridged?.aid).toBe('fee');
    expect(bridged?.score).toBeGreaterThan(2 * (unbridged?.score ?? 0));
    // The longest word wins: 快递费 is a fee, not 快递 (→ 物流) plus 费.
    const withTracking = createRobotMatcher([...faqs, faq('tracking', '查询物流信息')], words, thesaurus);
    expect(withTracking.readQuery('快递费谁出')).toBe('运费谁出');
    expect(withTracking.readQuery('快递到哪了')).toBe('物流到哪');
  });

  it('keeps a difference the FAQs make and leaves words of groups the FAQs never use', () => {
    const matcher = createRobotMatcher(
      [faq('tracking', '如何查询物流信息'), faq('courier', '默认使用哪家快递')],
      words,
      thesaurus,
    );
    expect(matcher.readQuery('查物流')).toBe('查物流');
    expect(matcher.readQuery('哪家快递')).toBe('哪家快递');
    expect(matcher.readQuery('邮费多少')).toBe('邮费多少');
  });

  it('drops a phrase that loses a word to the stopwords, and is off with an empty thesaurus', () => {
    const faqs = [
      faq('hours', 'What are your customer service hours?'),
      faq('desk', 'Is the desk adjustable?'),
    ];
    const matcher = createRobotMatcher(faqs, words, thesaurus);
    expect(matcher.readQuery('when is support there')).toBe('when customer servic');
    expect(matcher.readQuery('my desk wobbles')).toBe('desk wobbl');
    expect(createRobotMatcher(faqs, words, []).readQuery('when is support there')).toBe('when support');
  });
});

describe('pinyin-input slips', () => {
  it('reads a pair no FAQ uses as the FAQ pair that sounds the same but for one character', () => {
    const matcher = createRobotMatcher(
      [faq('refund', '如何申请退款'), faq('password', '忘记密码怎么办')],
      words,
      [],
    );
    expect(matcher.readQuery('怎么退宽')).toBe('退款');
    expect(matcher.readQuery('密马忘了')).toBe('密码忘了');
    expect(matcher.match('怎么退宽')[0]?.aid).toBe('refund');
    // Two characters changed is another word, not a slip; a pair the FAQs use stays as typed.
    expect(matcher.readQuery('推宽')).toBe('推宽');
    expect(matcher.readQuery('申请退款')).toBe('申请退款');
  });
});

describe('judging hits', () => {
  const thresholds = { threshold: 0.6, suggestThreshold: 0.3 };
  const hit = (aid: string, score: number) => ({ aid, question: aid, score });

  it('answers above the threshold, suggests up to three between the thresholds, else nothing', () => {
    expect(judgeHits([hit('a', 0.8), hit('b', 0.4)], thresholds)).toEqual({
      kind: 'answer',
      hit: hit('a', 0.8),
    });
    expect(judgeHits([hit('a', 0.5), hit('b', 0.4), hit('c', 0.35), hit('d', 0.31)], thresholds)).toEqual({
      kind: 'suggest',
      candidates: [hit('a', 0.5), hit('b', 0.4), hit('c', 0.35)],
    });
    expect(judgeHits([hit('a', 0.2)], thresholds)).toEqual({ kind: 'none' });
    expect(judgeHits([], thresholds)).toEqual({ kind: 'none' });
  });

  it('asks rather than answers when two FAQs are a toss-up', () => {
    expect(judgeHits([hit('a', 0.9), hit('b', 0.89)], thresholds).kind).toBe('suggest');
  });
});

describe('transfer keywords', () => {
  const find = createTransferFinder(['人工', 'Human', 'agent']);

  it('finds keywords anywhere in Chinese and as whole words elsewhere', () => {
    expect(find('转人工客服')).toBe('人工');
    expect(find('I want a HUMAN please')).toBe('Human');
    expect(find('ｈｕｍａｎ')).toBe('Human');
    expect(find('my agents are fine')).toBeNull();
    expect(find('humanity')).toBeNull();
    expect(createTransferFinder([])('人工')).toBeNull();
  });
});
