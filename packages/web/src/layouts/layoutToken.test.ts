import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../shared/settings/settings';
import { contrastRatio, WCAG_AA_TEXT } from '../shared/providers/contrast';
import { layoutToken } from './BasicLayout';

const colour = (value: string | undefined): string => {
  if (value === undefined) throw new Error('token missing');
  return value;
};

describe('frame colours reach WCAG AA with the default primary', () => {
  it('dark navigation: menu text, the selected item and the header actions', () => {
    const token = layoutToken({ ...defaultSettings, theme: 'dark' });
    const sider = token?.sider ?? {};
    const header = token?.header ?? {};
    const background = colour(sider.colorMenuBackground);
    for (const text of [sider.colorTextMenu, sider.colorTextMenuSecondary, sider.colorTextMenuTitle]) {
      expect(contrastRatio(colour(text), background)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    }
    expect(
      contrastRatio(colour(sider.colorTextMenuSelected), colour(sider.colorBgMenuItemSelected)),
    ).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    for (const text of [header.colorHeaderTitle, header.colorTextMenu, header.colorTextRightActionsItem]) {
      expect(contrastRatio(colour(text), colour(header.colorBgHeader))).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    }
  });

  it('light navigation: the selected item’s primary text on its tint', () => {
    const token = layoutToken({ ...defaultSettings, theme: 'light' });
    const sider = token?.sider ?? {};
    const selected = contrastRatio(
      colour(sider.colorTextMenuSelected),
      colour(sider.colorBgMenuItemSelected),
      colour(sider.colorMenuBackground),
    );
    expect(selected).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    // The same frame with the spec's old #1890FF does not: the measurement is real.
    const old = layoutToken({ ...defaultSettings, theme: 'light', primaryColor: '#1890FF' })?.sider ?? {};
    expect(
      contrastRatio(colour(old.colorTextMenuSelected), colour(old.colorBgMenuItemSelected), '#ffffff'),
    ).toBeLessThan(WCAG_AA_TEXT);
  });
});
