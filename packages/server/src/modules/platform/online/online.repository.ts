import { onlineUserStatuses } from '@openkefu/contract';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { escapeLike } from '../../../db/like.js';

/* Kysely queries of platform → online: agents by status across organisations, their rows, visitors. */

const consoleUsers = (db: Executor) =>
  db
    .selectFrom('user')
    .where('user.is_robot', '=', 0)
    .where('user.enabled', '=', 1)
    .where('user.deleted_at', 'is', null);

/** Organisation id → agents in an online status, over every organisation (one grouped read). */
export const countOnlineAgentsByOrg = async (db: Executor): Promise<Map<number, number>> => {
  const rows = await consoleUsers(db)
    .where('user.status', 'in', [...onlineUserStatuses])
    .select(['user.org_id', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('user.org_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.org_id), Number(row.count)]));
};

export const listOrganizations = async (db: Executor, ids: number[], keyword?: string) => {
  if (ids.length === 0) return [];
  const found: { id: number; oid: string; name: string; sub_domain: string }[] = [];
  // Chunks keep the bound parameters under SQLite's limit.
  for (let index = 0; index < ids.length; index += 500) {
    let query = db
      .selectFrom('organization')
      .select(['id', 'oid', 'name', 'sub_domain'])
      .where('id', 'in', ids.slice(index, index + 500));
    if (keyword) {
      const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
      query = query.where(
        sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(sub_domain) like ${pattern} escape '\\')`,
      );
    }
    found.push(...(await query.execute()).map((row) => ({ ...row, id: Number(row.id) })));
  }
  return found;
};

export const findOrganizationBySubDomain = (db: Executor, subDomain: string) =>
  db
    .selectFrom('organization')
    .select(['id', 'oid', 'name', 'sub_domain'])
    .where('sub_domain', '=', subDomain)
    .executeTakeFirst();

/** The organisation's console users online by status or among `connectedIds`, online first. */
export const pageOnlineAgents = async (
  db: Executor,
  orgId: number,
  connectedIds: number[],
  paging: { page: number; size: number },
) => {
  const filtered = () =>
    consoleUsers(db)
      .where('user.org_id', '=', orgId)
      .where((eb) =>
        connectedIds.length > 0
          ? eb.or([eb('user.status', 'in', [...onlineUserStatuses]), eb('user.id', 'in', connectedIds)])
          : eb('user.status', 'in', [...onlineUserStatuses]),
      );
  const rows = await filtered()
    .select([
      'user.id',
      'user.uid',
      'user.username',
      'user.nickname',
      'user.status',
      'user.last_login_at',
      'user.last_login_client',
    ])
    .orderBy('user.nickname')
    .orderBy('user.id')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await filtered()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

export const findConsoleUserByUid = (db: Executor, uid: string) =>
  db
    .selectFrom('user')
    .select(['id', 'uid', 'org_id', 'username'])
    .where('uid', '=', uid)
    .where('is_robot', '=', 0)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const setUserOffline = async (db: Executor, userId: number, now: number): Promise<void> => {
  await db.updateTable('user').set({ status: 'offline', updated_at: now }).where('id', '=', userId).execute();
};

export const listVisitorsByIds = async (db: Executor, orgId: number, ids: number[]) => {
  if (ids.length === 0) return [];
  return db
    .selectFrom('visitor')
    .select(['id', 'vid', 'nickname', 'client', 'last_visit_at'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .execute();
};
