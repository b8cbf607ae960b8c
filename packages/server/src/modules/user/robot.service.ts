import type {
  Page,
  PageQuery,
  RobotType,
  robotCreateBodySchema,
  robotUpdateBodySchema,
  User,
  UserBrief,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import {
  findRoleIds,
  findTarget,
  loadUser,
  loadUserPage,
  resolveWorkgroupIds,
  withoutUndefined,
} from './account.rules.js';
import { toUserBrief } from './user.mapper.js';
import {
  findAccountInOrganization,
  insertAccount,
  listAccountsOfOrganization,
  pageAccountsOfOrganization,
  updateAccount,
} from './user.repository.js';
import { replaceRolesOfUser, replaceWorkgroupsOfRobot } from './user-relations.repository.js';

export type RobotService = ReturnType<typeof createRobotService>;

/**
 * Never a valid argon2 hash, so no password ever verifies against it: robots answer visitors but
 * never sign in (the token endpoint refuses them as well).
 */
const robotPasswordHash = '!robot';

/** The update body with `robotType` optional: the create schema's default must not reset it. */
export type RobotUpdate = Omit<z.output<typeof robotUpdateBodySchema>, 'robotType'> & {
  robotType?: RobotType;
};

/** Robot accounts of an organisation (is_robot = 1): they answer for skill groups. */
export const createRobotService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const page = async (principal: Principal, paging: PageQuery): Promise<Page<User>> =>
    loadUserPage(
      db,
      await pageAccountsOfOrganization(db, principal.orgId, { kind: 'robot' }, paging),
      paging,
    );

  const listBriefs = async (principal: Principal): Promise<UserBrief[]> =>
    (await listAccountsOfOrganization(db, principal.orgId, { kind: 'robot' })).map(toUserBrief);

  const getRobot = async (principal: Principal, uid: string): Promise<User> => {
    const row = await findAccountInOrganization(db, principal.orgId, uid);
    if (!row || row.is_robot !== 1) throw AppError.notFound('user.robotNotFound', { uid });
    return loadUser(db, row);
  };

  const create = async (
    principal: Principal,
    body: z.output<typeof robotCreateBodySchema>,
  ): Promise<User> => {
    const workgroupIds = await resolveWorkgroupIds(db, principal.orgId, body.workGroups ?? []);
    const roleIds = await findRoleIds(db, ['ROLE_ROBOT']);
    const uid = createPublicId();
    await db.transaction().execute(async (trx) => {
      const time = now();
      const robotId = await insertAccount(trx, {
        uid,
        orgId: principal.orgId,
        now: time,
        values: {
          // Usernames are unique platform-wide; a robot's is generated and never used to sign in.
          username: `robot-${uid}`,
          password_hash: robotPasswordHash,
          nickname: body.nickname,
          avatar: body.avatar ?? '',
          description: body.description ?? '',
          welcome_tip: body.welcomeTip ?? '',
          robot_type: body.robotType,
          is_robot: 1,
          // A robot is always available to answer.
          status: 'online',
        },
      });
      await replaceRolesOfUser(trx, robotId, roleIds);
      await replaceWorkgroupsOfRobot(trx, principal.orgId, robotId, workgroupIds, time);
    });
    return getRobot(principal, uid);
  };

  const update = async (principal: Principal, body: RobotUpdate): Promise<User> => {
    const target = await findTarget(db, principal, body.uid, 'robot');
    const workgroupIds = body.workGroups && (await resolveWorkgroupIds(db, target.org_id, body.workGroups));
    await db.transaction().execute(async (trx) => {
      const time = now();
      await updateAccount(
        trx,
        target.org_id,
        target.id,
        withoutUndefined({
          nickname: body.nickname,
          avatar: body.avatar,
          description: body.description,
          welcome_tip: body.welcomeTip,
          robot_type: body.robotType,
        }),
        time,
      );
      if (workgroupIds) await replaceWorkgroupsOfRobot(trx, target.org_id, target.id, workgroupIds, time);
    });
    return getRobot(principal, body.uid);
  };

  return { page, listBriefs, create, update };
};
