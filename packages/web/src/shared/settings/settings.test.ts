import { describe, expect, it } from 'vitest';
import {
  applySettingsChange,
  createSettingsStore,
  defaultSettings,
  formatSettingsForCopy,
  getDisabledSettings,
  readSettings,
  type SettingsPersistence,
} from './settings';
import { storage } from '../storage/storage';

const memory = (initial: Record<string, unknown> = {}) => {
  const values = new Map(Object.entries(initial));
  const writes: [string, unknown][] = [];
  const persistence: SettingsPersistence = {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
      writes.push([key, value]);
    },
  };
  return { persistence, values, writes };
};

describe('display settings', () => {
  it('defaults to spec §9 (dark, side menu, Fixed, fixed header and sidebar, multi-tab off) with the AA daybreak blue', () => {
    expect(readSettings(memory().persistence)).toEqual({
      sidebarOpened: true,
      theme: 'dark',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: true,
      fixedSidebar: true,
      autoHideHeader: false,
      primaryColor: '#0958D9',
      colorWeak: false,
      multiTab: false,
    });
  });

  it('reads a stored pick of the old daybreak blue as the new one, and keeps other colours', () => {
    const legacy = memory({ DEFAULT_COLOR: '#1890ff' });
    expect(readSettings(legacy.persistence).primaryColor).toBe('#0958D9');
    expect(readSettings(memory({ DEFAULT_COLOR: '#52C41A' }).persistence).primaryColor).toBe('#52C41A');
  });

  it('turning fixed header off forces auto-hide header off', () => {
    const withAutoHide = applySettingsChange(defaultSettings, { autoHideHeader: true });
    expect(withAutoHide.autoHideHeader).toBe(true);
    const next = applySettingsChange(withAutoHide, { fixedHeader: false });
    expect(next).toMatchObject({ fixedHeader: false, autoHideHeader: false });
  });

  it('refuses auto-hide while the header is not fixed', () => {
    const unfixed = applySettingsChange(defaultSettings, { fixedHeader: false });
    expect(applySettingsChange(unfixed, { autoHideHeader: true }).autoHideHeader).toBe(false);
    expect(getDisabledSettings(unfixed).autoHideHeader).toBe(true);
  });

  it('switching to the top menu forces fixed sidebar off, and it stays off', () => {
    const top = applySettingsChange(defaultSettings, { layout: 'topmenu' });
    expect(top).toMatchObject({ layout: 'topmenu', fixedSidebar: false });
    expect(applySettingsChange(top, { fixedSidebar: true }).fixedSidebar).toBe(false);
    expect(getDisabledSettings(top).fixedSidebar).toBe(true);
    const side = applySettingsChange(top, { layout: 'sidemenu' });
    expect(applySettingsChange(side, { fixedSidebar: true }).fixedSidebar).toBe(true);
  });

  it('ignores values of the wrong shape', () => {
    const next = applySettingsChange(defaultSettings, {
      primaryColor: 'red',
      theme: 'purple' as never,
      multiTab: 'yes' as never,
    });
    expect(next).toEqual(defaultSettings);
  });

  it('reads stored values and repairs combinations the rules forbid', () => {
    const { persistence } = memory({
      DEFAULT_THEME: 'light',
      DEFAULT_LAYOUT_MODE: 'topmenu',
      DEFAULT_FIXED_SIDEMENU: true,
      DEFAULT_FIXED_HEADER: false,
      DEFAULT_FIXED_HEADER_HIDDEN: true,
      DEFAULT_COLOR: '#F5222D',
      DEFAULT_CONTENT_WIDTH_TYPE: 'bogus',
    });
    expect(readSettings(persistence)).toMatchObject({
      theme: 'light',
      layout: 'topmenu',
      fixedSidebar: false,
      fixedHeader: false,
      autoHideHeader: false,
      primaryColor: '#F5222D',
      contentWidth: 'Fixed',
    });
  });

  it('the store persists only what changed and notifies subscribers', () => {
    const { persistence, writes } = memory();
    const store = createSettingsStore(persistence);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    store.update({ layout: 'topmenu' });
    expect(writes).toEqual([
      ['DEFAULT_LAYOUT_MODE', 'topmenu'],
      ['DEFAULT_FIXED_SIDEMENU', false],
    ]);
    expect(notified).toBe(1);
    store.update({ layout: 'topmenu' });
    expect(notified).toBe(1);
    store.update({ multiTab: true, sidebarOpened: false });
    expect(writes.slice(2)).toEqual([
      ['SIDEBAR_OPENED', false],
      ['DEFAULT_MULTI_TAB', true],
    ]);
    store.reset();
    expect(store.getSnapshot()).toEqual(defaultSettings);
  });

  it('survives a reload through the pro__ local-storage keys', () => {
    const persistence: SettingsPersistence = {
      get: (key) => storage.get(key),
      set: (key, value) => storage.set(key, value),
    };
    createSettingsStore(persistence).update({ theme: 'light', colorWeak: true });
    expect(localStorage.getItem('pro__DEFAULT_THEME')).toContain('"light"');
    expect(localStorage.getItem('pro__DEFAULT_COLOR_WEAK')).toContain('true');
    expect(createSettingsStore(persistence).getSnapshot()).toMatchObject({ theme: 'light', colorWeak: true });
  });

  it('formats every value for the copy action', () => {
    const text = formatSettingsForCopy(defaultSettings);
    expect(text).toContain('theme: "dark",');
    expect(text).toContain('primaryColor: "#0958D9",');
    expect(text).toContain('multiTab: false,');
  });
});
