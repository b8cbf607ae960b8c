import { ACCESS_TOKEN, storage } from '../storage/storage';

/** Spec §4/§9: the login token lives 7 days in local storage. */
export const TOKEN_TTL_MS = 604_800_000;

export const getToken = (): string | null => {
  const token = storage.get<unknown>(ACCESS_TOKEN);
  return typeof token === 'string' && token !== '' ? token : null;
};

export const setToken = (token: string, ttlMs: number = TOKEN_TTL_MS): void => {
  storage.set(ACCESS_TOKEN, token, ttlMs);
};

export const clearToken = (): void => {
  storage.remove(ACCESS_TOKEN);
};
