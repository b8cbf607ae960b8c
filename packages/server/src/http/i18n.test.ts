import { describe, expect, it } from 'vitest';
import '../messages.js';
import { registeredMessageKeys, registerMessages, resolveLanguage, translate } from './i18n.js';
import { threadMessages } from '../modules/thread/thread.messages.js';
import { visitorMessages } from '../modules/visitor/visitor.messages.js';

describe('resolveLanguage', () => {
  it('defaults to en-US and picks zh-CN for any preferred Chinese', () => {
    expect(resolveLanguage(undefined)).toBe('en-US');
    expect(resolveLanguage('')).toBe('en-US');
    expect(resolveLanguage('fr-FR')).toBe('en-US');
    expect(resolveLanguage('zh-CN')).toBe('zh-CN');
    expect(resolveLanguage('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(resolveLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en-US');
    expect(resolveLanguage('en;q=0.5,zh;q=0.9')).toBe('zh-CN');
    expect(resolveLanguage('fr,zh-CN;q=0.1')).toBe('zh-CN');
  });
});

describe('translate', () => {
  it('fills parameters in both languages', () => {
    expect(translate('error.rateLimited', 'en-US', { seconds: 30 })).toBe(
      'Too many requests; try again in 30 s',
    );
    expect(translate('error.rateLimited', 'zh-CN', { seconds: 30 })).toBe('请求过于频繁，请 30 秒后重试');
    expect(translate('menu.notFound', 'en-US')).toBe('Menu item "{mid}" does not exist');
  });
});

describe('module messages', () => {
  it('are registered by their modules and translated like the shared ones', () => {
    const keys = registeredMessageKeys();
    for (const key of [...Object.keys(threadMessages), ...Object.keys(visitorMessages)])
      expect(keys).toContain(key);
    expect(translate('thread.notFound', 'zh-CN', { tid: 't1' })).toBe('会话「t1」不存在');
    // @ts-expect-error -- unknown keys are rejected at compile time
    expect(translate('no.such.key', 'en-US')).toBe('no.such.key');
  });

  it('refuses one key registered twice with different texts', () => {
    expect(() => registerMessages({ 'thread.notFound': { 'en-US': 'Other', 'zh-CN': '其他' } })).toThrow(
      /registered twice/,
    );
    registerMessages({ 'thread.notFound': threadMessages['thread.notFound'] });
    expect(translate('thread.notFound', 'en-US', { tid: 't1' })).toBe('Conversation "t1" does not exist');
  });
});
