import type { Executor } from '../../db/database.js';

/* Kysely queries of Web Push: the installation's VAPID key pair and users' subscriptions. */

export type VapidRow = { public_key: string; private_key_sealed: string };

export const findVapidKeys = (db: Executor): Promise<VapidRow | undefined> =>
  db
    .selectFrom('push_vapid')
    .select(['public_key', 'private_key_sealed'])
    .where('id', '=', 1)
    .executeTakeFirst();

/** Keeps the first pair written: of two nodes starting at once, both end up with the winner's. */
export const insertVapidKeysOnce = async (
  db: Executor,
  values: { publicKey: string; privateKeySealed: string; now: number },
): Promise<void> => {
  await db
    .insertInto('push_vapid')
    .values({
      id: 1,
      public_key: values.publicKey,
      private_key_sealed: values.privateKeySealed,
      created_at: values.now,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
};

export type SubscriptionRow = {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
};

/** An endpoint belongs to one browser profile: a new sign-in there takes it over. */
export const upsertSubscription = async (
  db: Executor,
  values: {
    orgId: number;
    userId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string;
    now: number;
  },
): Promise<void> => {
  const changes = {
    org_id: values.orgId,
    user_id: values.userId,
    p256dh: values.p256dh,
    auth: values.auth,
    user_agent: values.userAgent,
    updated_at: values.now,
  };
  await db
    .insertInto('push_subscription')
    .values({ ...changes, endpoint: values.endpoint, created_at: values.now })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(changes))
    .execute();
};

export const deleteSubscriptionOfUser = async (
  db: Executor,
  orgId: number,
  userId: number,
  endpoint: string,
): Promise<boolean> => {
  const result = await db
    .deleteFrom('push_subscription')
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

/** The push service said the subscription is gone (404/410). */
export const deleteSubscriptionById = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
};

/** Every user with a subscription, of any organisation (ids are unique across organisations). */
export const listSubscribedUserIds = async (db: Executor): Promise<number[]> =>
  (await db.selectFrom('push_subscription').select('user_id').distinct().execute()).map((row) =>
    Number(row.user_id),
  );

export const listSubscriptionsOfUser = (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<SubscriptionRow[]> =>
  db
    .selectFrom('push_subscription')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'created_at'])
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** The subscriptions of these users of one organisation, with each user's language and alert switch. */
export const listRecipients = async (
  db: Executor,
  orgId: number,
  userIds: number[],
): Promise<(SubscriptionRow & { language: string | null; connected: number | null })[]> => {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('push_subscription as s')
    .innerJoin('user as u', (join) => join.onRef('u.id', '=', 's.user_id').onRef('u.org_id', '=', 's.org_id'))
    .leftJoin('user_setting as us', 'us.user_id', 's.user_id')
    .select([
      's.id',
      's.user_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      's.created_at',
      'u.language',
      'us.connected',
    ])
    .where('s.org_id', '=', orgId)
    .where('s.user_id', 'in', userIds)
    .where('u.deleted_at', 'is', null)
    .where('u.enabled', '=', 1)
    .execute();
};

/**
 * The subscriptions of these users in the organisation that owns conversation `tid` (one query per
 * visitor message: the organisation comes from the conversation, never from the caller).
 */
export const listRecipientsOfThread = async (
  db: Executor,
  tid: string,
  userIds: number[],
): Promise<(SubscriptionRow & { language: string | null })[]> => {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('thread as t')
    .innerJoin('push_subscription as s', 's.org_id', 't.org_id')
    .innerJoin('user as u', (join) => join.onRef('u.id', '=', 's.user_id').onRef('u.org_id', '=', 't.org_id'))
    .select(['s.id', 's.user_id', 's.endpoint', 's.p256dh', 's.auth', 's.created_at', 'u.language'])
    .where('t.tid', '=', tid)
    .where('s.user_id', 'in', userIds)
    .where('u.deleted_at', 'is', null)
    .where('u.enabled', '=', 1)
    .execute();
};
