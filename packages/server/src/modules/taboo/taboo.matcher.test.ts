import { describe, expect, it } from 'vitest';
import { createTabooMatcher, maskMatches } from './taboo.matcher.js';

const matcher = createTabooMatcher([
  { tabooId: 1, standard: 'Scam', terms: ['Scam', 'FRAUD'] },
  { tabooId: 2, standard: '傻瓜', terms: ['傻瓜', '笨蛋'] },
  { tabooId: 3, standard: 'he', terms: ['he', 'she', 'hers'] },
]);

describe('taboo matcher', () => {
  it('finds words and synonyms case-insensitively', () => {
    const matches = matcher.find('This is a SCAM, pure fraud.');
    expect(matches.map((match) => [match.standard, match.word, match.start, match.end])).toEqual([
      ['Scam', 'Scam', 10, 14],
      ['Scam', 'FRAUD', 21, 26],
    ]);
    expect(maskMatches('This is a SCAM, pure fraud.', matches)).toBe('This is a ****, pure *****.');
  });

  it('works on Chinese characters, one star per character', () => {
    const text = '你这个笨蛋，真是傻瓜';
    expect(maskMatches(text, matcher.find(text))).toBe('你这个**，真是**');
  });

  it('finds overlapping words and words inside others in Chinese', () => {
    const chinese = createTabooMatcher([
      { tabooId: 1, standard: '赌博', terms: ['赌博', '网络赌博网站'] },
      { tabooId: 2, standard: '博网', terms: ['博网'] },
    ]);
    const matches = chinese.find('这是网络赌博网站吗');
    expect(matches.map((match) => match.word).sort()).toEqual(['博网', '网络赌博网站', '赌博']);
    expect(maskMatches('这是网络赌博网站吗', matches)).toBe('这是******吗');
  });

  it('needs whole words in scripts written with spaces, also next to Chinese and punctuation', () => {
    expect(matcher.find('here and there, ushers')).toEqual([]);
    expect(maskMatches('he said: she, hers!', matcher.find('he said: she, hers!'))).toBe(
      '** said: ***, ****!',
    );
    expect(maskMatches('骗子scam骗子', matcher.find('骗子scam骗子'))).toBe('骗子****骗子');
    expect(matcher.find('scammer')).toEqual([]);
  });

  it('keeps positions right around astral characters and case changes that grow', () => {
    const text = '😀İ scam😀 SCAM';
    expect(maskMatches(text, matcher.find(text))).toBe('😀İ ****😀 ****');
  });

  it('matches nothing without words or in clean text', () => {
    expect(createTabooMatcher([]).isEmpty).toBe(true);
    expect(createTabooMatcher([]).find('scam')).toEqual([]);
    expect(matcher.find('all good here?')).toEqual([]);
  });
});
