import {
  toPage,
  type accountUpdateBodySchema,
  type adminAccountCreateBodySchema,
  type BalanceLog,
  type balanceLogQuerySchema,
  defaultLanguage,
  type Language,
  type balanceUpdateBodySchema,
  type descriptionBodySchema,
  type Page,
  type renewBodySchema,
  type User,
  type userFilterQuerySchema,
  type validityUpdateBodySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/secrets.js';
import type { Principal } from '../auth/auth.service.js';
import {
  insertOrganization,
  isSubDomainTaken,
  setOrganizationOwner,
} from '../organization/organization.repository.js';
import { createDefaultWorkgroup } from '../workgroup/workgroup.defaults.js';
import {
  assertKeysFree,
  findRoleIds,
  loadUser,
  loadUserPage,
  normalizeEmail,
  normalizeMobile,
  withoutUndefined,
} from './account.rules.js';
import { insertBalanceLog, pageBalanceLogsOfUser, type BalanceLogKind } from './balance-log.repository.js';
import { amountToCents, toBalanceLog } from './user.mapper.js';
import {
  findAccountAnywhere,
  insertAccount,
  pageAccountsAcrossOrganizations,
  updateAccount,
  type AccountRow,
  type AccountTerm,
} from './user.repository.js';
import { findRoleBriefsOfUsers, replaceRolesOfUser } from './user-relations.repository.js';
import { noSessionRevoker, type SessionRevoker } from '../auth/principal-cache.js';

export type AccountService = ReturnType<typeof createAccountService>;

/** A readable, URL-safe tenant key from the account name; the same rule as self-registration. */
const slugify = (value: string): string => {
  const slug = value
    .toLowerCase()
    .replace(/@.*$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24);
  return slug.length >= 3 ? slug : `org-${slug}`.replace(/-+$/, '');
};

/**
 * Platform section → accounts: platform staff see and change accounts of every organisation.
 * Every function here is reached only through requirePlatformStaff routes.
 */
export const createAccountService = (deps: {
  db: Executor;
  now?: () => number;
  sessions?: SessionRevoker;
}) => {
  const { db } = deps;
  const sessions = deps.sessions ?? noSessionRevoker;
  const now = deps.now ?? Date.now;

  const findAny = async (executor: Executor, uid: string): Promise<AccountRow> => {
    const row = await findAccountAnywhere(executor, uid);
    if (!row) throw AppError.notFound('user.notFound', { uid });
    return row;
  };

  const getAny = async (uid: string): Promise<User> => loadUser(db, await findAny(db, uid));

  const termsOf = (query: z.output<typeof userFilterQuerySchema>): AccountTerm[] =>
    (
      [
        ['username', query.username],
        ['nickname', query.nickname],
        ['email', query.email],
        ['mobile', query.mobile],
      ] as const
    ).flatMap(([column, value]) => (value ? [{ columns: [column], value }] : []));

  /** Admin accounts: the owners of organisations, newest first; the filter fields narrow together. */
  const pageAdmins = async (query: z.output<typeof userFilterQuerySchema>): Promise<Page<User>> =>
    loadUserPage(
      db,
      await pageAccountsAcrossOrganizations(
        db,
        { kind: 'owner', terms: termsOf(query), combine: 'and' },
        query,
      ),
      query,
    );

  /** Platform → users: every person account (owners and agents, not robots) of every organisation. */
  const filterAdmins = async (query: z.output<typeof userFilterQuerySchema>): Promise<Page<User>> =>
    loadUserPage(
      db,
      await pageAccountsAcrossOrganizations(
        db,
        { kind: 'agent', terms: termsOf(query), combine: 'and' },
        query,
      ),
      query,
    );

  const pickSubDomain = async (executor: Executor, base: string): Promise<string> => {
    let candidate = base;
    for (let attempt = 0; attempt < 8; attempt += 1) {
      if (!(await isSubDomainTaken(executor, candidate))) return candidate;
      candidate = `${base}-${createPublicId(4)}`;
    }
    return createPublicId(12);
  };

  /**
   * Opens an organisation with its admin account, as registration does (default skill group in the
   * staff member's language included), plus roles and credit.
   */
  const createAdminAccount = async (
    principal: Principal,
    body: z.output<typeof adminAccountCreateBodySchema>,
    language: Language = defaultLanguage,
  ): Promise<User> => {
    const email = normalizeEmail(body.email) ?? null;
    const mobile = normalizeMobile(body.mobile) ?? null;
    await assertKeysFree(db, { username: body.username, email, mobile });
    const roleIds = await findRoleIds(db, body.roles ?? ['ROLE_ADMIN']);
    const passwordHash = await hashPassword(body.password);
    const uid = createPublicId();
    const balanceCents = amountToCents(body.balance ?? 0);
    const validity = body.validateUntilDate ?? null;
    await db.transaction().execute(async (trx) => {
      const time = now();
      const orgId = await insertOrganization(trx, {
        oid: createPublicId(),
        name: body.organization,
        subDomain: await pickSubDomain(trx, slugify(body.username)),
        now: time,
      });
      const userId = await insertAccount(trx, {
        uid,
        orgId,
        now: time,
        values: {
          username: body.username,
          password_hash: passwordHash,
          nickname: body.nickname,
          email,
          mobile,
          balance_cents: balanceCents,
          validate_until_date: validity,
        },
      });
      await replaceRolesOfUser(trx, userId, roleIds);
      await setOrganizationOwner(trx, orgId, userId, time);
      await createDefaultWorkgroup(trx, { orgId, ownerUserId: userId, language, now: time });
      if (balanceCents !== 0 || validity !== null)
        await insertBalanceLog(trx, {
          orgId,
          userId,
          operatorId: principal.userId,
          kind: 'renew',
          amountCents: balanceCents,
          balanceAfterCents: balanceCents,
          validateUntilDate: validity,
          description: '',
          now: time,
        });
    });
    return getAny(uid);
  };

  /** Any account's identity fields and roles (any role value). */
  const updateAnyAccount = async (
    principal: Principal,
    body: z.output<typeof accountUpdateBodySchema>,
  ): Promise<User> => {
    const target = await findAny(db, body.uid);
    if (body.roles && target.id === principal.userId && !body.roles.includes('ROLE_SUPER')) {
      const current = (await findRoleBriefsOfUsers(db, [target.id])).get(target.id) ?? [];
      // Staff would lock themselves out of the platform section they are using.
      if (current.some((role) => role.value === 'ROLE_SUPER'))
        throw AppError.conflict('user.cannotDropOwnPlatformRole');
    }
    const email = normalizeEmail(body.email);
    const mobile = normalizeMobile(body.mobile);
    await assertKeysFree(db, { email, mobile }, target.id);
    const roleIds = body.roles && (await findRoleIds(db, body.roles));
    await db.transaction().execute(async (trx) => {
      await updateAccount(
        trx,
        target.org_id,
        target.id,
        withoutUndefined({
          nickname: body.nickname,
          real_name: body.realName,
          email,
          mobile,
          description: body.description,
        }),
        now(),
      );
      if (roleIds) await replaceRolesOfUser(trx, target.id, roleIds);
    });
    if (roleIds) sessions.forgetUser(target.id);
    return getAny(body.uid);
  };

  /** Sets balance and/or validity and writes the ledger row in the same transaction. */
  const changeCredit = async (
    principal: Principal,
    uid: string,
    kind: BalanceLogKind,
    change: { balance?: number; validateUntilDate?: string; description?: string },
  ): Promise<User> => {
    const orgId = await db.transaction().execute(async (trx) => {
      // Read inside the transaction so the logged amount matches what this change did.
      const target = await findAny(trx, uid);
      const balanceCents =
        change.balance === undefined ? target.balance_cents : amountToCents(change.balance);
      const validity = change.validateUntilDate ?? target.validate_until_date;
      const time = now();
      await updateAccount(
        trx,
        target.org_id,
        target.id,
        { balance_cents: balanceCents, validate_until_date: validity },
        time,
      );
      await insertBalanceLog(trx, {
        orgId: target.org_id,
        userId: target.id,
        operatorId: principal.userId,
        kind,
        amountCents: balanceCents - target.balance_cents,
        balanceAfterCents: balanceCents,
        validateUntilDate: validity,
        description: change.description ?? '',
        now: time,
      });
      return target.org_id;
    });
    // Signed-in users carry their organisation's validity (billing's read-only check): re-read it.
    sessions.forgetOrganization(orgId);
    return getAny(uid);
  };

  const renew = (principal: Principal, body: z.output<typeof renewBodySchema>) =>
    changeCredit(principal, body.uid, 'renew', body);

  const setBalance = (principal: Principal, body: z.output<typeof balanceUpdateBodySchema>) =>
    changeCredit(principal, body.uid, 'balance', body);

  const setValidity = (principal: Principal, body: z.output<typeof validityUpdateBodySchema>) =>
    changeCredit(principal, body.uid, 'validity', body);

  const setDescription = async (body: z.output<typeof descriptionBodySchema>): Promise<User> => {
    const target = await findAny(db, body.uid);
    await updateAccount(db, target.org_id, target.id, { description: body.description }, now());
    return getAny(body.uid);
  };

  const pageBalanceLog = async (query: z.output<typeof balanceLogQuerySchema>): Promise<Page<BalanceLog>> => {
    const target = await findAny(db, query.uid);
    const result = await pageBalanceLogsOfUser(db, target.org_id, target.id, query);
    return toPage(result.rows.map(toBalanceLog), result.total, query);
  };

  return {
    getAny,
    pageAdmins,
    filterAdmins,
    createAdminAccount,
    updateAnyAccount,
    renew,
    setBalance,
    setValidity,
    setDescription,
    pageBalanceLog,
  };
};
