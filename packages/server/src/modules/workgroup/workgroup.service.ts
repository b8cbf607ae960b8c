import {
  defaultLanguage,
  toPage,
  type Language,
  type LeaveMessageType,
  type Page,
  type RouteType,
  type UserStatus,
  type Workgroup,
  type WorkgroupOfOrganization,
  type workgroupCreateBodySchema,
  type workgroupFilterQuerySchema,
  type workgroupUpdateBodySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { publishedFormIdOf } from '../form/form.uses.js';
import { withPlatformTips } from '../platform/greeting/greeting.service.js';
import {
  countOpenThreadsOfWorkgroup,
  findAccountsByUids,
  findWorkgroupByWid,
  findWorkgroupIdByNickname,
  insertWorkgroup,
  listMembersOfWorkgroups,
  listWorkgroups,
  listWorkgroupsHandingOverTo,
  pageWorkgroups,
  pageWorkgroupsOfAllOrganizations,
  replaceWorkgroupMembers,
  softDeleteWorkgroup,
  updateWorkgroup,
  type WorkgroupRecord,
  type WorkgroupValues,
} from './workgroup.repository.js';

export type WorkgroupCreateInput = z.output<typeof workgroupCreateBodySchema>;
export type WorkgroupUpdateInput = z.output<typeof workgroupUpdateBodySchema>;
type WorkgroupPatch = Partial<WorkgroupCreateInput>;
type FilterQuery = z.output<typeof workgroupFilterQuerySchema>;

export type WorkgroupService = ReturnType<typeof createWorkgroupService>;

const toWorkgroup = (record: WorkgroupRecord, members: Map<number, Workgroup['users']>): Workgroup => ({
  wid: record.wid,
  nickname: record.nickname,
  avatar: record.avatar,
  description: record.description,
  slogan: record.slogan,
  routeType: record.route_type as RouteType,
  leaveMessageType: record.leave_message_type as LeaveMessageType,
  recent: record.recent === 1,
  defaultRobot: record.default_robot === 1,
  offlineRobot: record.offline_robot === 1,
  robotUid: record.robot_uid,
  forceRate: record.force_rate === 1,
  autoPop: record.auto_pop === 1,
  showRobotFaq: record.show_robot_faq === 1,
  showRobotFaqNotFound: record.show_robot_faq_not_found === 1,
  robotAnswerNotFoundTip: record.robot_answer_not_found_tip,
  welcomeTip: record.welcome_tip,
  acceptTip: record.accept_tip,
  reRequestTip: record.re_request_tip,
  robotTip: record.robot_tip,
  offlineTip: record.offline_tip,
  closeTip: record.close_tip,
  autoCloseTip: record.auto_close_tip,
  nonWorkingTimeTip: record.non_working_time_tip,
  maxQueueCount: record.max_queue_count,
  maxQueueCountExceedTip: record.max_queue_count_exceed_tip,
  maxQueueSeconds: record.max_queue_seconds,
  maxQueueSecondExceedTip: record.max_queue_second_exceed_tip,
  showTopTip: record.show_top_tip === 1,
  topTip: record.top_tip,
  showForm: record.show_form === 1,
  preChatForm: record.prechat_form_fid,
  afterChatForm: record.afterchat_form_fid,
  showCollectMobile: record.show_collect_mobile === 1,
  robotCollectMobile: record.robot_collect_mobile === 1,
  hideLogo: record.hide_logo === 1,
  showRightColumn: record.show_right_column === 1,
  helpCenterSearch: record.help_center_search === 1,
  widgetTicket: record.widget_ticket === 1,
  allowCall: record.allow_call === 1,
  workTimes: record.work_times,
  autoCloseMinutes: record.auto_close_minutes,
  users: members.get(record.id) ?? [],
  admin:
    record.admin_uid === null
      ? null
      : {
          uid: record.admin_uid,
          username: record.admin_username ?? '',
          nickname: record.admin_nickname ?? '',
          realName: record.admin_real_name ?? '',
          avatar: record.admin_avatar ?? '',
          robot: record.admin_is_robot === 1,
          enabled: record.admin_enabled === 1,
          status: (record.admin_status ?? 'offline') as UserStatus,
        },
  onDutyWorkGroupWid: record.on_duty_wid,
  webhook: record.webhook,
  webhookLeaveMessage: record.webhook_leave_message,
  createdAt: record.created_at,
  updatedAt: record.updated_at,
});

/** '' and null both mean "none" for the optional references of the contract. */
const isCleared = (value: string | null | undefined): value is '' | null => value === '' || value === null;

const badField = (
  messageKey: Parameters<typeof AppError.badRequest>[0],
  field: string,
  message: string,
  params: Record<string, string | number> = {},
) => AppError.badRequest(messageKey, { params, fields: [{ field, message }] });

export const createWorkgroupService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const withMembers = async (executor: Executor, records: WorkgroupRecord[]): Promise<Workgroup[]> => {
    const members = await listMembersOfWorkgroups(
      executor,
      records.map((record) => record.id),
    );
    return records.map((record) => toWorkgroup(record, members));
  };

  const getRecordOrThrow = async (
    executor: Executor,
    principal: Principal,
    wid: string,
  ): Promise<WorkgroupRecord> => {
    // Another organisation's wid reads as missing: its existence is not disclosed.
    const record = await findWorkgroupByWid(executor, principal.orgId, wid);
    if (!record) throw AppError.notFound('workgroup.notFound', { wid });
    return record;
  };

  const getOrThrow = async (principal: Principal, wid: string): Promise<Workgroup> => {
    const [workgroup] = await withMembers(db, [await getRecordOrThrow(db, principal, wid)]);
    return workgroup;
  };

  /**
   * Checks the references of a create (no `current`) or an update and turns the contract's
   * fields into column values. Runs inside the write's transaction, so what it checked is what
   * gets written.
   */
  const resolve = async (
    trx: Executor,
    principal: Principal,
    input: WorkgroupPatch,
    current?: WorkgroupRecord,
  ): Promise<{ values: Partial<WorkgroupValues>; memberIds?: number[] }> => {
    const { orgId } = principal;
    const { users, robotUid, admin, onDutyWorkGroupWid, preChatForm, afterChatForm, ...plain } = input;
    const values: Partial<WorkgroupValues> = { ...plain };
    // Issue 16: a published builder form of the organisation (forms module), or none.
    if (preChatForm !== undefined)
      values.prechatFormId = isCleared(preChatForm)
        ? null
        : await publishedFormIdOf(trx, orgId, preChatForm, 'preChatForm');
    if (afterChatForm !== undefined)
      values.afterchatFormId = isCleared(afterChatForm)
        ? null
        : await publishedFormIdOf(trx, orgId, afterChatForm, 'afterChatForm');

    if (input.nickname !== undefined) {
      if ((await findWorkgroupIdByNickname(trx, orgId, input.nickname, current?.id)) !== undefined) {
        throw AppError.conflict('workgroup.nicknameTaken', {
          params: { nickname: input.nickname },
          fields: [{ field: 'nickname', message: 'already used by another skill group' }],
        });
      }
    }

    let memberIds: number[] | undefined;
    if (users !== undefined) {
      const uids = [...new Set(users)];
      const found = new Map((await findAccountsByUids(trx, orgId, uids)).map((row) => [row.uid, row]));
      const bad = uids.filter((uid) => {
        const account = found.get(uid);
        return !account || account.isRobot;
      });
      if (bad.length > 0) {
        throw badField(
          'workgroup.badMembers',
          'users',
          `not agents of this organisation: ${bad.join(', ')}`,
          {
            uids: bad.join(', '),
          },
        );
      }
      memberIds = uids.map((uid) => found.get(uid)?.id ?? 0);
    }

    if (robotUid !== undefined) {
      if (isCleared(robotUid)) values.robotId = null;
      else {
        const [robot] = await findAccountsByUids(trx, orgId, [robotUid]);
        if (!robot?.isRobot)
          throw badField('workgroup.badRobot', 'robotUid', 'not a robot of this organisation', {
            uid: robotUid,
          });
        values.robotId = robot.id;
      }
    }

    if (admin !== undefined) {
      if (isCleared(admin)) values.adminId = null;
      else {
        const [account] = await findAccountsByUids(trx, orgId, [admin]);
        if (!account || account.isRobot)
          throw badField('workgroup.badAdmin', 'admin', 'not an agent of this organisation', { uid: admin });
        values.adminId = account.id;
      }
    }

    if (onDutyWorkGroupWid !== undefined) {
      if (isCleared(onDutyWorkGroupWid)) values.onDutyWorkgroupId = null;
      else {
        if (current && onDutyWorkGroupWid === current.wid)
          throw badField('workgroup.onDutySelf', 'onDutyWorkGroupWid', 'cannot be the group itself');
        const onDuty = await findWorkgroupByWid(trx, orgId, onDutyWorkGroupWid);
        if (!onDuty)
          throw badField('workgroup.badOnDuty', 'onDutyWorkGroupWid', 'no such skill group', {
            wid: onDutyWorkGroupWid,
          });
        values.onDutyWorkgroupId = onDuty.id;
      }
    }

    // Checked only when the write touches the robot settings: a group whose robot was deleted
    // later can still be renamed, and turning the robot on without one is refused.
    const touchesRobot =
      input.defaultRobot !== undefined || input.offlineRobot !== undefined || robotUid !== undefined;
    if (touchesRobot) {
      const isDefaultOn = input.defaultRobot ?? current?.default_robot === 1;
      const isOfflineOn = input.offlineRobot ?? current?.offline_robot === 1;
      const hasRobot =
        values.robotId !== undefined
          ? values.robotId !== null
          : current?.robot_uid != null && current.robot_is_robot === 1;
      if ((isDefaultOn || isOfflineOn) && !hasRobot) {
        const field =
          input.defaultRobot === true
            ? 'defaultRobot'
            : input.offlineRobot === true
              ? 'offlineRobot'
              : 'robotUid';
        throw badField('workgroup.robotRequired', field, 'choose a robot (robotUid) first');
      }
    }

    return { values, memberIds };
  };

  const page = async (principal: Principal, query: FilterQuery): Promise<Page<Workgroup>> => {
    const { rows, total } = await pageWorkgroups(db, principal.orgId, query);
    return toPage(await withMembers(db, rows), total, query);
  };

  /** Platform staff's support view across organisations; the route guards who may call it. */
  const pageAllOrganizations = async (query: FilterQuery): Promise<Page<WorkgroupOfOrganization>> => {
    const { rows, total } = await pageWorkgroupsOfAllOrganizations(db, query);
    const workgroups = await withMembers(db, rows);
    return toPage(
      workgroups.map((workgroup, index) => ({
        ...workgroup,
        organization: {
          oid: rows[index].org_oid,
          name: rows[index].org_name,
          subDomain: rows[index].org_sub_domain,
        },
      })),
      total,
      query,
    );
  };

  const listAll = async (principal: Principal): Promise<Workgroup[]> =>
    withMembers(db, await listWorkgroups(db, principal.orgId));

  /** `language`: the creator's; tips left empty take the platform's defaults in it (platform → greetings). */
  const create = async (
    principal: Principal,
    body: WorkgroupCreateInput,
    language: Language = defaultLanguage,
  ): Promise<Workgroup> => {
    const wid = createPublicId();
    const input = await withPlatformTips(db, language, body);
    await db.transaction().execute(async (trx) => {
      const { values, memberIds } = await resolve(trx, principal, input);
      const id = await insertWorkgroup(
        trx,
        principal.orgId,
        wid,
        { ...values, nickname: input.nickname },
        now(),
      );
      if (memberIds) await replaceWorkgroupMembers(trx, id, memberIds);
    });
    return getOrThrow(principal, wid);
  };

  const update = async (principal: Principal, input: WorkgroupUpdateInput): Promise<Workgroup> => {
    const { wid, ...patch } = input;
    await db.transaction().execute(async (trx) => {
      const current = await getRecordOrThrow(trx, principal, wid);
      const { values, memberIds } = await resolve(trx, principal, patch, current);
      await updateWorkgroup(trx, principal.orgId, current.id, values, now());
      if (memberIds) await replaceWorkgroupMembers(trx, current.id, memberIds);
    });
    return getOrThrow(principal, wid);
  };

  const toggleRobot = async (
    principal: Principal,
    input: { wid: string; defaultRobot: boolean },
  ): Promise<Workgroup> => {
    const current = await getRecordOrThrow(db, principal, input.wid);
    if (input.defaultRobot && !(current.robot_uid !== null && current.robot_is_robot === 1))
      throw badField('workgroup.robotRequired', 'defaultRobot', 'choose a robot (robotUid) first');
    await updateWorkgroup(db, principal.orgId, current.id, { defaultRobot: input.defaultRobot }, now());
    return getOrThrow(principal, input.wid);
  };

  const toggleCollectMobile = async (
    principal: Principal,
    input: { wid: string; robotCollectMobile: boolean },
  ): Promise<Workgroup> => {
    const current = await getRecordOrThrow(db, principal, input.wid);
    await updateWorkgroup(
      db,
      principal.orgId,
      current.id,
      { robotCollectMobile: input.robotCollectMobile },
      now(),
    );
    return getOrThrow(principal, input.wid);
  };

  const remove = async (principal: Principal, wid: string): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      const current = await getRecordOrThrow(trx, principal, wid);
      const openThreads = await countOpenThreadsOfWorkgroup(trx, principal.orgId, current.id);
      if (openThreads > 0)
        throw AppError.conflict('workgroup.hasOpenThreads', {
          params: { nickname: current.nickname, count: openThreads },
        });
      const handingOver = await listWorkgroupsHandingOverTo(trx, principal.orgId, current.id);
      if (handingOver.length > 0)
        throw AppError.conflict('workgroup.usedAsOnDuty', {
          params: {
            nickname: current.nickname,
            groups: handingOver.map((group) => group.nickname).join(', '),
          },
          fields: [
            { field: 'wid', message: `on-duty group of ${handingOver.map((group) => group.wid).join(', ')}` },
          ],
        });
      await softDeleteWorkgroup(trx, principal.orgId, current.id, now());
    });
  };

  return { page, pageAllOrganizations, listAll, create, update, toggleRobot, toggleCollectMobile, remove };
};
