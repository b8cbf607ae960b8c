import type { LeaveMessageType, RouteType, UserBrief, UserStatus } from '@openkefu/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/*
 * Skill groups are tenant data: every query takes the caller's organisation, except the one
 * support listing for platform staff (pageWorkgroupsOfAllOrganizations), which says so in its name.
 * Soft-deleted groups (deleted_at set) are invisible to every query here.
 */

/** Thread states that still need an agent: a group with such threads cannot be deleted. */
const finishedThreadStatuses = ['closed', 'offline'];

/** Values of a group as the service decides them; references are already resolved to row ids. */
export type WorkgroupValues = {
  nickname: string;
  avatar: string;
  description: string;
  slogan: string;
  routeType: RouteType;
  leaveMessageType: LeaveMessageType;
  recent: boolean;
  defaultRobot: boolean;
  offlineRobot: boolean;
  robotId: number | null;
  forceRate: boolean;
  autoPop: boolean;
  showRobotFaq: boolean;
  showRobotFaqNotFound: boolean;
  robotAnswerNotFoundTip: string;
  welcomeTip: string;
  acceptTip: string;
  reRequestTip: string;
  robotTip: string;
  offlineTip: string;
  closeTip: string;
  autoCloseTip: string;
  nonWorkingTimeTip: string;
  maxQueueCount: number;
  maxQueueCountExceedTip: string;
  maxQueueSeconds: number;
  maxQueueSecondExceedTip: string;
  showTopTip: boolean;
  topTip: string;
  showForm: boolean;
  showCollectMobile: boolean;
  robotCollectMobile: boolean;
  hideLogo: boolean;
  showRightColumn: boolean;
  helpCenterSearch: boolean;
  widgetTicket: boolean;
  allowCall: boolean;
  workTimes: string;
  autoCloseMinutes: number;
  adminId: number | null;
  onDutyWorkgroupId: number | null;
  webhook: string;
  webhookLeaveMessage: string;
  /** Issue 16: builder forms asked before / sent after a chat (row ids, already checked). */
  prechatFormId: number | null;
  afterchatFormId: number | null;
};

const toFlag = (value: boolean | undefined): number | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

// Undefined values are left out by Kysely, so a partial patch only touches what it names.
const toColumns = (values: Partial<WorkgroupValues>) => ({
  nickname: values.nickname,
  avatar: values.avatar,
  description: values.description,
  slogan: values.slogan,
  route_type: values.routeType,
  leave_message_type: values.leaveMessageType,
  recent: toFlag(values.recent),
  default_robot: toFlag(values.defaultRobot),
  offline_robot: toFlag(values.offlineRobot),
  robot_id: values.robotId,
  force_rate: toFlag(values.forceRate),
  auto_pop: toFlag(values.autoPop),
  show_robot_faq: toFlag(values.showRobotFaq),
  show_robot_faq_not_found: toFlag(values.showRobotFaqNotFound),
  robot_answer_not_found_tip: values.robotAnswerNotFoundTip,
  welcome_tip: values.welcomeTip,
  accept_tip: values.acceptTip,
  re_request_tip: values.reRequestTip,
  robot_tip: values.robotTip,
  offline_tip: values.offlineTip,
  close_tip: values.closeTip,
  auto_close_tip: values.autoCloseTip,
  non_working_time_tip: values.nonWorkingTimeTip,
  max_queue_count: values.maxQueueCount,
  max_queue_count_exceed_tip: values.maxQueueCountExceedTip,
  max_queue_seconds: values.maxQueueSeconds,
  max_queue_second_exceed_tip: values.maxQueueSecondExceedTip,
  show_top_tip: toFlag(values.showTopTip),
  top_tip: values.topTip,
  show_form: toFlag(values.showForm),
  show_collect_mobile: toFlag(values.showCollectMobile),
  robot_collect_mobile: toFlag(values.robotCollectMobile),
  hide_logo: toFlag(values.hideLogo),
  show_right_column: toFlag(values.showRightColumn),
  help_center_search: toFlag(values.helpCenterSearch),
  widget_ticket: toFlag(values.widgetTicket),
  allow_call: toFlag(values.allowCall),
  work_times: values.workTimes,
  auto_close_minutes: values.autoCloseMinutes,
  admin_id: values.adminId,
  on_duty_workgroup_id: values.onDutyWorkgroupId,
  webhook: values.webhook,
  webhook_leave_message: values.webhookLeaveMessage,
  prechat_form_id: values.prechatFormId,
  afterchat_form_id: values.afterchatFormId,
});

