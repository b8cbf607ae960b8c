/**
 * Local storage with the `pro__` namespace and optional expiry (spec §3 display settings, §4 token).
 * Each entry is stored as JSON `{ value, expire }`; `expire: null` means it never expires.
 */
export const STORAGE_PREFIX = 'pro__';

export const ACCESS_TOKEN = 'Access-Token';
export const SIDEBAR_OPENED = 'SIDEBAR_OPENED';
export const LANGUAGE = 'lang';
export const DEFAULT_THEME = 'DEFAULT_THEME';
export const DEFAULT_LAYOUT_MODE = 'DEFAULT_LAYOUT_MODE';
export const DEFAULT_COLOR = 'DEFAULT_COLOR';
export const DEFAULT_COLOR_WEAK = 'DEFAULT_COLOR_WEAK';
export const DEFAULT_FIXED_HEADER = 'DEFAULT_FIXED_HEADER';
export const DEFAULT_FIXED_SIDEMENU = 'DEFAULT_FIXED_SIDEMENU';
export const DEFAULT_FIXED_HEADER_HIDDEN = 'DEFAULT_FIXED_HEADER_HIDDEN';
export const DEFAULT_CONTENT_WIDTH_TYPE = 'DEFAULT_CONTENT_WIDTH_TYPE';
export const DEFAULT_MULTI_TAB = 'DEFAULT_MULTI_TAB';

type StoredEntry = { value: unknown; expire: number | null };

const isStoredEntry = (input: unknown): input is StoredEntry =>
  typeof input === 'object' &&
  input !== null &&
  'value' in input &&
  'expire' in input &&
  (input.expire === null || typeof input.expire === 'number');

// Storage can throw (private mode, quota, disabled cookies); a console that cannot persist
// settings must still work, so every access is guarded.
const readRaw = (key: string): string | null => {
  try {
    return window.localStorage.getItem(STORAGE_PREFIX + key);
  } catch {
    return null;
  }
};

export const storage = {
  get<T>(key: string): T | null {
    const raw = readRaw(key);
    if (raw === null) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      storage.remove(key);
      return null;
    }
    if (!isStoredEntry(parsed)) {
      storage.remove(key);
      return null;
    }
    if (parsed.expire !== null && parsed.expire <= Date.now()) {
      storage.remove(key);
      return null;
    }
    return parsed.value as T;
  },

  set(key: string, value: unknown, ttlMs?: number | null): void {
    const expire = ttlMs === undefined || ttlMs === null ? null : Date.now() + ttlMs;
    const entry: StoredEntry = { value, expire };
    try {
      window.localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
    } catch {
      // Quota exceeded or storage disabled: the value simply does not persist.
    }
  },

  remove(key: string): void {
    try {
      window.localStorage.removeItem(STORAGE_PREFIX + key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
};
