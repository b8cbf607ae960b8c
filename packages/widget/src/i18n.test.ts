import { describe, expect, it } from 'vitest';
import { createTranslator, dictionaries, pickLanguage } from './i18n.js';

describe('widget i18n', () => {
  it('has every English word in Chinese and none extra', () => {
    expect(Object.keys(dictionaries['zh-CN']).sort()).toEqual(Object.keys(dictionaries['en-US']).sort());
    for (const value of Object.values(dictionaries['zh-CN'])) expect(value.trim()).not.toBe('');
  });

  it('takes lang from the snippet, else the browser, English by default', () => {
    expect(pickLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(pickLanguage(null, 'zh-TW')).toBe('zh-CN');
    expect(pickLanguage(null, 'fr-FR')).toBe('en-US');
  });

  it('fills parameters', () => {
    expect(createTranslator('en-US')('queued', { position: 3 })).toContain('number 3');
    expect(createTranslator('zh-CN')('blocked')).toBe('您已经被禁言');
  });
});
