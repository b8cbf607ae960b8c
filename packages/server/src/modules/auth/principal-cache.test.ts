import { describe, expect, it } from 'vitest';
import { createPrincipalCache, type RevocationBus, type Revocation } from './principal-cache.js';

/*
 * The cache on its own, with a hand-driven clock: how long an entry is trusted, that a load which
 * raced a revocation is not kept, and that a bus that is down turns the cache off.
 */

type Entry = { tokenId: number; userId: number; label: string };

const setUp = (options: { ttlMs?: number; capacity?: number; bus?: RevocationBus } = {}) => {
  let clock = 1_000;
  const cache = createPrincipalCache<Entry>({
    ttlMs: options.ttlMs ?? 5_000,
    capacity: options.capacity ?? 100,
    bus: options.bus,
    now: () => clock,
  });
  let loads = 0;
  const loader =
    (entry: Entry, expiresAt = 1_000_000) =>
    async () => {
      loads += 1;
      return { value: entry, expiresAt };
    };
  return {
    cache,
    loader,
    loads: () => loads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
};

const alice: Entry = { tokenId: 1, userId: 10, label: 'alice' };
const aliceElsewhere: Entry = { tokenId: 2, userId: 10, label: 'alice, second session' };
const bob: Entry = { tokenId: 3, userId: 20, label: 'bob' };

describe('principal cache', () => {
  it('answers from memory within the time to live and loads again after it', async () => {
    const { cache, loader, loads, advance } = setUp({ ttlMs: 5_000 });
    await cache.resolve('a', loader(alice));
    await cache.resolve('a', loader(alice));
    expect(loads()).toBe(1);
    advance(5_001);
    await cache.resolve('a', loader(alice));
    expect(loads()).toBe(2);
  });

  it('never keeps an entry past the expiry the loader gives (the token expiry)', async () => {
    const { cache, loader, loads, advance } = setUp({ ttlMs: 5_000 });
    await cache.resolve('a', loader(alice, 1_000 + 100));
    advance(101);
    await cache.resolve('a', loader(alice));
    expect(loads()).toBe(2);
  });

  it('forgets one token, every token of one user, or everything', async () => {
    const { cache, loader, loads } = setUp();
    const fill = () =>
      Promise.all([
        cache.resolve('a', loader(alice)),
        cache.resolve('a2', loader(aliceElsewhere)),
        cache.resolve('b', loader(bob)),
      ]);
    await fill();
    expect(cache.size()).toBe(3);
    cache.forgetToken(1);
    expect(cache.size()).toBe(2);
    cache.forgetUser(10);
    expect(cache.size()).toBe(1);
    await fill();
    cache.forgetAll();
    expect(cache.size()).toBe(0);
    // Bob stayed cached through the token and user revocations: five loads, not six.
    expect(loads()).toBe(5);
  });

  it('shares one load between concurrent misses, and does not keep a load that raced a revocation', async () => {
    const { cache, loader, loads } = setUp();
    let release: () => void = () => undefined;
    let count = 0;
    const slow = async () => {
      count += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { value: alice, expiresAt: 1_000_000 };
    };
    const first = cache.resolve('a', slow);
    const second = cache.resolve('a', slow);
    expect(count).toBe(1);
    cache.forgetUser(10);
    release();
    await Promise.all([first, second]);
    expect(cache.size()).toBe(0);
    await cache.resolve('a', loader(alice));
    expect(loads()).toBe(1);
  });

  it('drops the least recently used entry beyond its capacity', async () => {
    const { cache, loader, loads } = setUp({ capacity: 2 });
    await cache.resolve('a', loader(alice));
    await cache.resolve('b', loader(bob));
    await cache.resolve('a', loader(alice));
    await cache.resolve('a2', loader(aliceElsewhere));
    expect(cache.size()).toBe(2);
    await cache.resolve('a', loader(alice));
    expect(loads()).toBe(3);
    await cache.resolve('b', loader(bob));
    expect(loads()).toBe(4);
  });

  it('publishes its revocations and is bypassed while the bus is down', async () => {
    const published: Revocation[] = [];
    let isLive = true;
    const bus: RevocationBus = {
      publish: (revocation) => published.push(revocation),
      isLive: () => isLive,
      close: async () => undefined,
    };
    const { cache, loader, loads } = setUp({ bus });
    await cache.resolve('a', loader(alice));
    cache.forgetUser(10);
    cache.forgetToken(3);
    expect(published).toEqual([
      { kind: 'user', userId: 10 },
      { kind: 'token', tokenId: 3 },
    ]);
    isLive = false;
    await cache.resolve('a', loader(alice));
    await cache.resolve('a', loader(alice));
    expect(loads()).toBe(3);
    expect(cache.size()).toBe(0);
  });
});
