import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { escapeLike } from '../../../db/like.js';

/*
 * Kysely queries of platform notices: what staff sent, to whom, who read it. A user sees a notice
 * sent to every organisation or to theirs, unless it was withdrawn.
 */

/** Tenant roles that run an organisation: they receive notices by email. */
export const noticeMailRoles = ['ROLE_ADMIN', 'ROLE_VIP', 'ROLE_TRY', 'ROLE_PROXY', 'ROLE_FREE'];

export const insertNotice = async (
  db: Executor,
  row: {
    nid: string;
    title: string;
    content: string;
    level: string;
    audience: string;
    authorId: number;
    recipients: number;
    sendEmail: boolean;
    now: number;
  },
): Promise<number> => {
  const inserted = await db
    .insertInto('platform_notice')
    .values({
      nid: row.nid,
      title: row.title,
      content: row.content,
      level: row.level,
      audience: row.audience,
      author_id: row.authorId,
      recipient_count: row.recipients,
      send_email: row.sendEmail ? 1 : 0,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
};

export const insertNoticeOrgs = async (db: Executor, noticeId: number, orgIds: number[]): Promise<void> => {
  for (let index = 0; index < orgIds.length; index += 400)
    await db
      .insertInto('platform_notice_org')
      .values(orgIds.slice(index, index + 400).map((orgId) => ({ notice_id: noticeId, org_id: orgId })))
      .execute();
};

export const findOrganizationsBySubDomains = async (db: Executor, subDomains: string[]) => {
  if (subDomains.length === 0) return [];
  return db
    .selectFrom('organization')
    .select(['id', 'oid', 'name', 'sub_domain'])
    .where('sub_domain', 'in', subDomains)
    .execute();
};

/** Console users (not robots, enabled, not deleted) of the organisations, or of every one (null). */
export const countConsoleUsers = async (db: Executor, orgIds: number[] | null): Promise<number> => {
  let query = db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('is_robot', '=', 0)
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null);
  if (orgIds !== null) {
    if (orgIds.length === 0) return 0;
    query = query.where('org_id', 'in', orgIds);
  }
  return Number((await query.executeTakeFirstOrThrow()).count);
};

export const listAllOrganizationIds = async (db: Executor): Promise<number[]> =>
  (await db.selectFrom('organization').select('id').execute()).map((row) => Number(row.id));

export const listNoticeOrgIds = async (db: Executor, noticeId: number): Promise<number[]> =>
  (
    await db.selectFrom('platform_notice_org').select('org_id').where('notice_id', '=', noticeId).execute()
  ).map((row) => Number(row.org_id));

const selectNotices = (db: Executor) =>
  db
    .selectFrom('platform_notice')
    .select([
      'platform_notice.id',
      'platform_notice.nid',
      'platform_notice.title',
      'platform_notice.content',
      'platform_notice.level',
      'platform_notice.audience',
      'platform_notice.recipient_count',
      'platform_notice.send_email',
      'platform_notice.withdrawn_at',
      'platform_notice.created_at',
    ]);

export type NoticeRow = Awaited<ReturnType<ReturnType<typeof selectNotices>['executeTakeFirstOrThrow']>>;

export const findNotice = (db: Executor, nid: string) =>
  selectNotices(db).where('platform_notice.nid', '=', nid).executeTakeFirst();

export const findNoticeById = (db: Executor, id: number) =>
  selectNotices(db).where('platform_notice.id', '=', id).executeTakeFirst();

export const pagePlatformNotices = async (
  db: Executor,
  query: { keyword?: string; state?: 'active' | 'withdrawn'; page: number; size: number },
) => {
  const filtered = () => {
    let builder = selectNotices(db);
    if (query.keyword)
      builder = builder.where(
        sql<boolean>`lower(platform_notice.title) like ${`%${escapeLike(query.keyword.toLowerCase())}%`} escape '\\'`,
      );
    if (query.state === 'active') builder = builder.where('platform_notice.withdrawn_at', 'is', null);
    if (query.state === 'withdrawn') builder = builder.where('platform_notice.withdrawn_at', 'is not', null);
    return builder;
  };
  const rows = await filtered()
    .orderBy('platform_notice.created_at', 'desc')
    .orderBy('platform_notice.id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await filtered()
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

/** Notice id → readers, for the listed notices. */
export const countReaders = async (db: Executor, noticeIds: number[]): Promise<Map<number, number>> => {
  if (noticeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('platform_notice_read')
    .select(['notice_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('notice_id', 'in', noticeIds)
    .groupBy('notice_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.notice_id), Number(row.count)]));
};

/** Notice id → its named organisations. */
export const listOrganizationsOfNotices = async (db: Executor, noticeIds: number[]) => {
  if (noticeIds.length === 0) return new Map<number, { oid: string; name: string; subDomain: string }[]>();
  const rows = await db
    .selectFrom('platform_notice_org')
    .innerJoin('organization', 'organization.id', 'platform_notice_org.org_id')
    .select([
      'platform_notice_org.notice_id',
      'organization.oid',
      'organization.name',
      'organization.sub_domain',
    ])
    .where('platform_notice_org.notice_id', 'in', noticeIds)
    .orderBy('organization.name')
    .execute();
  const result = new Map<number, { oid: string; name: string; subDomain: string }[]>();
  for (const row of rows) {
    const list = result.get(Number(row.notice_id)) ?? [];
    list.push({ oid: row.oid, name: row.name, subDomain: row.sub_domain });
    result.set(Number(row.notice_id), list);
  }
  return result;
};

export const withdrawNotice = async (db: Executor, id: number, now: number): Promise<void> => {
  await db
    .updateTable('platform_notice')
    .set({ withdrawn_at: now, updated_at: now })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .execute();
};

/* ---- a console user's notification centre ---- */

/** The notices a user of `orgId` sees: not withdrawn, to everyone or to their organisation. */
const visibleTo = (db: Executor, orgId: number, userId: number) =>
  db
    .selectFrom('platform_notice')
    .leftJoin('platform_notice_read', (join) =>
      join
        .onRef('platform_notice_read.notice_id', '=', 'platform_notice.id')
        .on('platform_notice_read.user_id', '=', userId),
    )
    .where('platform_notice.withdrawn_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('platform_notice.audience', '=', 'all'),
        eb.exists(
          eb
            .selectFrom('platform_notice_org')
            .select('platform_notice_org.notice_id')
            .whereRef('platform_notice_org.notice_id', '=', 'platform_notice.id')
            .where('platform_notice_org.org_id', '=', orgId),
        ),
      ]),
    );

export const pageNoticesOfUser = async (
  db: Executor,
  user: { orgId: number; userId: number },
  query: { unreadOnly?: boolean; page: number; size: number },
) => {
  const filtered = () => {
    const builder = visibleTo(db, user.orgId, user.userId);
    return query.unreadOnly ? builder.where('platform_notice_read.notice_id', 'is', null) : builder;
  };
  const rows = await filtered()
    .select([
      'platform_notice.id',
      'platform_notice.nid',
      'platform_notice.title',
      'platform_notice.content',
      'platform_notice.level',
      'platform_notice.created_at',
      'platform_notice_read.read_at',
    ])
    .orderBy('platform_notice.created_at', 'desc')
    .orderBy('platform_notice.id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await filtered()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

export const countUnreadOfUser = async (db: Executor, user: { orgId: number; userId: number }) =>
  Number(
    (
      await visibleTo(db, user.orgId, user.userId)
        .where('platform_notice_read.notice_id', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** The ids of the notices the user sees, unread, among `nids` (all of them when null). */
export const listUnreadIdsOfUser = async (
  db: Executor,
  user: { orgId: number; userId: number },
  nids: string[] | null,
): Promise<number[]> => {
  let query = visibleTo(db, user.orgId, user.userId).where('platform_notice_read.notice_id', 'is', null);
  if (nids !== null) {
    if (nids.length === 0) return [];
    query = query.where('platform_notice.nid', 'in', nids);
  }
  return (await query.select('platform_notice.id').execute()).map((row) => Number(row.id));
};

export const insertReads = async (db: Executor, userId: number, noticeIds: number[], now: number) => {
  if (noticeIds.length === 0) return;
  await db
    .insertInto('platform_notice_read')
    .values(noticeIds.map((noticeId) => ({ notice_id: noticeId, user_id: userId, read_at: now })))
    .onConflict((conflict) => conflict.columns(['notice_id', 'user_id']).doNothing())
    .execute();
};

/** Whether `nid` is visible to the user (so marking it read is allowed). */
export const isVisibleTo = async (db: Executor, user: { orgId: number; userId: number }, nid: string) =>
  (await visibleTo(db, user.orgId, user.userId)
    .where('platform_notice.nid', '=', nid)
    .select('platform_notice.id')
    .executeTakeFirst()) !== undefined;

/** Email addresses of an organisation's administrators (its owner and tenant admin roles), with their language. */
export const listAdminEmails = async (db: Executor, orgId: number) =>
  db
    .selectFrom('user')
    .innerJoin('organization', 'organization.id', 'user.org_id')
    .select(['user.email', 'user.language', 'organization.name as org_name'])
    .where('user.org_id', '=', orgId)
    .where('user.enabled', '=', 1)
    .where('user.deleted_at', 'is', null)
    .where('user.email', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('organization.owner_user_id', '=', eb.ref('user.id')),
        eb.exists(
          eb
            .selectFrom('user_role')
            .innerJoin('role', 'role.id', 'user_role.role_id')
            .select('user_role.user_id')
            .whereRef('user_role.user_id', '=', 'user.id')
            .where('role.value', 'in', noticeMailRoles),
        ),
      ]),
    )
    .execute();
