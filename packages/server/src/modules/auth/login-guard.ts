import { AppError } from '../../http/errors.js';
import type { LimitRule, RateLimiter } from '../../lib/limiter.js';

/*
 * Sign-in throttling (issue 12). The old rule locked a username after 10 failures from anywhere,
 * so anyone who knew a username could keep its owner out. Now:
 * - per address: 10 failures in 10 minutes over any accounts → 429 (unchanged);
 * - per account and address: each failure makes that address wait longer before its next answer
 *   (250 ms, 500 ms, 1 s, 2 s), and after 5 failures it gets 429 for the rest of the window. An
 *   address that has not been failing is not slowed by them, so the owner still signs in;
 * - per account: past 10 failures in 10 minutes from any addresses the account is under attack:
 *   every attempt on it waits a short fixed delay (slowing guesses spread over many addresses)
 *   and the owner is told by email, at most once an hour.
 * Every counter lives in the limiter, so with REDIS_URL all nodes count together.
 */

/** Failures per address over all accounts (spec: 10 in 10 minutes). */
export const loginFailureRule: LimitRule = { limit: 10, windowSeconds: 600 };
/** Failures per account from one address before that address gets 429. */
export const loginPairRule: LimitRule = { limit: 5, windowSeconds: 600 };
/** Failures per account from any addresses that count as an attack. */
export const loginAttackRule: LimitRule = { limit: 10, windowSeconds: 600 };
/** At most one warning mail per account in this window. */
export const loginAlertWindowSeconds = 3600;
/** The wait before answering an address after its first failure on an account; doubles per failure. */
export const loginBaseDelayMs = 250;
/** The wait of every attempt on an account under attack: short, the owner hardly notices it. */
export const loginAttackDelayMs = 500;

/** How long an address that failed `priorFailures` times on an account waits before its answer. */
export const loginDelayFor = (priorFailures: number, isUnderAttack: boolean): number => {
  const own = priorFailures > 0 ? loginBaseDelayMs * 2 ** (priorFailures - 1) : 0;
  return Math.max(own, isUnderAttack ? loginAttackDelayMs : 0);
};

/** What the owner is told: failures counted on the account in the window, and the latest address. */
export type LoginAttack = { failures: number; ip: string };

export type LoginGuard = ReturnType<typeof createLoginGuard>;

const tooMany = (retryAfter: number) =>
  AppError.rateLimited(Math.max(1, retryAfter), 'auth.tooManyAttempts', { oauthError: 'too_many_attempts' });

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const createLoginGuard = (deps: { limiter: RateLimiter; sleep?: (ms: number) => Promise<void> }) => {
  const { limiter } = deps;
  const sleep = deps.sleep ?? defaultSleep;

  const keysOf = (account: string, ip: string) => {
    const name = account.toLowerCase();
    return {
      ip: `login:ip:${ip}`,
      pair: `login:pair:${name}:${ip}`,
      account: `login:account:${name}`,
      alert: `login:alert:${name}`,
    };
  };

  /**
   * Before the password is checked: 429 for an address that used up its failures, else the wait
   * its earlier failures (or an attack on the account) earned. The attempt is counted for the
   * pair up front, so a burst of parallel guesses cannot all pass as "first failure".
   */
  const beforeAttempt = async (account: string, ip: string): Promise<void> => {
    const keys = keysOf(account, ip);
    const [byIp, byAccount] = await Promise.all([limiter.peek(keys.ip), limiter.peek(keys.account)]);
    if (byIp.count >= loginFailureRule.limit) throw tooMany(byIp.retryAfter);
    const attempts = await limiter.hit(keys.pair, loginPairRule.windowSeconds);
    const priorFailures = attempts.count - 1;
    if (priorFailures >= loginPairRule.limit) throw tooMany(attempts.retryAfter);
    const wait = loginDelayFor(priorFailures, byAccount.count >= loginAttackRule.limit);
    if (wait > 0) await sleep(wait);
  };

  /**
   * A wrong password or code: counts it per address and per account. Resolves the attack to tell
   * the owner about when this failure crossed the threshold first in the alert window, else null.
   */
  const afterFailure = async (account: string, ip: string): Promise<LoginAttack | null> => {
    const keys = keysOf(account, ip);
    const [, byAccount] = await Promise.all([
      limiter.hit(keys.ip, loginFailureRule.windowSeconds),
      limiter.hit(keys.account, loginAttackRule.windowSeconds),
    ]);
    if (byAccount.count < loginAttackRule.limit) return null;
    // The alert counter is shared like the others, so one node of many sends the mail.
    const alert = await limiter.hit(keys.alert, loginAlertWindowSeconds);
    return alert.count === 1 ? { failures: byAccount.count, ip } : null;
  };

  /** The right password: this address starts afresh; the account's attack count stays. */
  const afterSuccess = async (account: string, ip: string): Promise<void> => {
    await limiter.reset(keysOf(account, ip).pair);
  };

  return { beforeAttempt, afterFailure, afterSuccess };
};
