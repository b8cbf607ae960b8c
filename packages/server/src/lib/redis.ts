import type { Redis, RedisOptions } from 'ioredis';

/**
 * Redis connections that never take the process down. ioredis reports a lost connection as an
 * `error` event on every client and rejects pending commands; an unwatched event or an unhandled
 * rejection would end the process, so every client gets a watcher and every caller a fallback.
 */

export type RedisLog = {
  warn: (details: Record<string, unknown>, message: string) => void;
  info: (details: Record<string, unknown>, message: string) => void;
};

/**
 * Commands fail within about two seconds while Redis is gone (instead of queueing for ever), and
 * the client keeps reconnecting in the background, at most every two seconds.
 */
export const redisClientOptions: RedisOptions = {
  maxRetriesPerRequest: 1,
  commandTimeout: 2_000,
  connectTimeout: 3_000,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
};

/**
 * Logs a client's errors at most once per interval (an outage emits one per reconnect attempt)
 * and the moment it is connected again.
 */
export const watchRedisClient = (
  client: Redis,
  name: string,
  log: RedisLog,
  intervalMs = 30_000,
): (() => void) => {
  let lastLoggedAt = 0;
  let suppressed = 0;
  let isDown = false;
  const onError = (error: Error) => {
    isDown = true;
    const now = Date.now();
    if (now - lastLoggedAt < intervalMs) {
      suppressed += 1;
      return;
    }
    log.warn({ client: name, err: error.message, suppressed }, 'redis unreachable');
    lastLoggedAt = now;
    suppressed = 0;
  };
  const onReady = () => {
    if (!isDown) return;
    isDown = false;
    lastLoggedAt = 0;
    log.info({ client: name, suppressed }, 'redis connection restored');
    suppressed = 0;
  };
  client.on('error', onError);
  client.on('ready', onReady);
  return () => {
    client.off('error', onError);
    client.off('ready', onReady);
  };
};

/** A warning logged at most once per interval, with how many were left out in between. */
export const createThrottledWarning = (log: RedisLog, message: string, intervalMs = 30_000) => {
  let lastLoggedAt = 0;
  let suppressed = 0;
  return (error: unknown) => {
    const now = Date.now();
    if (now - lastLoggedAt < intervalMs) {
      suppressed += 1;
      return;
    }
    log.warn({ err: error instanceof Error ? error.message : String(error), suppressed }, message);
    lastLoggedAt = now;
    suppressed = 0;
  };
};

/** Start-up could not reach REDIS_URL; main.ts prints this and exits without a stack trace. */
export class RedisUnreachableError extends Error {
  constructor(url: string, reason: string, timeoutMs: number) {
    super(
      `REDIS_URL: cannot reach Redis at ${url.replace(/\/\/[^@/]*@/, '//***@')} within ${timeoutMs / 1000} s (${reason}). ` +
        'Start Redis, fix REDIS_URL, or leave REDIS_URL empty to run a single node without Redis.',
    );
    this.name = 'RedisUnreachableError';
  }
}

/** Opens a client and waits until it answers PING; throws RedisUnreachableError after timeoutMs. */
export const connectRedis = async (url: string, timeoutMs = 5_000): Promise<Redis> => {
  // ioredis (~25 MB) loads only when REDIS_URL is set, here; every other use is a type (issue 18).
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, { ...redisClientOptions, lazyConnect: true });
  let lastError = 'no answer';
  const remember = (error: Error) => {
    lastError = error.message || error.name;
  };
  client.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  let hasGivenUp = false;
  try {
    await Promise.race([
      // connect() gives up after the first failed attempt; the retry loop runs until the deadline.
      (async () => {
        while (!hasGivenUp) {
          try {
            if (client.status === 'wait' || client.status === 'end') await client.connect();
            await client.ping();
            return;
          } catch (error) {
            remember(error instanceof Error ? error : new Error(String(error)));
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      })(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RedisUnreachableError(url, lastError, timeoutMs)), timeoutMs);
      }),
    ]);
    return client;
  } catch (error) {
    hasGivenUp = true;
    client.disconnect();
    throw error;
  } finally {
    clearTimeout(timer);
    client.off('error', remember);
  }
};

/**
 * True while the client has lost its connection and is waiting to reconnect: callers with a local
 * fallback use it at once instead of waiting for a command to time out. (Not while it first connects.)
 */
export const isRedisDown = (client: Redis): boolean =>
  client.status === 'reconnecting' || client.status === 'close' || client.status === 'end';

/** True when the client is connected and answers PING (within the command timeout). */
export const isRedisReachable = async (client: Redis): Promise<boolean> => {
  if (client.status !== 'ready') return false;
  return client.ping().then(
    () => true,
    () => false,
  );
};
