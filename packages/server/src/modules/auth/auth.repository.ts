import type { Executor } from '../../db/database.js';

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
};

const selectTokenOwner = (db: Executor) =>
  db
    .selectFrom('access_token')
    .innerJoin('user', 'user.id', 'access_token.user_id')
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
    ])
    .where('access_token.revoked_at', 'is', null)
    .where('user.deleted_at', 'is', null);

/** A live access token and its owner: not revoked, not expired, owner not deleted. */
export const findLiveTokenByAccessHash = async (
  db: Executor,
  accessHash: string,
  now: number,
): Promise<TokenOwnerRow | undefined> =>
  selectTokenOwner(db)
    .where('access_token.access_hash', '=', accessHash)
    .where('access_token.access_expires_at', '>', now)
    .executeTakeFirst();

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