// A deleted robot, admin or on-duty group reads as "none": the joins only match live rows.
const selectWorkgroup = (db: Executor) =>
  db
    .selectFrom('workgroup')
    .innerJoin('organization', 'organization.id', 'workgroup.org_id')
    .leftJoin('user as robot', (join) =>
      join
        .onRef('robot.id', '=', 'workgroup.robot_id')
        .onRef('robot.org_id', '=', 'workgroup.org_id')
        .on('robot.deleted_at', 'is', null),
    )
    .leftJoin('user as admin', (join) =>
      join
        .onRef('admin.id', '=', 'workgroup.admin_id')
        .onRef('admin.org_id', '=', 'workgroup.org_id')
        .on('admin.deleted_at', 'is', null),
    )
    .leftJoin('chat_form as prechat_form', 'prechat_form.id', 'workgroup.prechat_form_id')
    .leftJoin('chat_form as afterchat_form', 'afterchat_form.id', 'workgroup.afterchat_form_id')
    .leftJoin('workgroup as on_duty', (join) =>
      join
        .onRef('on_duty.id', '=', 'workgroup.on_duty_workgroup_id')
        .onRef('on_duty.org_id', '=', 'workgroup.org_id')
        .on('on_duty.deleted_at', 'is', null),
    )
    .selectAll('workgroup')
    .select([
      'organization.oid as org_oid',
      'organization.sub_domain as org_sub_domain',
      'organization.name as org_name',
      'robot.uid as robot_uid',
      'robot.is_robot as robot_is_robot',
      'admin.uid as admin_uid',
      'admin.username as admin_username',
      'admin.nickname as admin_nickname',
      'admin.real_name as admin_real_name',
      'admin.avatar as admin_avatar',
      'admin.is_robot as admin_is_robot',
      'admin.enabled as admin_enabled',
      'admin.status as admin_status',
      'on_duty.wid as on_duty_wid',
      'prechat_form.fid as prechat_form_fid',
      'afterchat_form.fid as afterchat_form_fid',
    ])
    .where('workgroup.deleted_at', 'is', null);

export type WorkgroupRecord = Awaited<
  ReturnType<ReturnType<typeof selectWorkgroup>['executeTakeFirstOrThrow']>
>;

// lower() on both sides: PostgreSQL's LIKE is case-sensitive and SQLite's is not. `escape` is
// spelt out because SQLite has no default LIKE escape character.
const nicknameContains = (nickname: string) =>
  sql<boolean>`lower(${sql.ref('workgroup.nickname')}) like ${`%${escapeLike(nickname.toLowerCase())}%`} escape '\\'`;

type PageQuery = { page: number; size: number; nickname?: string };

