import {
  toPage,
  type AgentStatus,
  type agentCreateBodySchema,
  type agentStatusQuerySchema,
  type agentUpdateBodySchema,
  type onlineSubQuerySchema,
  type Page,
  type PageQuery,
  type User,
  type UserBrief,
  type userFilterQuerySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/secrets.js';
import { revokeTokensOfUser } from '../auth/auth.repository.js';
import type { Principal } from '../auth/auth.service.js';
import { findOrganizationById } from '../organization/organization.repository.js';
import {
  agentFieldColumns,
  assertKeysFree,
  assertManageable,
  findRoleIds,
  findTarget,
  isAdministratorAccount,
  loadUser,
  loadUserPage,
  normalizeEmail,
  normalizeMobile,
  resolveWorkgroupIds,
} from './account.rules.js';
import { toAgentStatus, toUserBrief } from './user.mapper.js';
import {
  findAccountInOrganization,
  findOrganizationIdBySubDomain,
  insertAccount,
  listAccountsOfOrganization,
  markAccountDeleted,
  pageAccountsOfOrganization,
  updateAccount,
  type AccountRow,
  type AccountTerm,
} from './user.repository.js';
import {
  countOpenThreadsOfAgents,
  findWorkgroupsOfMembers,
  replaceMembershipsOfUser,
  replaceRolesOfUser,
  replaceWorkgroupsOfRobot,
} from './user-relations.repository.js';
import { noSessionRevoker, type SessionRevoker } from '../auth/principal-cache.js';

export type AgentService = ReturnType<typeof createAgentService>;

const term = (columns: AccountTerm['columns'], value: string | undefined): AccountTerm[] =>
  value ? [{ columns, value }] : [];

/**
 * An organisation's people (agents, and its admins as colleagues) and the lifecycle every
 * managed account shares with robots: enable, disable, delete.
 */
export const createAgentService = (deps: { db: Executor; now?: () => number; sessions?: SessionRevoker }) => {
  const { db } = deps;
  const sessions = deps.sessions ?? noSessionRevoker;
  const now = deps.now ?? Date.now;

  /** Re-reads an account after a change, in the organisation it was found in. */
  const reload = async (row: AccountRow): Promise<User> => {
    const fresh = await findAccountInOrganization(db, row.org_id, row.uid);
    if (!fresh) throw AppError.notFound('user.notFound', { uid: row.uid });
    return loadUser(db, fresh);
  };

  /** Agents page with the filter form's fields, each "contains", all of them together. */
  const page = async (
    principal: Principal,
    query: z.output<typeof userFilterQuerySchema>,
  ): Promise<Page<User>> => {
    const terms = [
      ...term(['real_name'], query.realName),
      ...term(['username'], query.username),
      ...term(['nickname'], query.nickname),
      ...term(['email'], query.email),
      ...term(['mobile'], query.mobile),
    ];
    const result = await pageAccountsOfOrganization(
      db,
      principal.orgId,
      { kind: 'agent', terms, combine: 'and' },
      query,
    );
    return loadUserPage(db, result, query);
  };

  const pageOnline = async (principal: Principal, paging: PageQuery): Promise<Page<User>> =>
    loadUserPage(
      db,
      await pageAccountsOfOrganization(db, principal.orgId, { kind: 'agent', online: true }, paging),
      paging,
    );

  /** Online agents of an organisation named by subDomain: one's own, or any for platform staff. */
  const pageOnlineOfSubDomain = async (
    principal: Principal,
    query: z.output<typeof onlineSubQuerySchema>,
  ): Promise<Page<User>> => {
    let orgId: number | undefined;
    if (principal.isPlatformStaff) orgId = await findOrganizationIdBySubDomain(db, query.subDomain);
    else {
      const own = await findOrganizationById(db, principal.orgId);
      // Another organisation's subDomain answers like an unknown one.
      orgId = own?.sub_domain === query.subDomain ? own.id : undefined;
    }
    if (orgId === undefined)
      throw AppError.notFound('user.organizationNotFound', { subDomain: query.subDomain });
    return loadUserPage(
      db,
      await pageAccountsOfOrganization(db, orgId, { kind: 'agent', online: true }, query),
      query,
    );
  };

  /** Search box: `realName` matches the real name or the nickname, `nickname` the nickname; any may match. */
  const filterByName = async (
    principal: Principal,
    query: z.output<typeof userFilterQuerySchema>,
  ): Promise<Page<User>> => {
    const terms = [...term(['real_name', 'nickname'], query.realName), ...term(['nickname'], query.nickname)];
    const result = await pageAccountsOfOrganization(
      db,
      principal.orgId,
      { kind: 'agent', terms, combine: 'or' },
      query,
    );
    return loadUserPage(db, result, query);
  };

  /** Search box over email and mobile; either may match. */
  const filterByContact = async (
    principal: Principal,
    query: z.output<typeof userFilterQuerySchema>,
  ): Promise<Page<User>> => {
    const terms = [...term(['email'], query.email), ...term(['mobile'], query.mobile)];
    const result = await pageAccountsOfOrganization(
      db,
      principal.orgId,
      { kind: 'agent', terms, combine: 'or' },
      query,
    );
    return loadUserPage(db, result, query);
  };

  /** One agent or robot of the caller's organisation. */
  const get = async (principal: Principal, uid: string): Promise<User> =>
    loadUser(db, await findTarget(db, principal, uid, 'any'));

  /** Every agent of the organisation, for pickers (skill-group members, transfer targets). */
  const listBriefs = async (principal: Principal): Promise<UserBrief[]> =>
    (await listAccountsOfOrganization(db, principal.orgId, { kind: 'agent' })).map(toUserBrief);

  /** Agent status page: status, auto-reply, capacity and open conversations of each agent. */
  const pageStatus = async (
    principal: Principal,
    query: z.output<typeof agentStatusQuerySchema>,
  ): Promise<Page<AgentStatus>> => {
    const result = await pageAccountsOfOrganization(
      db,
      principal.orgId,
      {
        kind: 'agent',
        online: query.status === undefined ? undefined : query.status === 'online',
        wid: query.wid || undefined,
        terms: term(['nickname'], query.nickname),
      },
      query,
    );
    const ids = result.rows.map((row) => row.id);
    const [groups, openCounts] = await Promise.all([
      findWorkgroupsOfMembers(db, ids),
      countOpenThreadsOfAgents(db, principal.orgId, ids),
    ]);
    return toPage(
      result.rows.map((row) => toAgentStatus(row, groups.get(row.id) ?? [], openCounts.get(row.id) ?? 0)),
      result.total,
      query,
    );
  };

  const create = async (
    principal: Principal,
    body: z.output<typeof agentCreateBodySchema>,
  ): Promise<User> => {
    const email = normalizeEmail(body.email) ?? null;
    const mobile = normalizeMobile(body.mobile) ?? null;
    await assertKeysFree(db, { username: body.username, email, mobile });
    const workgroupIds = await resolveWorkgroupIds(db, principal.orgId, body.workGroups ?? []);
    const roleIds = await findRoleIds(db, body.roles ?? ['ROLE_WORKGROUP_AGENT']);
    const passwordHash = await hashPassword(body.password);
    const uid = createPublicId();
    await db.transaction().execute(async (trx) => {
      const userId = await insertAccount(trx, {
        uid,
        orgId: principal.orgId,
        now: now(),
        values: {
          ...agentFieldColumns(body, { email, mobile }),
          username: body.username,
          password_hash: passwordHash,
          nickname: body.nickname,
        },
      });
      await replaceRolesOfUser(trx, userId, roleIds);
      await replaceMembershipsOfUser(trx, userId, workgroupIds);
    });
    return get(principal, uid);
  };

  const update = async (
    principal: Principal,
    body: z.output<typeof agentUpdateBodySchema>,
  ): Promise<User> => {
    const target = await findTarget(db, principal, body.uid, 'agent');
    const roles = await assertManageable(db, principal, target);
    const isSelf = target.id === principal.userId;
    if (body.enabled === false && isSelf) throw AppError.conflict('user.cannotDisableSelf');
    // This form only knows agent roles: applied to an administrator it would demote the account.
    if (body.roles && isAdministratorAccount(target, roles))
      throw isSelf
        ? AppError.forbidden('user.ownRolesProtected')
        : AppError.forbidden('user.adminProtected', { username: target.username });
    const email = normalizeEmail(body.email);
    const mobile = normalizeMobile(body.mobile);
    await assertKeysFree(db, { email, mobile }, target.id);
    const workgroupIds = body.workGroups && (await resolveWorkgroupIds(db, target.org_id, body.workGroups));
    const roleIds = body.roles && (await findRoleIds(db, body.roles));
    await db.transaction().execute(async (trx) => {
      const time = now();
      await updateAccount(trx, target.org_id, target.id, agentFieldColumns(body, { email, mobile }), time);
      if (roleIds) await replaceRolesOfUser(trx, target.id, roleIds);
      if (workgroupIds) await replaceMembershipsOfUser(trx, target.id, workgroupIds);
      if (body.enabled === false) await revokeTokensOfUser(trx, target.id, time);
    });
    if (roleIds || body.enabled !== undefined) sessions.forgetUser(target.id);
    return reload(target);
  };

  /**
   * Enables or disables an agent or robot. Disabling signs the account out at once (its tokens are
   * revoked), and re-enabling does not bring old sessions back.
   */
  const setEnabled = async (principal: Principal, uid: string, isEnabled: boolean): Promise<User> => {
    const target = await findTarget(db, principal, uid, 'any', { crossTenant: true });
    if (!isEnabled && target.id === principal.userId) throw AppError.conflict('user.cannotDisableSelf');
    await assertManageable(db, principal, target);
    await db.transaction().execute(async (trx) => {
      const time = now();
      await updateAccount(trx, target.org_id, target.id, { enabled: isEnabled ? 1 : 0 }, time);
      if (!isEnabled) await revokeTokensOfUser(trx, target.id, time);
    });
    sessions.forgetUser(target.id);
    return reload(target);
  };

  /**
   * Soft delete: the row stays (conversations and the ledger refer to it) but the account leaves
   * every list, its skill groups and its sessions. Refused while it still has open conversations.
   */
  const remove = async (principal: Principal, uid: string, kind: 'agent' | 'robot'): Promise<void> => {
    const target = await findTarget(db, principal, uid, kind, { crossTenant: true });
    if (target.id === principal.userId) throw AppError.conflict('user.cannotDeleteSelf');
    await assertManageable(db, principal, target);
    if (target.org_owner_user_id === target.id)
      throw AppError.conflict('user.cannotDeleteOwner', {
        params: { username: target.username, organization: target.org_name },
      });
    await db.transaction().execute(async (trx) => {
      const time = now();
      // Counted inside the transaction so a conversation assigned meanwhile is not orphaned.
      const open = (await countOpenThreadsOfAgents(trx, target.org_id, [target.id])).get(target.id) ?? 0;
      if (open > 0)
        throw AppError.conflict('user.hasOpenThreads', {
          params: { username: target.username, count: open },
        });
      await markAccountDeleted(trx, target.org_id, target.id, time);
      await replaceMembershipsOfUser(trx, target.id, []);
      if (target.is_robot === 1) await replaceWorkgroupsOfRobot(trx, target.org_id, target.id, [], time);
      await revokeTokensOfUser(trx, target.id, time);
    });
    sessions.forgetUser(target.id);
  };

  return {
    page,
    pageOnline,
    pageOnlineOfSubDomain,
    filterByName,
    filterByContact,
    get,
    listBriefs,
    pageStatus,
    create,
    update,
    setEnabled,
    remove,
  };
};
