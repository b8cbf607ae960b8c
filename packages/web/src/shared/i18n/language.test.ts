import { describe, expect, it } from 'vitest';
import { detectLanguage, normalizeLanguage } from './language';

describe('normalizeLanguage', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh_cn', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['ZH-TW', 'zh-CN'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['en-US', 'en-US'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('rejects unknown and empty values', () => {
    expect(normalizeLanguage('fr')).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
    expect(normalizeLanguage(null)).toBeNull();
  });
});

describe('detectLanguage', () => {
  it('prefers ?lang= over the stored choice', () => {
    expect(detectLanguage('?lang=zh-CN', 'en-US')).toBe('zh-CN');
  });
  it('uses the stored choice without ?lang=', () => {
    expect(detectLanguage('?x=1', 'zh-CN')).toBe('zh-CN');
  });
  it('defaults to en-US', () => {
    expect(detectLanguage('', null)).toBe('en-US');
    expect(detectLanguage('?lang=fr', 42)).toBe('en-US');
  });
});
