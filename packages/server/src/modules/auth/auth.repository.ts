import type { PermissionAction } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { prepareQuery } from '../../db/prepared.js';

export type NewToken = {
  jti: string;
  userId: number;
  clientId: string;
  scope: string;
  accessHash: string;
  refreshHash: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
  now: number;
};

export const insertToken = async (db: Executor, token: NewToken): Promise<void> => {
  await db
    .insertInto('access_token')
    .values({
      jti: token.jti,
      user_id: token.userId,
      client_id: token.clientId,
      scope: token.scope,
      access_hash: token.accessHash,
      refresh_hash: token.refreshHash,
      access_expires_at: token.accessExpiresAt,
      refresh_expires_at: token.refreshExpiresAt,
      revoked_at: null,
      created_at: token.now,
    })
    .execute();
};

export type TokenOwnerRow = {
  token_id: number;
  jti: string;
  client_id: string;
  scope: string;
  user_id: number;
  uid: string;
  username: string;
  org_id: number;
  enabled: number;
  access_expires_at: number;
  /** The organisation's validity (its owner's validate_until_date), for the read-only check of billing. */
  org_valid_until: string | null;
};

const selectTokenOwner = (db: Executor) =>
  db
    .selectFrom('access_token')
    .innerJoin('user', 'user.id', 'access_token.user_id')
    // The organisation's validity rides along with the token (no query per request for billing).
    .leftJoin('organization as token_org', 'token_org.id', 'user.org_id')
    .leftJoin('user as org_owner', 'org_owner.id', 'token_org.owner_user_id')
    .select([
      'access_token.id as token_id',
      'access_token.jti',
      'access_token.client_id',
      'access_token.scope',
      'user.id as user_id',
      'user.uid',
      'user.username',
      'user.org_id',
      'user.enabled',
      'access_token.access_expires_at',
      'org_owner.validate_until_date as org_valid_until',
    ])
    .where('access_token.revoked_at', 'is', null)
    .where('user.deleted_at', 'is', null);

// Compiled once: every token the principal cache has not seen runs it.
const liveTokenByAccessHash = prepareQuery(2, (db, accessHash: string, now: number) =>
  selectTokenOwner(db)
    .where('access_token.access_hash', '=', accessHash)
    .where('access_token.access_expires_at', '>', now),
);

/** A live access token and its owner: not revoked, not expired, owner not deleted. */
export const findLiveTokenByAccessHash = async (
  db: Executor,
  accessHash: string,
  now: number,
): Promise<TokenOwnerRow | undefined> => (await liveTokenByAccessHash(db, accessHash, now))[0];

/** A token whose refresh token is still usable. */
export const findLiveTokenByRefreshHash = async (
  db: Executor,
  refreshHash: string,
  now: number,
): Promise<TokenOwnerRow | undefined> =>
  selectTokenOwner(db)
    .where('access_token.refresh_hash', '=', refreshHash)
    .where('access_token.refresh_expires_at', '>', now)
    .executeTakeFirst();

/**
 * Revokes one token of one user. Scoped by user id so a token id can only ever revoke its owner's
 * token. Returns false when it was already revoked (a refresh token replayed concurrently).
 */
export const revokeToken = async (
  db: Executor,
  userId: number,
  tokenId: number,
  now: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('access_token')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const revokeTokensOfUser = async (db: Executor, userId: number, now: number): Promise<void> => {
  await db
    .updateTable('access_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Signs a user out everywhere except the session making the request (own password change). */
export const revokeOtherTokensOfUser = async (
  db: Executor,
  userId: number,
  keepTokenId: number,
  now: number,
): Promise<void> => {
  await db
    .updateTable('access_token')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepTokenId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** The language of a password sign-in, kept so that mail about the account is in that language. */
export const updateSignInLanguage = async (db: Executor, userId: number, language: string): Promise<void> => {
  await db
    .updateTable('user')
    .set({ language })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', language)]))
    .execute();
};

/** Who to warn about an attack on an account: its email (null: nobody to tell) and language. */
export const findAlertRecipient = async (db: Executor, userId: number) =>
  db
    .selectFrom('user')
    .select(['username', 'email', 'language'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

const permissionRowsOfUser = prepareQuery(1, (db, userId: number) =>
  db
    .selectFrom('user_role')
    .innerJoin('role_permission', 'role_permission.role_id', 'user_role.role_id')
    .select(['role_permission.permission_id', 'role_permission.action_list'])
    .where('user_role.user_id', '=', userId),
);

/**
 * Every permission action of a user, by permission id: the union over the user's roles (what
 * findActionsOfUser answers for one id), read once per sign-in resolution instead of per guard.
 */
export const findPermissionActionsOfUser = async (
  db: Executor,
  userId: number,
): Promise<Map<string, Set<PermissionAction>>> => {
  const rows = await permissionRowsOfUser(db, userId);
  const actions = new Map<string, Set<PermissionAction>>();
  for (const row of rows) {
    const set = actions.get(row.permission_id) ?? new Set<PermissionAction>();
    for (const action of JSON.parse(row.action_list) as PermissionAction[]) set.add(action);
    actions.set(row.permission_id, set);
  }
  return actions;
};
