import {
  agentRoleValues,
  toPage,
  type agentCreateBodySchema,
  type Page,
  type RoleBrief,
  type RoleValue,
  type User,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import { normalizeAddress } from '../auth/verification.service.js';
import { findRoleIdsByValues } from '../role/role.repository.js';
import { toUser } from './user.mapper.js';
import {
  findAccountAnywhere,
  findAccountInOrganization,
  isUserKeyTakenByOther,
  type AccountPatch,
  type AccountRow,
} from './user.repository.js';
import {
  findRoleBriefsOfUsers,
  findWorkgroupIdsByWids,
  findWorkgroupsOfMembers,
  findWorkgroupsOfRobots,
} from './user-relations.repository.js';

/* Rules shared by the account services: loading, uniqueness, skill groups, who may change whom. */

/** Attaches roles and skill groups to account rows, two queries for the whole list. */
export const loadUsers = async (db: Executor, rows: AccountRow[]): Promise<User[]> => {
  const agentIds = rows.filter((row) => row.is_robot === 0).map((row) => row.id);
  const robotIds = rows.filter((row) => row.is_robot === 1).map((row) => row.id);
  const [roles, memberships, robotGroups] = await Promise.all([
    findRoleBriefsOfUsers(
      db,
      rows.map((row) => row.id),
    ),
    findWorkgroupsOfMembers(db, agentIds),
    findWorkgroupsOfRobots(db, robotIds),
  ]);
  return rows.map((row) =>
    toUser(
      row,
      roles.get(row.id) ?? [],
      (row.is_robot === 1 ? robotGroups.get(row.id) : memberships.get(row.id)) ?? [],
    ),
  );
};

export const loadUser = async (db: Executor, row: AccountRow): Promise<User> => {
  const [user] = await loadUsers(db, [row]);
  return user;
};

export const loadUserPage = async (
  db: Executor,
  result: { rows: AccountRow[]; total: number },
  paging: { page: number; size: number },
): Promise<Page<User>> => toPage(await loadUsers(db, result.rows), result.total, paging);

/**
 * An administrator account: the organisation's owner, or an account holding any role beyond the
 * agent roles. Organisation admins manage agents and robots, never these.
 */
export const isAdministratorAccount = (row: AccountRow, roles: RoleBrief[]): boolean =>
  row.org_owner_user_id === row.id ||
  roles.some((role) => !(agentRoleValues as readonly RoleValue[]).includes(role.value));

export type TargetKind = 'agent' | 'robot' | 'any';

const notFoundOf = (kind: TargetKind, uid: string) =>
  AppError.notFound(
    kind === 'agent' ? 'user.agentNotFound' : kind === 'robot' ? 'user.robotNotFound' : 'user.notFound',
    { uid },
  );

/**
 * The account a management call acts on. Tenant callers reach their own organisation only: another
 * organisation's uid answers exactly like an unknown one (404), so ids reveal nothing. With
 * `crossTenant`, platform staff reach every organisation. Agent calls refuse robots and vice versa.
 */
export const findTarget = async (
  db: Executor,
  principal: Principal,
  uid: string,
  kind: TargetKind,
  options: { crossTenant?: boolean } = {},
): Promise<AccountRow> => {
  const row =
    options.crossTenant && principal.isPlatformStaff
      ? await findAccountAnywhere(db, uid)
      : await findAccountInOrganization(db, principal.orgId, uid);
  if (!row) throw notFoundOf(kind, uid);
  if (kind === 'agent' && row.is_robot === 1) throw notFoundOf(kind, uid);
  if (kind === 'robot' && row.is_robot === 0) throw notFoundOf(kind, uid);
  return row;
};

/**
 * Tenant callers change agents and robots of their organisation and themselves; an administrator
 * account is changed by platform staff only. Returns the target's roles.
 */
export const assertManageable = async (
  db: Executor,
  principal: Principal,
  row: AccountRow,
): Promise<RoleBrief[]> => {
  const roles = (await findRoleBriefsOfUsers(db, [row.id])).get(row.id) ?? [];
  if (
    !principal.isPlatformStaff &&
    row.id !== principal.userId &&
    row.is_robot === 0 &&
    isAdministratorAccount(row, roles)
  )
    throw AppError.forbidden('user.adminProtected', { username: row.username });
  return roles;
};

/** undefined: leave as is; '': clear; otherwise the address as sign-in looks it up. */
export const normalizeEmail = (value: string | undefined): string | null | undefined =>
  value === undefined ? undefined : value === '' ? null : normalizeAddress('email', value);

export const normalizeMobile = (value: string | undefined): string | null | undefined =>
  value === undefined ? undefined : value === '' ? null : normalizeAddress('mobile', value);

const takenMessages = {
  username: 'user.usernameTaken',
  email: 'user.emailTaken',
  mobile: 'user.mobileTaken',
} as const;

/**
 * 409 naming the field when a username, email or mobile is used by another account. Usernames of
 * deleted accounts stay reserved (history refers to them), and so do their addresses.
 */
export const assertKeysFree = async (
  db: Executor,
  keys: { username?: string; email?: string | null; mobile?: string | null },
  exceptUserId = 0,
): Promise<void> => {
  for (const column of ['username', 'email', 'mobile'] as const) {
    const value = keys[column];
    if (value === undefined || value === null) continue;
    if (await isUserKeyTakenByOther(db, column, value, exceptUserId))
      throw AppError.conflict(takenMessages[column], {
        params: { value },
        fields: [{ field: column, message: 'already used by another account' }],
      });
  }
};

/** Row ids of the caller's organisation's skill groups; 400 naming `workGroups` for any other wid. */
export const resolveWorkgroupIds = async (db: Executor, orgId: number, wids: string[]): Promise<number[]> => {
  const unique = [...new Set(wids)];
  const found = await findWorkgroupIdsByWids(db, orgId, unique);
  const missing = unique.filter((wid) => !found.has(wid));
  if (missing.length > 0)
    throw AppError.badRequest('user.workgroupNotFound', {
      params: { wids: missing.join(', ') },
      fields: [{ field: 'workGroups', message: `unknown skill group: ${missing.join(', ')}` }],
    });
  return unique.map((wid) => found.get(wid) ?? 0);
};

/** Role row ids for role values (every value of the contract is seeded). */
export const findRoleIds = async (db: Executor, values: RoleValue[]): Promise<number[]> => {
  const unique = [...new Set(values)];
  const ids = await findRoleIdsByValues(db, unique);
  return unique.flatMap((value) => {
    const id = ids.get(value);
    return id === undefined ? [] : [id];
  });
};

const flag = (value: boolean | undefined): number | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

export const withoutUndefined = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;

type AgentFields = Partial<
  Omit<z.output<typeof agentCreateBodySchema>, 'username' | 'password' | 'roles' | 'workGroups'>
>;

/** Columns of the agent fields that were sent; email and mobile are normalised by the caller. */
export const agentFieldColumns = (
  body: AgentFields,
  contact: { email: string | null | undefined; mobile: string | null | undefined },
): AccountPatch =>
  withoutUndefined({
    nickname: body.nickname,
    real_name: body.realName,
    avatar: body.avatar,
    email: contact.email,
    mobile: contact.mobile,
    description: body.description,
    welcome_tip: body.welcomeTip,
    offline_tip: body.offlineTip,
    auto_pop: flag(body.autoPop),
    show_top_tip: flag(body.showTopTip),
    top_tip: body.topTip,
    show_form: flag(body.showForm),
    show_collect_mobile: flag(body.showCollectMobile),
    robot_collect_mobile: flag(body.robotCollectMobile),
    hide_logo: flag(body.hideLogo),
    max_thread_count: body.maxThreadCount,
    auto_close_minutes: body.autoCloseMinutes,
    webhook: body.webhook,
    webhook_leave_message: body.webhookLeaveMessage,
    enabled: flag(body.enabled),
  });
