import {
  toPage,
  type AuthorityKey,
  type Page,
  type PageQuery,
  type passwordUpdateBodySchema,
  type Profile,
  type profileUpdateBodySchema,
  type User,
  type UserBrief,
  type UserSettingKey,
  type UserSettings,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/secrets.js';
import { revokeOtherTokensOfUser, revokeTokensOfUser } from '../auth/auth.repository.js';
import type { Principal } from '../auth/auth.service.js';
import { findOrganizationById } from '../organization/organization.repository.js';
import { findActionsOfUser, findRoleDetailsOfUser } from '../role/role.repository.js';
import { assertManageable, findTarget, loadUser, withoutUndefined } from './account.rules.js';
import { toUserBrief, toUserSettings } from './user.mapper.js';
import {
  findAccountById,
  findUserInOrganization,
  pageAccountsOfOrganization,
  updateAccount,
  updateUserPassword,
} from './user.repository.js';
import {
  defaultSettingsRow,
  findSettingsOfUser,
  saveSetting,
  type SettingColumn,
} from './user-settings.repository.js';
import { noSessionRevoker, type SessionRevoker } from '../auth/principal-cache.js';

export type UserService = ReturnType<typeof createUserService>;

const settingColumns: Record<UserSettingKey, SettingColumn> = {
  preview: 'preview',
  connected: 'connected',
  disconnected: 'disconnected',
  historymessages: 'history_messages',
  wechatpay: 'wechat_pay',
  alipay: 'alipay',
};

/** The signed-in user's own account: profile, sign-in record, password, settings, colleagues. */
export const createUserService = (deps: { db: Executor; now?: () => number; sessions?: SessionRevoker }) => {
  const { db } = deps;
  const sessions = deps.sessions ?? noSessionRevoker;
  const now = deps.now ?? Date.now;

  /** Spec §3 "Current user info": always the caller's own record, in the caller's organisation. */
  const getProfile = async (principal: Principal): Promise<Profile> => {
    const [user, organization, roles] = await Promise.all([
      findUserInOrganization(db, principal.orgId, principal.userId),
      findOrganizationById(db, principal.orgId),
      findRoleDetailsOfUser(db, principal.userId),
    ]);
    if (!user || !organization) throw AppError.unauthorized();
    const authorities = new Set<AuthorityKey>(roles.flatMap((role) => role.authorities));
    return {
      uid: user.uid,
      username: user.username,
      nickname: user.nickname,
      avatar: user.avatar,
      email: user.email,
      mobile: user.mobile,
      subDomain: organization.sub_domain,
      balance: user.balance_cents / 100,
      validateUntilDate: user.validate_until_date,
      roles: roles.map((role) => ({
        rid: role.rid,
        value: role.value,
        name: role.name,
        description: role.description,
        authorities: role.authorities,
        permissions: role.permissions,
      })),
      authorities: [...authorities],
      organization: { oid: organization.oid, name: organization.name, subDomain: organization.sub_domain },
      isPlatformStaff: principal.isPlatformStaff,
      isAdminAccount: principal.isAdminAccount,
    };
  };

  const getOwnUser = async (principal: Principal): Promise<User> => {
    const row = await findAccountById(db, principal.orgId, principal.userId);
    // The token resolved a moment ago; a vanished row means the session is no longer valid.
    if (!row) throw AppError.unauthorized();
    return loadUser(db, row);
  };

  /** Called by the console after signing in: remembers when and from which client. */
  const recordLoginSuccess = async (principal: Principal, client: string | undefined): Promise<User> => {
    await updateAccount(
      db,
      principal.orgId,
      principal.userId,
      { last_login_at: now(), last_login_client: client || 'web' },
      now(),
    );
    return getOwnUser(principal);
  };

  const updateProfile = async (
    principal: Principal,
    body: z.output<typeof profileUpdateBodySchema>,
  ): Promise<User> => {
    const patch = withoutUndefined({
      nickname: body.nickname,
      real_name: body.realName,
      avatar: body.avatar,
      description: body.description,
      welcome_tip: body.welcomeTip,
      offline_tip: body.offlineTip,
      auto_reply_type: body.autoReplyType,
      auto_reply_content: body.autoReplyContent,
    });
    await updateAccount(db, principal.orgId, principal.userId, patch, now());
    return getOwnUser(principal);
  };

  /** Own password: the current one must be given; other sessions of the account are signed out. */
  const changeOwnPassword = async (
    principal: Principal,
    oldPassword: string | undefined,
    password: string,
  ) => {
    if (!oldPassword)
      throw AppError.badRequest('user.oldPasswordRequired', {
        fields: [{ field: 'oldPassword', message: 'Required' }],
      });
    const user = await findUserInOrganization(db, principal.orgId, principal.userId);
    if (!user) throw AppError.unauthorized();
    if (!(await verifyPassword(user.password_hash, oldPassword)))
      throw AppError.badRequest('user.oldPasswordWrong', {
        fields: [{ field: 'oldPassword', message: 'does not match the current password' }],
      });
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const time = now();
      await updateUserPassword(trx, principal.orgId, principal.userId, passwordHash, time);
      await revokeOtherTokensOfUser(trx, principal.userId, principal.tokenId, time);
    });
    sessions.forgetUser(principal.userId);
  };

  /**
   * Another account's password, without the old one: an admin of the organisation (kefu.account
   * edit) for its agents, platform staff for any account. The account is signed out everywhere.
   */
  const resetPassword = async (principal: Principal, uid: string, password: string) => {
    if (!principal.isPlatformStaff) {
      const actions = await findActionsOfUser(db, principal.userId, 'kefu.account');
      if (!actions.has('edit'))
        throw AppError.forbidden('error.forbiddenPermission', {
          permissionId: 'kefu.account',
          action: 'edit',
        });
    }
    const target = await findTarget(db, principal, uid, 'agent', { crossTenant: true });
    await assertManageable(db, principal, target);
    const passwordHash = await hashPassword(password);
    await db.transaction().execute(async (trx) => {
      const time = now();
      await updateUserPassword(trx, target.org_id, target.id, passwordHash, time);
      await revokeTokensOfUser(trx, target.id, time);
    });
    sessions.forgetUser(target.id);
  };

  const updatePassword = async (
    principal: Principal,
    body: z.output<typeof passwordUpdateBodySchema>,
  ): Promise<void> => {
    if (!body.uid || body.uid === principal.uid)
      return changeOwnPassword(principal, body.oldPassword, body.password);
    return resetPassword(principal, body.uid, body.password);
  };

  const getSettings = async (principal: Principal): Promise<UserSettings> =>
    toUserSettings((await findSettingsOfUser(db, principal.userId)) ?? defaultSettingsRow);

  const setSetting = async (
    principal: Principal,
    key: UserSettingKey,
    isOn: boolean,
  ): Promise<UserSettings> => {
    await saveSetting(db, principal.userId, settingColumns[key], isOn, now());
    return getSettings(principal);
  };

  /** Colleagues: the organisation's people (robots excluded) other than the caller. */
  const pageContacts = async (principal: Principal, paging: PageQuery): Promise<Page<UserBrief>> => {
    const result = await pageAccountsOfOrganization(
      db,
      principal.orgId,
      { kind: 'agent', excludeUserId: principal.userId },
      paging,
    );
    return toPage(result.rows.map(toUserBrief), result.total, paging);
  };

  return {
    getProfile,
    getOwnUser,
    recordLoginSuccess,
    updateProfile,
    updatePassword,
    getSettings,
    setSetting,
    pageContacts,
  };
};
