import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps full paths inside the console, query included', () => {
    expect(safeRedirect('/stable/kefu/account?x=1')).toBe('/stable/kefu/account?x=1');
    expect(safeRedirect('/stable/settings/profile#security')).toBe('/stable/settings/profile#security');
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
  });

  it('drops the /admin basename the router adds itself', () => {
    expect(safeRedirect('/admin/stable/kefu/group?p=2')).toBe('/stable/kefu/group?p=2');
    expect(safeRedirect('/admin')).toBe('/');
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/phish'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['stable/kefu'],
    ['/\tevil'],
    ['/antv/user/login?redirect=/x'],
  ])('ignores %s', (value) => {
    expect(safeRedirect(value)).toBe('/dashboard');
  });
});
