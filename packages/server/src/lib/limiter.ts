import type { Redis } from 'ioredis';

/** Count of a key's current window and the seconds until that window ends (0 when none is open). */
export type LimitState = { count: number; retryAfter: number };

/**
 * Fixed-window counters for rate limits (login failures, code sends, registrations).
 * In-process by default; Redis when REDIS_URL is set so that every node counts together.
 */
export type RateLimiter = {
  peek: (key: string) => Promise<LimitState>;
  /** Counts one hit; the window starts at the first hit and lasts windowSeconds. */
  hit: (key: string, windowSeconds: number) => Promise<LimitState>;
  reset: (key: string) => Promise<void>;
};

export type LimitRule = { limit: number; windowSeconds: number };

export const createMemoryLimiter = (now: () => number = Date.now): RateLimiter => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const sweep = () => {
    const time = now();
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
  };
  const read = (key: string): LimitState => {
    const window = windows.get(key);
    const time = now();
    if (!window || window.endsAt <= time) return { count: 0, retryAfter: 0 };
    return { count: window.count, retryAfter: Math.ceil((window.endsAt - time) / 1000) };
  };
  return {
    peek: async (key) => read(key),
    hit: async (key, windowSeconds) => {
      const time = now();
      const window = windows.get(key);
      if (!window || window.endsAt <= time) {
        // Bound memory under a flood of distinct keys (e.g. spoofed usernames).
        if (windows.size > 50_000) sweep();
        windows.set(key, { count: 1, endsAt: time + windowSeconds * 1000 });
      } else {
        window.count += 1;
      }
      return read(key);
    },
    reset: async (key) => {
      windows.delete(key);
    },
  };
};

// INCR and set the expiry on the first hit atomically, so a crash between the two cannot leave
// a counter that never expires.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

const toState = (count: number, ttlMs: number): LimitState => ({
  count,
  retryAfter: count > 0 && ttlMs > 0 ? Math.ceil(ttlMs / 1000) : 0,
});

/** `prefix` starts every key (REDIS_PREFIX + `limit:`), so deployments sharing a Redis count apart. */
export const createRedisLimiter = (redis: Redis, prefix: string): RateLimiter => ({
  peek: async (key) => {
    const [[, count], [, ttl]] = ((await redis
      .multi()
      .get(prefix + key)
      .pttl(prefix + key)
      .exec()) ?? [
      [null, null],
      [null, -2],
    ]) as [[unknown, string | null], [unknown, number]];
    return toState(Number(count ?? 0), ttl);
  },
  hit: async (key, windowSeconds) => {
    const [count, ttl] = (await redis.eval(hitScript, 1, prefix + key, String(windowSeconds * 1000))) as [
      number,
      number,
    ];
    return toState(count, ttl);
  },
  reset: async (key) => {
    await redis.del(prefix + key);
  },
});

/**
 * Counts in `primary` (Redis) and, while it fails, in `fallback` (this node's memory): during a Redis
 * outage every limit still applies, per node instead of across nodes, and sign-in keeps working
 * rather than answering 500 (neither fail-open nor locking everyone out).
 */
export const createFailSafeLimiter = (
  primary: RateLimiter,
  fallback: RateLimiter,
  onError: (error: unknown) => void,
  /** False while the primary is known to be down: skip it instead of waiting for its timeout. */
  isPrimaryUp: () => boolean = () => true,
): RateLimiter => {
  const guard =
    <Args extends unknown[], Result>(pick: (limiter: RateLimiter) => (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      if (!isPrimaryUp()) return pick(fallback)(...args);
      try {
        return await pick(primary)(...args);
      } catch (error) {
        onError(error);
        return pick(fallback)(...args);
      }
    };
  return {
    peek: guard((limiter) => limiter.peek),
    hit: guard((limiter) => limiter.hit),
    reset: guard((limiter) => limiter.reset),
  };
};
