import type { RoleBrief, RoleValue, WorkgroupBrief } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';

/*
 * What hangs off an account: its roles, the skill groups it belongs to (agents) or answers for
 * (robots), and its open conversations. Lookups by user id take ids that the caller already
 * resolved inside the organisation; lookups by public id (wid) take the organisation.
 */

/** Conversation states that count as finished: anything else keeps an agent busy. */
export const finishedThreadStatuses = ['closed', 'offline'] as const;

const groupBy = <T>(rows: T[], key: (row: T) => number): Map<number, T[]> => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
};

export const findRoleBriefsOfUsers = async (
  db: Executor,
  userIds: number[],
): Promise<Map<number, RoleBrief[]>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select(['user_role.user_id', 'role.rid', 'role.value', 'role.name'])
    .where('user_role.user_id', 'in', userIds)
    .orderBy('role.id')
    .execute();
  const grouped = groupBy(rows, (row) => row.user_id);
  return new Map(
    [...grouped].map(([userId, list]) => [
      userId,
      list.map((row) => ({ rid: row.rid, value: row.value as RoleValue, name: row.name })),
    ]),
  );
};

/** Replaces the roles of one user (role values are platform-wide definitions). */
export const replaceRolesOfUser = async (db: Executor, userId: number, roleIds: number[]): Promise<void> => {
  await db.deleteFrom('user_role').where('user_id', '=', userId).execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto('user_role')
    .values(roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })))
    .execute();
};

/** Skill groups each agent is a member of (live groups only). */
export const findWorkgroupsOfMembers = async (
  db: Executor,
  userIds: number[],
): Promise<Map<number, WorkgroupBrief[]>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('workgroup_member')
    .innerJoin('workgroup', 'workgroup.id', 'workgroup_member.workgroup_id')
    .innerJoin('user', 'user.id', 'workgroup_member.user_id')
    .select(['workgroup_member.user_id', 'workgroup.wid', 'workgroup.nickname'])
    .where('workgroup_member.user_id', 'in', userIds)
    .where('workgroup.deleted_at', 'is', null)
    // A membership never crosses organisations; checked here as well as when it is written.
    .whereRef('workgroup.org_id', '=', 'user.org_id')
    .orderBy('workgroup.nickname')
    .orderBy('workgroup.id')
    .execute();
  const grouped = groupBy(rows, (row) => row.user_id);
  return new Map(
    [...grouped].map(([userId, list]) => [
      userId,
      list.map((row) => ({ wid: row.wid, nickname: row.nickname })),
    ]),
  );
};

/** Skill groups each robot answers for (`workgroup.robot_id`). */
export const findWorkgroupsOfRobots = async (
  db: Executor,
  robotIds: number[],
): Promise<Map<number, WorkgroupBrief[]>> => {
  if (robotIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('workgroup')
    .innerJoin('user', 'user.id', 'workgroup.robot_id')
    .select(['workgroup.robot_id', 'workgroup.wid', 'workgroup.nickname'])
    .where('workgroup.robot_id', 'in', robotIds)
    .where('workgroup.deleted_at', 'is', null)
    .whereRef('workgroup.org_id', '=', 'user.org_id')
    .orderBy('workgroup.nickname')
    .orderBy('workgroup.id')
    .execute();
  const grouped = groupBy(rows, (row) => row.robot_id ?? 0);
  return new Map(
    [...grouped].map(([robotId, list]) => [
      robotId,
      list.map((row) => ({ wid: row.wid, nickname: row.nickname })),
    ]),
  );
};

/** Row ids of the organisation's live skill groups with these wids; unknown wids are absent. */
export const findWorkgroupIdsByWids = async (
  db: Executor,
  orgId: number,
  wids: string[],
): Promise<Map<string, number>> => {
  if (wids.length === 0) return new Map();
  const rows = await db
    .selectFrom('workgroup')
    .select(['id', 'wid'])
    .where('org_id', '=', orgId)
    .where('wid', 'in', wids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.wid, row.id]));
};

/** Makes an agent a member of exactly these skill groups (ids resolved in its organisation). */
export const replaceMembershipsOfUser = async (
  db: Executor,
  userId: number,
  workgroupIds: number[],
): Promise<void> => {
  await db.deleteFrom('workgroup_member').where('user_id', '=', userId).execute();
  if (workgroupIds.length === 0) return;
  await db
    .insertInto('workgroup_member')
    .values(workgroupIds.map((workgroupId) => ({ workgroup_id: workgroupId, user_id: userId })))
    .execute();
};

/** Makes a robot the robot of exactly these skill groups of its organisation. */
export const replaceWorkgroupsOfRobot = async (
  db: Executor,
  orgId: number,
  robotId: number,
  workgroupIds: number[],
  now: number,
): Promise<void> => {
  let release = db
    .updateTable('workgroup')
    .set({ robot_id: null, updated_at: now })
    .where('org_id', '=', orgId)
    .where('robot_id', '=', robotId);
  if (workgroupIds.length > 0) release = release.where('id', 'not in', workgroupIds);
  await release.execute();
  if (workgroupIds.length === 0) return;
  await db
    .updateTable('workgroup')
    .set({ robot_id: robotId, updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', 'in', workgroupIds)
    .execute();
};

/** Open conversations per agent of one organisation. */
export const countOpenThreadsOfAgents = async (
  db: Executor,
  orgId: number,
  userIds: number[],
): Promise<Map<number, number>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('thread')
    .select((eb) => ['agent_id', eb.fn.countAll<number>().as('count')])
    .where('org_id', '=', orgId)
    .where('agent_id', 'in', userIds)
    .where('status', 'not in', [...finishedThreadStatuses])
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((row) => [row.agent_id ?? 0, Number(row.count)]));
};
