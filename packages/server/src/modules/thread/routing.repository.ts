import type { Executor } from '../../db/database.js';

/* What routing reads about skill groups and agents. Scoped by org_id. */

export const findLiveWorkgroupByWid = (db: Executor, orgId: number, wid: string) =>
  db
    .selectFrom('workgroup')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('wid', '=', wid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findLiveWorkgroupById = (db: Executor, orgId: number, id: number) =>
  db
    .selectFrom('workgroup')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export type WorkgroupRow = NonNullable<Awaited<ReturnType<typeof findLiveWorkgroupById>>>;

const agentColumns = [
  'user.id',
  'user.uid',
  'user.nickname',
  'user.avatar',
  'user.status',
  'user.max_thread_count',
  'user.welcome_tip',
  'user.offline_tip',
  'user.auto_close_minutes',
] as const;

/** Live, enabled human agents of the group. */
export const listWorkgroupAgents = (db: Executor, workgroupId: number) =>
  db
    .selectFrom('workgroup_member')
    .innerJoin('user', 'user.id', 'workgroup_member.user_id')
    .select(agentColumns)
    .where('workgroup_member.workgroup_id', '=', workgroupId)
    .where('user.deleted_at', 'is', null)
    .where('user.enabled', '=', 1)
    .where('user.is_robot', '=', 0)
    .execute();

export type RoutingAgentRow = Awaited<ReturnType<typeof listWorkgroupAgents>>[number];

export const findLiveAgentByUid = (db: Executor, orgId: number, uid: string) =>
  db
    .selectFrom('user')
    .select(agentColumns)
    .where('user.org_id', '=', orgId)
    .where('user.uid', '=', uid)
    .where('user.deleted_at', 'is', null)
    .where('user.enabled', '=', 1)
    .where('user.is_robot', '=', 0)
    .executeTakeFirst();

/** The skill group's robot account, when it is live and enabled. */
export const findLiveRobotById = (db: Executor, orgId: number, id: number) =>
  db
    .selectFrom('user')
    .select(['user.id', 'user.uid', 'user.nickname', 'user.avatar', 'user.welcome_tip'])
    .where('user.org_id', '=', orgId)
    .where('user.id', '=', id)
    .where('user.deleted_at', 'is', null)
    .where('user.enabled', '=', 1)
    .where('user.is_robot', '=', 1)
    .executeTakeFirst();

export type RobotRow = NonNullable<Awaited<ReturnType<typeof findLiveRobotById>>>;

export const findLiveAgentById = (db: Executor, orgId: number, id: number) =>
  db
    .selectFrom('user')
    .select(agentColumns)
    .where('user.org_id', '=', orgId)
    .where('user.id', '=', id)
    .where('user.deleted_at', 'is', null)
    .where('user.enabled', '=', 1)
    .executeTakeFirst();

export const listWorkgroupIdsOfAgent = async (db: Executor, userId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('workgroup_member')
      .innerJoin('workgroup', 'workgroup.id', 'workgroup_member.workgroup_id')
      .select('workgroup.id')
      .where('workgroup_member.user_id', '=', userId)
      .where('workgroup.deleted_at', 'is', null)
      .execute()
  ).map((row) => Number(row.id));

/** Groups the agent administers (workgroup admin_id). */
export const listAdministeredWorkgroupIds = async (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<number[]> =>
  (
    await db
      .selectFrom('workgroup')
      .select('id')
      .where('org_id', '=', orgId)
      .where('admin_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute()
  ).map((row) => Number(row.id));

export const isWorkgroupMember = async (
  db: Executor,
  workgroupId: number,
  userId: number,
): Promise<boolean> =>
  Boolean(
    await db
      .selectFrom('workgroup_member')
      .select('user_id')
      .where('workgroup_id', '=', workgroupId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );

/** Serialises capacity decisions for one agent across nodes (PostgreSQL row lock; SQLite has one writer). */
export const lockAgentRow = async (db: Executor, dialect: 'sqlite' | 'postgres', userId: number) => {
  if (dialect !== 'postgres') return;
  await db.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
};

export const setAgentStatus = async (
  db: Executor,
  orgId: number,
  userId: number,
  values: { status: string; autoReplyType?: string; autoReplyContent?: string; now: number },
) => {
  await db
    .updateTable('user')
    .set({
      status: values.status,
      ...(values.autoReplyType !== undefined ? { auto_reply_type: values.autoReplyType } : {}),
      ...(values.autoReplyContent !== undefined ? { auto_reply_content: values.autoReplyContent } : {}),
      updated_at: values.now,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', userId)
    .execute();
};

export type OfferInsert = {
  oid: string;
  orgId: number;
  threadId: number;
  kind: 'transfer' | 'invite';
  fromUserId: number;
  toUserId: number | null;
  toWorkgroupId: number | null;
  note: string;
  now: number;
};

export const insertOffer = async (db: Executor, values: OfferInsert) => {
  await db
    .insertInto('thread_offer')
    .values({
      oid: values.oid,
      org_id: values.orgId,
      thread_id: values.threadId,
      kind: values.kind,
      from_user_id: values.fromUserId,
      to_user_id: values.toUserId,
      to_workgroup_id: values.toWorkgroupId,
      note: values.note,
      status: 'pending',
      created_at: values.now,
    })
    .execute();
};

const selectOffers = (db: Executor) =>
  db
    .selectFrom('thread_offer')
    .innerJoin('thread', 'thread.id', 'thread_offer.thread_id')
    .innerJoin('user as from_user', 'from_user.id', 'thread_offer.from_user_id')
    .leftJoin('user as to_user', 'to_user.id', 'thread_offer.to_user_id')
    .leftJoin('workgroup as to_group', 'to_group.id', 'thread_offer.to_workgroup_id')
    .select([
      'thread_offer.id',
      'thread_offer.oid',
      'thread_offer.org_id',
      'thread_offer.thread_id',
      'thread_offer.kind',
      'thread_offer.from_user_id',
      'thread_offer.to_user_id',
      'thread_offer.to_workgroup_id',
      'thread_offer.note',
      'thread_offer.status',
      'thread_offer.created_at',
      'thread.tid',
      'from_user.uid as from_uid',
      'from_user.username as from_username',
      'from_user.nickname as from_nickname',
      'from_user.real_name as from_real_name',
      'from_user.avatar as from_avatar',
      'from_user.is_robot as from_is_robot',
      'from_user.enabled as from_enabled',
      'from_user.status as from_status',
      'to_user.uid as to_uid',
      'to_user.username as to_username',
      'to_user.nickname as to_nickname',
      'to_user.real_name as to_real_name',
      'to_user.avatar as to_avatar',
      'to_user.is_robot as to_is_robot',
      'to_user.enabled as to_enabled',
      'to_user.status as to_status',
      'to_group.wid as to_wid',
      'to_group.nickname as to_group_nickname',
    ]);

export type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['executeTakeFirstOrThrow']>>;

export const findOfferByOid = (db: Executor, orgId: number, oid: string) =>
  selectOffers(db)
    .where('thread_offer.org_id', '=', orgId)
    .where('thread_offer.oid', '=', oid)
    .executeTakeFirst();

/** Pending offers addressed to the agent or to one of its groups. */
export const listPendingOffersFor = (db: Executor, orgId: number, userId: number, workgroupIds: number[]) =>
  selectOffers(db)
    .where('thread_offer.org_id', '=', orgId)
    .where('thread_offer.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('thread_offer.to_user_id', '=', userId),
        eb('thread_offer.to_workgroup_id', 'in', workgroupIds.length > 0 ? workgroupIds : [-1]),
      ]),
    )
    .where('thread_offer.from_user_id', '!=', userId)
    .orderBy('thread_offer.created_at')
    .execute();

/** Answers a pending offer once; false when someone answered (or it was cancelled) first. */
export const settleOffer = async (db: Executor, id: number, status: string, now: number) =>
  (
    await db
      .updateTable('thread_offer')
      .set({ status, responded_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const cancelPendingOffersOfThread = async (db: Executor, threadId: number, now: number) => {
  await db
    .updateTable('thread_offer')
    .set({ status: 'cancelled', responded_at: now })
    .where('thread_id', '=', threadId)
    .where('status', '=', 'pending')
    .execute();
};

/**
 * Colleagues a conversation can be transferred to, with their load, in one query: live, enabled
 * human agents of the organisation whose roles carry the `chat` authority, except `excludeIds`.
 * `load` counts the conversations they are chatting in now (what capacity is measured against).
 */
export const listTransferTargets = (db: Executor, orgId: number, excludeIds: number[]) =>
  db
    .selectFrom('user')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('thread')
          .select((inner) => ['thread.agent_id', inner.fn.countAll<number>().as('load')])
          .where('thread.org_id', '=', orgId)
          .where('thread.status', '=', 'chatting')
          .groupBy('thread.agent_id')
          .as('loads'),
      (join) => join.onRef('loads.agent_id', '=', 'user.id'),
    )
    .select([
      'user.id',
      'user.uid',
      'user.nickname',
      'user.avatar',
      'user.status',
      'user.max_thread_count',
      (eb) => eb.fn.coalesce('loads.load', eb.lit(0)).as('load'),
    ])
    .where('user.org_id', '=', orgId)
    .where('user.deleted_at', 'is', null)
    .where('user.enabled', '=', 1)
    .where('user.is_robot', '=', 0)
    .where('user.id', 'not in', excludeIds.length > 0 ? excludeIds : [-1])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_role')
          .innerJoin('role_authority', 'role_authority.role_id', 'user_role.role_id')
          .select('user_role.user_id')
          .whereRef('user_role.user_id', '=', 'user.id')
          .where('role_authority.authority', '=', 'chat'),
      ),
    )
    .orderBy('user.nickname')
    .orderBy('user.id')
    .execute();
