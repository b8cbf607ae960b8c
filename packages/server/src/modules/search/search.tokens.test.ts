import { describe, expect, it } from 'vitest';
import { toQueryTokens, toSearchTokens } from './search.tokens.js';

describe('search tokens', () => {
  it('splits Latin text into lower-case words, dropping punctuation and repeats', () => {
    expect(toSearchTokens('Hello, WORLD! hello again: order #A-1024.')).toEqual([
      'hello',
      'world',
      'again',
      'order',
      'a',
      '1024',
    ]);
  });

  it('indexes Chinese as single characters and neighbouring pairs', () => {
    expect(toSearchTokens('退款申请')).toEqual(['退', '退款', '款', '款申', '申', '申请', '请']);
    expect(toSearchTokens('好')).toEqual(['好']);
  });

  it('separates mixed scripts and treats punctuation as a break between CJK runs', () => {
    expect(toSearchTokens('iPhone手机，很好')).toEqual(['iphone', '手', '手机', '机', '很', '很好', '好']);
  });

  it('handles Japanese and Korean like Chinese, other letters like Latin', () => {
    expect(toSearchTokens('ありがとう')).toContain('がと');
    expect(toSearchTokens('감사합니다')).toContain('감사');
    expect(toSearchTokens('Café Müller')).toEqual(['café', 'müller']);
  });

  it('folds full-width forms (NFKC) so "ＡＢＣ１２" finds "abc12"', () => {
    expect(toSearchTokens('ＡＢＣ１２')).toEqual(['abc12']);
  });

  it('gives nothing for text without letters or digits, and cuts very long words', () => {
    expect(toSearchTokens('?!… 😀')).toEqual([]);
    expect(toSearchTokens('x'.repeat(500))[0]).toHaveLength(64);
  });

  it('asks queries for the pairs of CJK runs only, which every matching document holds', () => {
    expect(toQueryTokens('退款申请')).toEqual(['退款', '款申', '申请']);
    expect(toQueryTokens('退 Refund')).toEqual(['退', 'refund']);
    const document = new Set(toSearchTokens('如何申请退款'));
    expect(toQueryTokens('申请退款').every((token) => document.has(token))).toBe(true);
  });
});
