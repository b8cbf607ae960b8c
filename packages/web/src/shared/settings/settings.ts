import {
  DEFAULT_COLOR,
  DEFAULT_COLOR_WEAK,
  DEFAULT_CONTENT_WIDTH_TYPE,
  DEFAULT_FIXED_HEADER,
  DEFAULT_FIXED_HEADER_HIDDEN,
  DEFAULT_FIXED_SIDEMENU,
  DEFAULT_LAYOUT_MODE,
  DEFAULT_MULTI_TAB,
  DEFAULT_THEME,
  SIDEBAR_OPENED,
} from '../storage/storage';
import { DEFAULT_PRIMARY_COLOR } from '../components/ThemeColorPicker';

/** Display settings of spec §3 (the language is kept by the shared i18n module). */
export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export type DisplaySettings = {
  sidebarOpened: boolean;
  theme: NavTheme;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  fixedSidebar: boolean;
  autoHideHeader: boolean;
  primaryColor: string;
  colorWeak: boolean;
  multiTab: boolean;
};

/**
 * The palette's daybreak blue before it was darkened for contrast (issue 12): a stored pick of that
 * swatch becomes today's daybreak blue.
 */
export const LEGACY_DEFAULT_COLOR = '#1890FF';

/** Spec §9 defaults, with a primary colour that reaches WCAG AA (see ThemeColorPicker). */
export const defaultSettings: DisplaySettings = {
  sidebarOpened: true,
  theme: 'dark',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: true,
  fixedSidebar: true,
  autoHideHeader: false,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  colorWeak: false,
  multiTab: false,
};

/** Each setting's local-storage key (stored with the `pro__` prefix by the shared storage). */
export const settingStorageKeys: Record<keyof DisplaySettings, string> = {
  sidebarOpened: SIDEBAR_OPENED,
  theme: DEFAULT_THEME,
  layout: DEFAULT_LAYOUT_MODE,
  contentWidth: DEFAULT_CONTENT_WIDTH_TYPE,
  fixedHeader: DEFAULT_FIXED_HEADER,
  fixedSidebar: DEFAULT_FIXED_SIDEMENU,
  autoHideHeader: DEFAULT_FIXED_HEADER_HIDDEN,
  primaryColor: DEFAULT_COLOR,
  colorWeak: DEFAULT_COLOR_WEAK,
  multiTab: DEFAULT_MULTI_TAB,
};

const settingKeys = Object.keys(defaultSettings) as (keyof DisplaySettings)[];

const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/** Rejects stored values of the wrong shape (old versions, hand edits) in favour of the default. */
const validators: { [K in keyof DisplaySettings]: (value: unknown) => value is DisplaySettings[K] } = {
  sidebarOpened: (v): v is boolean => typeof v === 'boolean',
  theme: (v): v is NavTheme => v === 'dark' || v === 'light',
  layout: (v): v is LayoutMode => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v): v is ContentWidth => v === 'Fixed' || v === 'Fluid',
  fixedHeader: (v): v is boolean => typeof v === 'boolean',
  fixedSidebar: (v): v is boolean => typeof v === 'boolean',
  autoHideHeader: (v): v is boolean => typeof v === 'boolean',
  primaryColor: isHexColor,
  colorWeak: (v): v is boolean => typeof v === 'boolean',
  multiTab: (v): v is boolean => typeof v === 'boolean',
};

/**
 * Spec §4 rules, applied to every change so that no combination of stored values breaks them:
 * fixed header off forces auto-hide header off; the top menu forces fixed sidebar off.
 */
export const normalizeSettings = (settings: DisplaySettings): DisplaySettings => {
  let next = settings;
  if (!next.fixedHeader && next.autoHideHeader) next = { ...next, autoHideHeader: false };
  if (next.layout === 'topmenu' && next.fixedSidebar) next = { ...next, fixedSidebar: false };
  return next;
};

/** Applies a change, refusing what the rules forbid (auto-hide without fixed header, fixed sidebar with top menu). */
export const applySettingsChange = (
  current: DisplaySettings,
  patch: Partial<DisplaySettings>,
): DisplaySettings => {
  const merged: DisplaySettings = { ...current };
  for (const key of settingKeys) {
    const value = patch[key];
    if (value !== undefined && validators[key](value)) (merged as Record<string, unknown>)[key] = value;
  }
  return normalizeSettings(merged);
};

/** Which switches the settings drawer disables under the current values (the rules above). */
export const getDisabledSettings = (
  settings: DisplaySettings,
): { autoHideHeader: boolean; fixedSidebar: boolean } => ({
  autoHideHeader: !settings.fixedHeader,
  fixedSidebar: settings.layout === 'topmenu',
});

export type SettingsPersistence = {
  get: (key: string) => unknown;
  set: (key: string, value: unknown) => void;
};

export const readSettings = (persistence: SettingsPersistence): DisplaySettings => {
  const loaded: DisplaySettings = { ...defaultSettings };
  for (const key of settingKeys) {
    const value = persistence.get(settingStorageKeys[key]);
    if (validators[key](value)) (loaded as Record<string, unknown>)[key] = value;
  }
  if (loaded.primaryColor.toUpperCase() === LEGACY_DEFAULT_COLOR) loaded.primaryColor = DEFAULT_PRIMARY_COLOR;
  return normalizeSettings(loaded);
};

export const writeSettings = (
  persistence: SettingsPersistence,
  previous: DisplaySettings,
  next: DisplaySettings,
) => {
  for (const key of settingKeys) {
    if (previous[key] !== next[key]) persistence.set(settingStorageKeys[key], next[key]);
  }
};

/** The text the "copy settings" action puts on the clipboard: every value, as a config object to paste into code. */
export const formatSettingsForCopy = (settings: DisplaySettings): string => {
  const lines = settingKeys.map((key) => `  ${key}: ${JSON.stringify(settings[key])},`);
  return `// OpenKefu display settings\nexport const displaySettings = {\n${lines.join('\n')}\n};\n`;
};

export type SettingsStore = {
  getSnapshot: () => DisplaySettings;
  subscribe: (listener: () => void) => () => void;
  update: (patch: Partial<DisplaySettings>) => DisplaySettings;
  reset: () => DisplaySettings;
};

export const createSettingsStore = (persistence: SettingsPersistence): SettingsStore => {
  let state = readSettings(persistence);
  const listeners = new Set<() => void>();
  const commit = (next: DisplaySettings) => {
    if (next === state) return state;
    const changed = settingKeys.some((key) => next[key] !== state[key]);
    if (!changed) return state;
    writeSettings(persistence, state, next);
    state = next;
    for (const listener of listeners) listener();
    return state;
  };
  return {
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update: (patch) => commit(applySettingsChange(state, patch)),
    reset: () => commit(applySettingsChange(defaultSettings, {})),
  };
};
