import type { CodePurpose, CodeSent, Language } from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../lib/limiter.js';
import { createSixDigitCode, isSameDigest, sha256 } from '../../lib/secrets.js';
import { findUserByEmail, findUserByMobile } from '../user/user.repository.js';
import type { CodeChannel, CodeDelivery } from './code-delivery.js';
import {
  consumeCode,
  deleteCode,
  findCode,
  recordWrongAttempt,
  storeCodeUnlessRecent,
} from './verification.repository.js';

export const codeLifetimeSeconds = 300;
export const codeResendIntervalSeconds = 60;
export const codeMaxWrongAttempts = 5;
/** Codes one IP may request per hour, over all addresses: stops a script from spamming many numbers. */
export const codeSendsPerIpPerHour = 20;

export type VerificationService = ReturnType<typeof createVerificationService>;

/** Emails compare case-insensitively; mobiles as typed without spaces. */
export const normalizeAddress = (channel: CodeChannel, address: string): string =>
  channel === 'email' ? address.trim().toLowerCase() : address.replace(/\s+/g, '');

// The address and purpose are mixed in so a stolen hash cannot be replayed for another target.
const hashCode = (channel: CodeChannel, address: string, purpose: CodePurpose, code: string) =>
  sha256(`${channel}:${address}:${purpose}:${code}`);

export const createVerificationService = (deps: {
  db: Executor;
  limiter: RateLimiter;
  delivery: CodeDelivery;
  logger: FastifyBaseLogger;
  now?: () => number;
}) => {
  const now = deps.now ?? Date.now;

  const hasAccount = async (channel: CodeChannel, address: string) =>
    (channel === 'email'
      ? await findUserByEmail(deps.db, address)
      : await findUserByMobile(deps.db, address)) !== undefined;

  const sendCode = async (input: {
    channel: CodeChannel;
    address: string;
    purpose: CodePurpose;
    language: Language;
    ip: string;
  }): Promise<CodeSent> => {
    const sender = deps.delivery[input.channel];
    if (!sender) {
      throw AppError.badRequest(input.channel === 'email' ? 'auth.emailDisabled' : 'auth.smsDisabled', {
        fields: [{ field: input.channel, message: 'code delivery is switched off' }],
      });
    }
    const address = normalizeAddress(input.channel, input.address);
    const sent: CodeSent = { resendAfter: codeResendIntervalSeconds, expiresIn: codeLifetimeSeconds };

    const perIp = await deps.limiter.hit(`code:ip:${input.ip}`, 3600);
    if (perIp.count > codeSendsPerIpPerHour) throw AppError.rateLimited(perIp.retryAfter);

    const exists = await hasAccount(input.channel, address);
    if (input.purpose === 'register' && exists) {
      throw AppError.conflict(input.channel === 'email' ? 'register.emailTaken' : 'register.mobileTaken', {
        fields: [{ field: input.channel, message: 'already registered' }],
      });
    }
    // Same answer for unknown addresses as for known ones, so the call cannot be used to find
    // out who has an account; nothing is sent, and the later sign-in fails like a wrong code.
    if (input.purpose !== 'register' && !exists) return sent;

    const code = createSixDigitCode();
    const time = now();
    const target = { channel: input.channel, address, purpose: input.purpose };
    const stored = await storeCodeUnlessRecent(deps.db, {
      ...target,
      codeHash: hashCode(input.channel, address, input.purpose, code),
      expiresAt: time + codeLifetimeSeconds * 1000,
      now: time,
      resendIntervalMs: codeResendIntervalSeconds * 1000,
    });
    if (!stored) {
      const existing = await findCode(deps.db, target);
      const retryAfter = existing
        ? Math.max(1, Math.ceil((existing.last_sent_at + codeResendIntervalSeconds * 1000 - time) / 1000))
        : 1;
      throw AppError.rateLimited(retryAfter, 'auth.codeResendTooSoon');
    }
    try {
      await sender({
        channel: input.channel,
        to: address,
        code,
        purpose: input.purpose,
        language: input.language,
        expiresInMinutes: codeLifetimeSeconds / 60,
      });
    } catch (error) {
      deps.logger.error({ err: error, channel: input.channel }, 'verification code delivery failed');
      // Let the user ask again at once instead of waiting out the resend interval for a code that never came.
      const row = await findCode(deps.db, target);
      if (row) await deleteCode(deps.db, row.id);
      throw new AppError('INTERNAL', 502, 'auth.deliveryFailed');
    }
    return sent;
  };

  /** Checks and consumes a code; throws 400 (invalid_grant in OAuth style) when it does not match. */
  const verifyCode = async (input: {
    channel: CodeChannel;
    address: string;
    purpose: CodePurpose;
    code: string;
  }): Promise<void> => {
    const address = normalizeAddress(input.channel, input.address);
    const invalid = (messageKey: 'auth.codeInvalid' | 'auth.codeTooManyAttempts' = 'auth.codeInvalid') =>
      AppError.badRequest(messageKey, {
        fields: [{ field: 'code', message: 'wrong or expired code' }],
        oauthError: 'invalid_grant',
      });
    const row = await findCode(deps.db, { channel: input.channel, address, purpose: input.purpose });
    const time = now();
    if (!row || row.consumed_at !== null || row.expires_at <= time) throw invalid();
    if (row.attempts >= codeMaxWrongAttempts) throw invalid('auth.codeTooManyAttempts');
    if (!isSameDigest(row.code_hash, hashCode(input.channel, address, input.purpose, input.code))) {
      await recordWrongAttempt(deps.db, row.id);
      throw invalid(
        row.attempts + 1 >= codeMaxWrongAttempts ? 'auth.codeTooManyAttempts' : 'auth.codeInvalid',
      );
    }
    if (!(await consumeCode(deps.db, row.id, time))) throw invalid();
  };

  return { sendCode, verifyCode };
};
