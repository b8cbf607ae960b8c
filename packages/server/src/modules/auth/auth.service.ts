import {
  tokenLifetimeSeconds,
  type AuthorityKey,
  type Language,
  type PermissionAction,
  type RoleValue,
  type TokenResponse,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/limiter.js';
import { createOpaqueToken, hashToken, isSameDigest, sha256, verifyPassword } from '../../lib/secrets.js';
import { findActionsOfUser, findRoleGrantsOfUser } from '../role/role.repository.js';
import {
  findUserByEmail,
  findUserByMobile,
  findUserByUsername,
  type UserRow,
} from '../user/user.repository.js';
import type { CodeChannel } from './code-delivery.js';
import {
  findAlertRecipient,
  findPermissionActionsOfUser,
  findLiveTokenByAccessHash,
  findLiveTokenByRefreshHash,
  insertToken,
  revokeToken,
  updateSignInLanguage,
  type TokenOwnerRow,
} from './auth.repository.js';
import { renderLoginAlert } from './login-alert.js';
import { createPrincipalCache, type PrincipalCache } from './principal-cache.js';
import { createLoginGuard, type LoginAttack } from './login-guard.js';
import type { Mailer } from './mailer.js';
import { normalizeAddress, type VerificationService } from './verification.service.js';

/** Who is calling: resolved from the bearer token on every authenticated request. */
export type Principal = {
  tokenId: number;
  jti: string;
  userId: number;
  uid: string;
  username: string;
  /** The tenant every repository call of this request is scoped by. */
  orgId: number;
  roles: RoleValue[];
  authorities: ReadonlySet<AuthorityKey>;
  /** Holds `internal`, which opens the platform section and cross-tenant views (ROLE_SUPER). */
  isPlatformStaff: boolean;
  /** Username equals ADMIN_ACCOUNT: sees admin-only menu items (spec §6). */
  isAdminAccount: boolean;
  /**
   * Permission actions by permission id, read with the token so guards ask no query. Absent on
   * principals made by hand (tests): hasPermission then reads the database.
   */
  permissions?: ReadonlyMap<string, ReadonlySet<PermissionAction>>;
  /**
   * The organisation's validity (YYYY-MM-DD, null: no expiry), read with the token so that the
   * billing read-only check asks no query. Absent on principals made by hand (tests): not checked.
   */
  orgValidUntil?: string | null;
};

/** How long a resolved token is trusted without asking the database (revocations clear it sooner). */
export const principalCacheMs = 5_000;

export const refreshTokenLifetimeSeconds = 30 * 24 * 3600;

export type AuthService = ReturnType<typeof createAuthService>;

export const createAuthService = (deps: {
  db: Executor;
  config: Config;
  limiter: RateLimiter;
  verification: VerificationService;
  /** Sends the owner's warning when an account is under attack; null: EMAIL_PROVIDER=none. */
  mailer?: Mailer | null;
  logger?: FastifyBaseLogger;
  now?: () => number;
  /** The throttle's wait; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
  /** Resolved tokens, shared with the services that revoke them; defaults to an in-process cache. */
  principals?: PrincipalCache<Principal>;
}) => {
  const { db, config, limiter } = deps;
  const now = deps.now ?? Date.now;
  const principals =
    deps.principals ?? createPrincipalCache<Principal>({ ttlMs: principalCacheMs, capacity: 10_000, now });
  const guard = createLoginGuard({ limiter, sleep: deps.sleep });
  const expectedClient = sha256(`${config.oauthClient.id}:${config.oauthClient.secret}`);

  /** Checks the Basic client credentials of the token endpoints; returns the client id. */
  const verifyClient = (authorization: string | undefined): string => {
    const invalid = () => AppError.unauthorized('auth.invalidClient', { oauthError: 'invalid_client' });
    const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization ?? '');
    if (!match) throw invalid();
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) throw invalid();
    // Digest comparison in constant time: the secret's length and prefix do not leak.
    if (!isSameDigest(sha256(decoded), expectedClient)) throw invalid();
    return decoded.slice(0, separator);
  };

  const issueTokens = async (userId: number, clientId: string, scope: string): Promise<TokenResponse> => {
    const accessToken = createOpaqueToken();
    const refreshToken = createOpaqueToken();
    const jti = createPublicId();
    const time = now();
    await insertToken(db, {
      jti,
      userId,
      clientId,
      scope,
      accessHash: hashToken(accessToken),
      refreshHash: hashToken(refreshToken),
      accessExpiresAt: time + tokenLifetimeSeconds * 1000,
      refreshExpiresAt: time + refreshTokenLifetimeSeconds * 1000,
      now: time,
    });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: tokenLifetimeSeconds,
      refresh_token: refreshToken,
      scope,
      jti,
      result: { isLogin: true },
    };
  };

  /**
   * Mails the owner of an account under attack. Not awaited: the attacker's answer must not wait
   * on (or reveal anything about) the mail server; a failure is logged.
   */
  const warnOwner = (userId: number | undefined, attack: LoginAttack | null) => {
    const mailer = deps.mailer;
    if (!attack || userId === undefined || !mailer) return;
    void (async () => {
      const recipient = await findAlertRecipient(db, userId);
      if (!recipient?.email) return;
      await mailer(
        renderLoginAlert({
          ...attack,
          to: recipient.email,
          username: recipient.username,
          language: recipient.language,
          at: now(),
        }),
      );
    })().catch((error: unknown) => deps.logger?.error({ err: error }, 'sign-in attack warning not sent'));
  };

  const assertCanSignIn = (user: UserRow) => {
    if (user.enabled !== 1) throw AppError.badRequest('error.userDisabled', { oauthError: 'user_disabled' });
  };

  const passwordGrant = async (input: {
    username: string;
    password: string;
    scope?: string;
    ip: string;
    clientId: string;
    /** The request's language when it named one: remembered for mail about the account. */
    language?: Language;
  }) => {
    await guard.beforeAttempt(input.username, input.ip);
    const user = await findUserByUsername(db, input.username);
    // Robots have a password row but are never allowed to sign in to the console.
    const signable = user && user.is_robot === 0 ? user : undefined;
    const isValid = await verifyPassword(signable?.password_hash ?? null, input.password);
    if (!signable || !isValid) {
      warnOwner(signable?.id, await guard.afterFailure(input.username, input.ip));
      throw AppError.badRequest('auth.invalidGrant', { oauthError: 'invalid_grant' });
    }
    // Checked after the password, so a guesser cannot learn which accounts are disabled.
    assertCanSignIn(signable);
    await guard.afterSuccess(input.username, input.ip);
    if (input.language) await updateSignInLanguage(db, signable.id, input.language);
    return issueTokens(signable.id, input.clientId, input.scope || 'all');
  };

  const codeGrant = async (input: {
    channel: CodeChannel;
    address: string;
    code: string;
    scope?: string;
    ip: string;
    clientId: string;
  }) => {
    const address = normalizeAddress(input.channel, input.address);
    const account = `${input.channel}:${address}`;
    const findOwner = () =>
      input.channel === 'email' ? findUserByEmail(db, address) : findUserByMobile(db, address);
    await guard.beforeAttempt(account, input.ip);
    try {
      await deps.verification.verifyCode({
        channel: input.channel,
        address: input.address,
        purpose: 'login',
        code: input.code,
      });
    } catch (error) {
      const attack = await guard.afterFailure(account, input.ip);
      if (attack) warnOwner((await findOwner())?.id, attack);
      throw error;
    }
    await guard.afterSuccess(account, input.ip);
    const user = await findOwner();
    if (!user || user.is_robot !== 0) {
      throw AppError.badRequest(
        input.channel === 'email' ? 'auth.noAccountForEmail' : 'auth.noAccountForMobile',
        {
          oauthError: 'invalid_grant',
        },
      );
    }
    assertCanSignIn(user);
    return issueTokens(user.id, input.clientId, input.scope || 'all');
  };

  /** A sign-in another module vouched for (a WeChat scan): the account must still be allowed in. */
  const externalGrant = async (input: { userId: number; scope?: string; clientId: string }) => {
    const user = await db.selectFrom('user').selectAll().where('id', '=', input.userId).executeTakeFirst();
    if (!user || user.is_robot !== 0)
      throw AppError.badRequest('auth.invalidGrant', { oauthError: 'invalid_grant' });
    assertCanSignIn(user);
    return issueTokens(user.id, input.clientId, input.scope || 'all');
  };

  /** Rotates a refresh token: the old pair is revoked and a new pair issued. */
  const refreshGrant = async (input: { refreshToken: string; scope?: string; clientId: string }) => {
    const invalid = () => AppError.badRequest('auth.invalidRefreshToken', { oauthError: 'invalid_grant' });
    const row = await findLiveTokenByRefreshHash(db, hashToken(input.refreshToken), now());
    if (!row || row.client_id !== input.clientId) throw invalid();
    if (row.enabled !== 1) throw AppError.badRequest('error.userDisabled', { oauthError: 'user_disabled' });
    // Only one of two concurrent refreshes with the same token wins.
    if (!(await revokeToken(db, row.user_id, row.token_id, now()))) throw invalid();
    principals.forgetToken(row.token_id);
    return issueTokens(row.user_id, input.clientId, input.scope || row.scope);
  };

  const toPrincipal = async (row: TokenOwnerRow): Promise<Principal> => {
    const [grants, permissions] = await Promise.all([
      findRoleGrantsOfUser(db, row.user_id),
      findPermissionActionsOfUser(db, row.user_id),
    ]);
    const authorities = new Set(grants.authorities);
    return {
      tokenId: row.token_id,
      jti: row.jti,
      userId: row.user_id,
      uid: row.uid,
      username: row.username,
      orgId: row.org_id,
      roles: grants.roles,
      authorities,
      isPlatformStaff: authorities.has('internal'),
      isAdminAccount: row.username === config.adminAccount,
      permissions,
      orgValidUntil: row.org_valid_until,
    };
  };

  /** Resolves a bearer token; 401 when missing, unknown, expired, revoked or its user is disabled. */
  const authenticate = async (authorization: string | undefined): Promise<Principal> => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) throw AppError.unauthorized();
    const accessHash = hashToken(match[1]);
    return principals.resolve(accessHash, async () => {
      const row = await findLiveTokenByAccessHash(db, accessHash, now());
      if (!row) throw AppError.unauthorized();
      if (row.enabled !== 1) throw AppError.unauthorized('error.userDisabled');
      return { value: await toPrincipal(row), expiresAt: row.access_expires_at };
    });
  };

  const logout = async (principal: Principal): Promise<void> => {
    await revokeToken(db, principal.userId, principal.tokenId, now());
    principals.forgetToken(principal.tokenId);
  };

  /** Answered from the principal when it carries its permissions (every resolved token does). */
  const isPermitted = (
    principal: Principal,
    permissionId: string,
    action: PermissionAction,
  ): boolean | null =>
    principal.permissions ? (principal.permissions.get(permissionId)?.has(action) ?? false) : null;

  const hasPermission = async (
    principal: Principal,
    permissionId: string,
    action: PermissionAction,
  ): Promise<boolean> =>
    isPermitted(principal, permissionId, action) ??
    (await findActionsOfUser(db, principal.userId, permissionId)).has(action);

  return {
    verifyClient,
    passwordGrant,
    codeGrant,
    externalGrant,
    refreshGrant,
    authenticate,
    logout,
    isPermitted,
    hasPermission,
    /** Resolved tokens; services that change accounts and roles forget them after committing. */
    principals,
    close: () => principals.close(),
  };
};
