import { afterEach, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { act, render, screen } from '@testing-library/react';
import { changeLanguage, getLanguage, i18n, useLanguage } from './index';
import { LANGUAGE, storage } from '../storage/storage';

const ShowLanguage = () => <span>{useLanguage()}</span>;

describe('i18n', () => {
  afterEach(async () => {
    await changeLanguage('en-US');
  });

  it('starts in en-US with the shared namespace', () => {
    expect(getLanguage()).toBe('en-US');
    expect(i18n.t('shared:http.forbidden')).toBe('Forbidden');
  });

  it('switches i18next, dayjs, <html lang> and the stored choice together', async () => {
    await changeLanguage('zh-CN');
    expect(getLanguage()).toBe('zh-CN');
    expect(i18n.t('shared:http.forbidden')).toBe('无权限-禁止访问');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(storage.get(LANGUAGE)).toBe('zh-CN');
    await changeLanguage('en');
    expect(dayjs.locale()).toBe('en');
    expect(getLanguage()).toBe('en-US');
  });

  it('links the installable app’s manifest in the chosen language', async () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/admin/manifest.webmanifest';
    document.head.append(link);
    try {
      await changeLanguage('zh-CN');
      expect(link.getAttribute('href')).toBe('/admin/manifest.zh-CN.webmanifest');
      await changeLanguage('en-US');
      expect(link.getAttribute('href')).toBe('/admin/manifest.webmanifest');
    } finally {
      link.remove();
    }
  });

  it('useLanguage re-renders on change', async () => {
    render(<ShowLanguage />);
    expect(screen.getByText('en-US')).toBeInTheDocument();
    await act(async () => {
      await changeLanguage('zh-CN');
    });
    expect(screen.getByText('zh-CN')).toBeInTheDocument();
  });

  it('has every key in both languages for the bundled namespaces', () => {
    for (const ns of ['shared']) {
      const keysOf = (value: unknown, prefix = ''): string[] =>
        typeof value === 'object' && value !== null
          ? Object.entries(value).flatMap(([k, v]) => keysOf(v, `${prefix}${k}.`))
          : [prefix.slice(0, -1)];
      expect(keysOf(i18n.getResourceBundle('zh-CN', ns)).sort()).toEqual(
        keysOf(i18n.getResourceBundle('en-US', ns)).sort(),
      );
    }
  });
});
