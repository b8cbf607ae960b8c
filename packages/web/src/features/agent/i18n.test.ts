import { describe, expect, it } from 'vitest';
import {
  autoReplyPresetSchema,
  clientValues,
  messageTypeValues,
  threadStatusValues,
  userStatusSchema,
} from '@openkefu/contract';
import { i18n, WORKBENCH_NS } from './i18n';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('workbench locales', () => {
  it('has every en-US key in zh-CN and no extra ones', () => {
    const english = keysOf(i18n.getResourceBundle('en-US', WORKBENCH_NS)).sort();
    const chinese = keysOf(i18n.getResourceBundle('zh-CN', WORKBENCH_NS)).sort();

    expect(english.length).toBeGreaterThan(100);
    expect(chinese).toEqual(english);
  });

  it('has no empty text in either language', () => {
    for (const language of ['en-US', 'zh-CN']) {
      const bundle = i18n.getResourceBundle(language, WORKBENCH_NS) as Record<string, unknown>;
      const empty = keysOf(bundle).filter(
        (key) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle) ===
          '',
      );
      expect(empty, language).toEqual([]);
    }
  });
});

describe('enum values shown to a person', () => {
  const has = (language: string, key: string): boolean =>
    i18n.exists(key, { lng: language, ns: WORKBENCH_NS, fallbackLng: false });
  const shown: [string, readonly string[]][] = [
    ['clients', clientValues],
    ['status.values', userStatusSchema.options],
    ['status.autoReplies', autoReplyPresetSchema.options],
    ['thread.statuses', threadStatusValues],
    ['notice', messageTypeValues.filter((type) => type.startsWith('notification_'))],
    ['messageTypes', messageTypeValues.filter((type) => !type.startsWith('notification_'))],
    ['messages.status', ['sending', 'stored', 'received', 'read', 'error']],
  ];

  it.each(['en-US', 'zh-CN'])('are all translated in %s', (language) => {
    const missing = shown.flatMap(([prefix, values]) =>
      values.map((value) => `${prefix}.${value}`).filter((key) => !has(language, key)),
    );
    expect(missing).toEqual([]);
  });
});
