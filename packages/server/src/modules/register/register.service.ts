import {
  defaultLanguage,
  type ForgetPasswordBody,
  type Language,
  type RegisterBody,
  type RegisterResult,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { LimitRule, RateLimiter } from '../../lib/limiter.js';
import { hashPassword } from '../../lib/secrets.js';
import { revokeTokensOfUser } from '../auth/auth.repository.js';
import { normalizeAddress, type VerificationService } from '../auth/verification.service.js';
import {
  insertOrganization,
  isSubDomainTaken,
  setOrganizationOwner,
} from '../organization/organization.repository.js';
import { assignRolesToUser, findRoleIdsByValues } from '../role/role.repository.js';
import { createDefaultWorkgroup } from '../workgroup/workgroup.defaults.js';
import {
  findUserByEmail,
  findUserByMobile,
  insertUser,
  isUserKeyTaken,
  updateUserPassword,
} from '../user/user.repository.js';
import { noSessionRevoker, type SessionRevoker } from '../auth/principal-cache.js';

/** Registrations one IP may make per hour. */
export const registrationRule: LimitRule = { limit: 10, windowSeconds: 3600 };

export type RegistrationService = ReturnType<typeof createRegistrationService>;

/** A readable, URL-safe tenant key derived from the account name (subDomain in the spec). */
const slugify = (value: string): string => {
  const slug = value
    .toLowerCase()
    .replace(/@.*$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);
  return slug.length >= 3 ? slug : `org-${slug}`.replace(/-+$/, '');
};

export const createRegistrationService = (deps: {
  db: Executor;
  limiter: RateLimiter;
  verification: VerificationService;
  now?: () => number;
  sessions?: SessionRevoker;
}) => {
  const now = deps.now ?? Date.now;

  const pickSubDomain = async (db: Executor, base: string): Promise<string> => {
    let candidate = base;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      if (!(await isSubDomainTaken(db, candidate))) return candidate;
      candidate = `${base}-${createPublicId(4)}`;
    }
    return createPublicId(12);
  };

  const assertFree = async (column: 'username' | 'email' | 'mobile', value: string) => {
    if (!(await isUserKeyTaken(deps.db, column, value))) return;
    const messageKey =
      column === 'username'
        ? 'register.usernameTaken'
        : column === 'email'
          ? 'register.emailTaken'
          : 'register.mobileTaken';
    throw AppError.conflict(messageKey, {
      params: { username: value },
      fields: [{ field: column, message: 'already registered' }],
    });
  };

  /**
   * Creates an organisation, its admin account (ROLE_ADMIN) and its default skill group, named in
   * `language` (the registering console's).
   */
  const register = async (
    body: RegisterBody,
    ip: string,
    language: Language = defaultLanguage,
  ): Promise<RegisterResult> => {
    const perIp = await deps.limiter.hit(`register:ip:${ip}`, registrationRule.windowSeconds);
    if (perIp.count > registrationRule.limit) throw AppError.rateLimited(perIp.retryAfter);

    const email =
      body.method === 'mobile' || body.email === undefined ? null : normalizeAddress('email', body.email);
    const mobile = body.method === 'mobile' ? normalizeAddress('mobile', body.mobile) : null;
    const username =
      body.method === 'username' ? body.username : body.method === 'email' ? (email ?? '') : (mobile ?? '');

    // Conflicts first: a code is single-use and should not be burnt on a request that fails anyway.
    await assertFree('username', username);
    if (email) await assertFree('email', email);
    if (mobile) await assertFree('mobile', mobile);
    if (body.method === 'email')
      await deps.verification.verifyCode({
        channel: 'email',
        address: body.email,
        purpose: 'register',
        code: body.code,
      });
    if (body.method === 'mobile')
      await deps.verification.verifyCode({
        channel: 'mobile',
        address: body.mobile,
        purpose: 'register',
        code: body.code,
      });

    const passwordHash = await hashPassword(body.password);
    return deps.db.transaction().execute(async (trx) => {
      const time = now();
      const subDomain = await pickSubDomain(trx, slugify(username));
      const orgId = await insertOrganization(trx, {
        oid: createPublicId(),
        name: body.organization,
        subDomain,
        now: time,
      });
      const uid = createPublicId();
      const userId = await insertUser(trx, {
        uid,
        orgId,
        username,
        passwordHash,
        nickname: body.nickname,
        email,
        mobile,
        now: time,
      });
      const roleIds = await findRoleIdsByValues(trx, ['ROLE_ADMIN']);
      await assignRolesToUser(trx, userId, [...roleIds.values()]);
      await setOrganizationOwner(trx, orgId, userId, time);
      await createDefaultWorkgroup(trx, { orgId, ownerUserId: userId, language, now: time });
      return { uid, username, subDomain };
    });
  };

  /** Sets a new password with a code sent for `reset`, and signs the account out everywhere. */
  const resetPassword = async (body: ForgetPasswordBody): Promise<void> => {
    const channel = 'email' in body ? 'email' : 'mobile';
    const address = 'email' in body ? body.email : body.mobile;
    await deps.verification.verifyCode({ channel, address, purpose: 'reset', code: body.code });
    const normalized = normalizeAddress(channel, address);
    const user =
      channel === 'email'
        ? await findUserByEmail(deps.db, normalized)
        : await findUserByMobile(deps.db, normalized);
    if (!user)
      throw AppError.notFound(channel === 'email' ? 'auth.noAccountForEmail' : 'auth.noAccountForMobile');
    const passwordHash = await hashPassword(body.password);
    await deps.db.transaction().execute(async (trx) => {
      const time = now();
      await updateUserPassword(trx, user.org_id, user.id, passwordHash, time);
      await revokeTokensOfUser(trx, user.id, time);
    });
    (deps.sessions ?? noSessionRevoker).forgetUser(user.id);
  };

  return { register, resetPassword };
};
