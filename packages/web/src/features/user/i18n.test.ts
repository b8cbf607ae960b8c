import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

describe('the user namespace', () => {
  it('is registered in both languages with the same keys', () => {
    expect(i18n.t('user:login.submit', { lng: 'en-US' })).toBe('Sign in');
    expect(keysOf(i18n.getResourceBundle('zh-CN', 'user')).sort()).toEqual(
      keysOf(i18n.getResourceBundle('en-US', 'user')).sort(),
    );
  });
});
