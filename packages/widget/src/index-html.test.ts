import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/* The chat page is served under a CSP with script-src 'self' and must let visitors zoom. */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const html = readFileSync(join(root, 'index.html'), 'utf8');
const page = new DOMParser().parseFromString(html, 'text/html');

describe('index.html', () => {
  it('has no inline script, style or event handler', () => {
    for (const script of page.querySelectorAll('script')) {
      expect(script.getAttribute('src')).toBeTruthy();
      expect(script.textContent?.trim()).toBe('');
    }
    expect(page.querySelectorAll('style, [style]')).toHaveLength(0);
    const handlers = [...page.querySelectorAll('*')].flatMap((element) =>
      element.getAttributeNames().filter((name) => name.startsWith('on')),
    );
    expect(handlers).toEqual([]);
  });

  it('lets visitors pinch-zoom', () => {
    const viewport = page.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '';
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/maximum-scale|user-scalable/);
  });

  it('links an icon that ships in the public folder', () => {
    const href = page.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '';
    expect(href).toMatch(/\.svg$/);
    expect(existsSync(join(root, 'public', href))).toBe(true);
  });
});
