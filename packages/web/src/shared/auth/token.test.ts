import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_TTL_MS } from './token';

describe('token', () => {
  afterEach(() => vi.useRealTimers());

  it('stores the token under Access-Token for 7 days', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    setToken('abc');
    expect(JSON.parse(localStorage.getItem('pro__Access-Token') ?? '')).toEqual({
      value: 'abc',
      expire: 604_800_000,
    });
    expect(TOKEN_TTL_MS).toBe(604_800_000);
    vi.setSystemTime(TOKEN_TTL_MS - 1);
    expect(getToken()).toBe('abc');
    vi.setSystemTime(TOKEN_TTL_MS);
    expect(getToken()).toBeNull();
  });

  it('clears the token', () => {
    setToken('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });
});