/** `orgId` null: every organisation (platform support view only). */
const pageWith = async (
  db: Executor,
  orgId: number | null,
  query: PageQuery,
): Promise<{ rows: WorkgroupRecord[]; total: number }> => {
  let count = db
    .selectFrom('workgroup')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workgroup.deleted_at', 'is', null);
  let page = selectWorkgroup(db);
  if (orgId !== null) {
    count = count.where('workgroup.org_id', '=', orgId);
    page = page.where('workgroup.org_id', '=', orgId);
  }
  if (query.nickname) {
    count = count.where(nicknameContains(query.nickname));
    page = page.where(nicknameContains(query.nickname));
  }
  const [countRow, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    page
      .orderBy('workgroup.created_at', 'desc')
      .orderBy('workgroup.id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};

/** One page of an organisation's groups, newest first; `nickname` filters by "contains", case-insensitively. */
export const pageWorkgroups = (db: Executor, orgId: number, query: PageQuery) => pageWith(db, orgId, query);

/**
 * Every organisation's groups, newest first. Cross-tenant on purpose: only for the platform
 * staff's support view (GET /api/workgroup/query/force).
 */
export const pageWorkgroupsOfAllOrganizations = (db: Executor, query: PageQuery) => pageWith(db, null, query);

export const listWorkgroups = async (db: Executor, orgId: number): Promise<WorkgroupRecord[]> =>
  selectWorkgroup(db)
    .where('workgroup.org_id', '=', orgId)
    .orderBy('workgroup.created_at', 'desc')
    .orderBy('workgroup.id', 'desc')
    .execute();

export const findWorkgroupByWid = async (
  db: Executor,
  orgId: number,
  wid: string,
): Promise<WorkgroupRecord | undefined> =>
  selectWorkgroup(db)
    .where('workgroup.org_id', '=', orgId)
    .where('workgroup.wid', '=', wid)
    .executeTakeFirst();

/** A live group of the organisation with this nickname (case-insensitive), other than `exceptId`. */
export const findWorkgroupIdByNickname = async (
  db: Executor,
  orgId: number,
  nickname: string,
  exceptId?: number,
): Promise<number | undefined> => {
  let query = db
    .selectFrom('workgroup')
    .select('id')
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`lower(${sql.ref('nickname')}) = ${nickname.toLowerCase()}`);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
};

export const insertWorkgroup = async (
  db: Executor,
  orgId: number,
  wid: string,
  values: Partial<WorkgroupValues> & { nickname: string },
  now: number,
): Promise<number> => {
  const row = await db
    .insertInto('workgroup')
    .values({
      ...toColumns(values),
      nickname: values.nickname,
      wid,
      org_id: orgId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export const updateWorkgroup = async (
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<WorkgroupValues>,
  now: number,
): Promise<void> => {
  await db
    .updateTable('workgroup')
    .set({ ...toColumns(values), updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
};

/** Soft delete; the group's memberships go with it, so no agent lists a deleted group. */
export const softDeleteWorkgroup = async (
  db: Executor,
  orgId: number,
  id: number,
  now: number,
): Promise<void> => {
  await db
    .updateTable('workgroup')
    .set({ deleted_at: now, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('workgroup_member').where('workgroup_id', '=', id).execute();
};

/** Replaces the member set of a group (caller has checked the group and users belong to the org). */
export const replaceWorkgroupMembers = async (
  db: Executor,
  workgroupId: number,
  userIds: number[],
): Promise<void> => {
  await db.deleteFrom('workgroup_member').where('workgroup_id', '=', workgroupId).execute();
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let start = 0; start < userIds.length; start += 200) {
    await db
      .insertInto('workgroup_member')
      .values(
        userIds.slice(start, start + 200).map((userId) => ({ workgroup_id: workgroupId, user_id: userId })),
      )
      .execute();
  }
};

/** Live members of each group, as briefs, ordered by nickname. Deleted accounts are left out. */
export const listMembersOfWorkgroups = async (
  db: Executor,
  workgroupIds: number[],
): Promise<Map<number, UserBrief[]>> => {
  const members = new Map<number, UserBrief[]>();
  if (workgroupIds.length === 0) return members;
  const rows = await db
    .selectFrom('workgroup_member')
    .innerJoin('workgroup', 'workgroup.id', 'workgroup_member.workgroup_id')
    // Same organisation as the group: a stray row can never show another tenant's account.
    .innerJoin('user', (join) =>
      join.onRef('user.id', '=', 'workgroup_member.user_id').onRef('user.org_id', '=', 'workgroup.org_id'),
    )
    .select([
      'workgroup_member.workgroup_id',
      'user.uid',
      'user.username',
      'user.nickname',
      'user.real_name',
      'user.avatar',
      'user.is_robot',
      'user.enabled',
      'user.status',
    ])
    .where('workgroup_member.workgroup_id', 'in', workgroupIds)
    .where('user.deleted_at', 'is', null)
    .orderBy('user.nickname')
    .orderBy('user.id')
    .execute();
  for (const row of rows) {
    const list = members.get(row.workgroup_id) ?? [];
    list.push({
      uid: row.uid,
      username: row.username,
      nickname: row.nickname,
      realName: row.real_name,
      avatar: row.avatar,
      robot: row.is_robot === 1,
      enabled: row.enabled === 1,
      status: row.status as UserStatus,
    });
    members.set(row.workgroup_id, list);
  }
  return members;
};

export type AccountRef = { id: number; uid: string; isRobot: boolean };

/** Live accounts of the organisation among `uids` (unknown, deleted or foreign uids are simply absent). */
export const findAccountsByUids = async (
  db: Executor,
  orgId: number,
  uids: string[],
): Promise<AccountRef[]> => {
  if (uids.length === 0) return [];
  const found: AccountRef[] = [];
  for (let start = 0; start < uids.length; start += 200) {
    const rows = await db
      .selectFrom('user')
      .select(['id', 'uid', 'is_robot'])
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .where('uid', 'in', uids.slice(start, start + 200))
      .execute();
    found.push(...rows.map((row) => ({ id: row.id, uid: row.uid, isRobot: row.is_robot === 1 })));
  }
  return found;
};

/** Conversations of the group that are not finished (neither closed nor offline). */
export const countOpenThreadsOfWorkgroup = async (
  db: Executor,
  orgId: number,
  workgroupId: number,
): Promise<number> => {
  const row = await db
    .selectFrom('thread')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('workgroup_id', '=', workgroupId)
    .where('status', 'not in', finishedThreadStatuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Live groups of the organisation that hand over to `workgroupId` outside their work hours. */
export const listWorkgroupsHandingOverTo = async (
  db: Executor,
  orgId: number,
  workgroupId: number,
): Promise<{ wid: string; nickname: string }[]> =>
  db
    .selectFrom('workgroup')
    .select(['wid', 'nickname'])
    .where('org_id', '=', orgId)
    .where('on_duty_workgroup_id', '=', workgroupId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
