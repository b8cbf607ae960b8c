import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN, STORAGE_PREFIX, storage } from './storage';

describe('storage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores values under the pro__ prefix as { value, expire }', () => {
    storage.set('SIDEBAR_OPENED', true);
    expect(JSON.parse(localStorage.getItem('pro__SIDEBAR_OPENED') ?? '')).toEqual({
      value: true,
      expire: null,
    });
    expect(storage.get<boolean>('SIDEBAR_OPENED')).toBe(true);
  });

  it('round-trips objects and returns null for missing keys', () => {
    storage.set('obj', { a: 1, b: ['x'] });
    expect(storage.get('obj')).toEqual({ a: 1, b: ['x'] });
    expect(storage.get('missing')).toBeNull();
  });

  it('expires entries after their ttl and removes them', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    storage.set(ACCESS_TOKEN, 'tok', 1000);
    expect(storage.get(ACCESS_TOKEN)).toBe('tok');
    vi.setSystemTime(new Date('2024-01-01T00:00:00.999Z'));
    expect(storage.get(ACCESS_TOKEN)).toBe('tok');
    vi.setSystemTime(new Date('2024-01-01T00:00:01Z'));
    expect(storage.get(ACCESS_TOKEN)).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}${ACCESS_TOKEN}`)).toBeNull();
  });

  it('removes entries', () => {
    storage.set('k', 1);
    storage.remove('k');
    expect(storage.get('k')).toBeNull();
  });

  it('treats corrupt or foreign entries as missing', () => {
    localStorage.setItem('pro__bad', '{not json');
    localStorage.setItem('pro__raw', '"plain"');
    expect(storage.get('bad')).toBeNull();
    expect(storage.get('raw')).toBeNull();
    expect(localStorage.getItem('pro__bad')).toBeNull();
  });
});
