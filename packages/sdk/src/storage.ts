/**
 * Where the visitor token is kept between app starts: the same token is the same visitor (its
 * conversations, history and name). Sync or async, so localStorage, uni.getStorageSync and React
 * Native's AsyncStorage all fit.
 */
export type TokenStorage = {
  get: (key: string) => string | null | undefined | Promise<string | null | undefined>;
  set: (key: string, value: string) => void | Promise<void>;
};

export const createMemoryStorage = (): TokenStorage => {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
  };
};

/**
 * localStorage when it works, memory otherwise. Probed rather than tested for presence: Safari's
 * private mode and sandboxed iframes throw on access, and newer Node versions define it without a file.
 */
export const createDefaultStorage = (): TokenStorage => {
  try {
    const local = globalThis.localStorage;
    local.getItem('openkefu');
    return {
      get: (key) => local.getItem(key),
      set: (key, value) => {
        try {
          local.setItem(key, value);
        } catch {
          // A full or read-only storage only costs the visitor its identity on the next start.
        }
      },
    };
  } catch {
    return createMemoryStorage();
  }
};
