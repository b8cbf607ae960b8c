import type { LeaveMessageType, RouteType, Workgroup, WorkgroupCreateBody } from '@openkefu/contract';
import {
  alwaysOpenDraft,
  browserTimeZone,
  parseWorkTimes,
  serializeWorkTimes,
  type WorkTimeDraft,
} from './workTimes';

/** The create/edit form's values. Selects that are cleared come back as undefined. */
export type GroupFormValues = {
  nickname: string;
  avatar?: string;
  description?: string;
  slogan?: string;
  routeType: RouteType;
  recent: boolean;
  users?: string[];
  admin?: string | null;
  robotUid?: string | null;
  defaultRobot: boolean;
  offlineRobot: boolean;
  showRobotFaq: boolean;
  showRobotFaqNotFound: boolean;
  robotAnswerNotFoundTip?: string;
  robotTip?: string;
  robotCollectMobile: boolean;
  helpCenterSearch: boolean;
  widgetTicket: boolean;
  allowCall: boolean;
  onDutyWorkGroupWid?: string | null;
  maxQueueCount: number | null;
  maxQueueSeconds: number | null;
  autoCloseMinutes: number | null;
  forceRate: boolean;
  autoPop: boolean;
  welcomeTip?: string;
  acceptTip?: string;
  reRequestTip?: string;
  offlineTip?: string;
  closeTip?: string;
  autoCloseTip?: string;
  nonWorkingTimeTip?: string;
  maxQueueCountExceedTip?: string;
  maxQueueSecondExceedTip?: string;
  showTopTip: boolean;
  topTip?: string;
  workTimes: WorkTimeDraft;
  showForm: boolean;
  /** Issue 16: published builder forms (fid) asked before / sent after a chat. */
  preChatForm?: string | null;
  afterChatForm?: string | null;
  leaveMessageType: LeaveMessageType;
  showCollectMobile: boolean;
  hideLogo: boolean;
  showRightColumn: boolean;
  webhook?: string;
  webhookLeaveMessage?: string;
};

/** The contract's limits (workgroupCreateBodySchema), repeated here so zod stays off the page. */
export const GROUP_LIMITS = {
  nickname: 32,
  description: 500,
  slogan: 100,
  tip: 500,
  url: 512,
  members: 500,
  maxQueueCount: { min: 0, max: 10_000 },
  maxQueueSeconds: { min: 0, max: 86_400 },
  autoCloseMinutes: { min: 1, max: 1440 },
} as const;

/** Contract: an http(s) URL, or empty. */
export const isHttpUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** A new group: the server's column defaults (migration 0002), always open in the browser's zone. */
export const emptyGroupForm = (): GroupFormValues => ({
  nickname: '',
  avatar: '',
  description: '',
  slogan: '',
  routeType: 'robin',
  recent: false,
  users: [],
  admin: undefined,
  robotUid: undefined,
  defaultRobot: false,
  offlineRobot: false,
  showRobotFaq: false,
  showRobotFaqNotFound: false,
  robotAnswerNotFoundTip: '',
  robotTip: '',
  robotCollectMobile: false,
  helpCenterSearch: false,
  widgetTicket: false,
  allowCall: false,
  onDutyWorkGroupWid: undefined,
  maxQueueCount: 100,
  maxQueueSeconds: 600,
  autoCloseMinutes: 30,
  forceRate: false,
  autoPop: false,
  welcomeTip: '',
  acceptTip: '',
  reRequestTip: '',
  offlineTip: '',
  closeTip: '',
  autoCloseTip: '',
  nonWorkingTimeTip: '',
  maxQueueCountExceedTip: '',
  maxQueueSecondExceedTip: '',
  showTopTip: false,
  topTip: '',
  workTimes: alwaysOpenDraft(browserTimeZone()),
  showForm: false,
  preChatForm: null,
  afterChatForm: null,
  leaveMessageType: 'default',
  showCollectMobile: false,
  hideLogo: false,
  showRightColumn: true,
  webhook: '',
  webhookLeaveMessage: '',
});

export const toGroupFormValues = (group: Workgroup): GroupFormValues => ({
  nickname: group.nickname,
  avatar: group.avatar,
  description: group.description,
  slogan: group.slogan,
  routeType: group.routeType,
  recent: group.recent,
  users: group.users.map((user) => user.uid),
  admin: group.admin?.uid ?? undefined,
  robotUid: group.robotUid ?? undefined,
  defaultRobot: group.defaultRobot,
  offlineRobot: group.offlineRobot,
  showRobotFaq: group.showRobotFaq,
  showRobotFaqNotFound: group.showRobotFaqNotFound,
  robotAnswerNotFoundTip: group.robotAnswerNotFoundTip,
  robotTip: group.robotTip,
  robotCollectMobile: group.robotCollectMobile,
  helpCenterSearch: group.helpCenterSearch,
  widgetTicket: group.widgetTicket ?? false,
  allowCall: group.allowCall ?? false,
  onDutyWorkGroupWid: group.onDutyWorkGroupWid ?? undefined,
  maxQueueCount: group.maxQueueCount,
  maxQueueSeconds: group.maxQueueSeconds,
  autoCloseMinutes: group.autoCloseMinutes,
  forceRate: group.forceRate,
  autoPop: group.autoPop,
  welcomeTip: group.welcomeTip,
  acceptTip: group.acceptTip,
  reRequestTip: group.reRequestTip,
  offlineTip: group.offlineTip,
  closeTip: group.closeTip,
  autoCloseTip: group.autoCloseTip,
  nonWorkingTimeTip: group.nonWorkingTimeTip,
  maxQueueCountExceedTip: group.maxQueueCountExceedTip,
  maxQueueSecondExceedTip: group.maxQueueSecondExceedTip,
  showTopTip: group.showTopTip,
  topTip: group.topTip,
  workTimes: parseWorkTimes(group.workTimes, browserTimeZone()),
  showForm: group.showForm,
  preChatForm: group.preChatForm ?? null,
  afterChatForm: group.afterChatForm ?? null,
  leaveMessageType: group.leaveMessageType,
  showCollectMobile: group.showCollectMobile,
  hideLogo: group.hideLogo,
  showRightColumn: group.showRightColumn,
  webhook: group.webhook,
  webhookLeaveMessage: group.webhookLeaveMessage,
});

const text = (value: string | undefined | null): string => value?.trim() ?? '';

/**
 * Form values → the create body (the update adds `wid`). Every field is sent, and a cleared
 * reference as null, so that an edit can also clear what was set before.
 */
export const toGroupBody = (values: GroupFormValues): WorkgroupCreateBody => {
  const users = [...new Set(values.users ?? [])];
  const admin = values.admin && users.includes(values.admin) ? values.admin : null;
  return {
    nickname: text(values.nickname),
    avatar: text(values.avatar),
    description: text(values.description),
    slogan: text(values.slogan),
    routeType: values.routeType,
    leaveMessageType: values.leaveMessageType,
    recent: values.recent,
    users,
    admin,
    robotUid: values.robotUid || null,
    defaultRobot: values.defaultRobot,
    offlineRobot: values.offlineRobot,
    showRobotFaq: values.showRobotFaq,
    showRobotFaqNotFound: values.showRobotFaqNotFound,
    robotAnswerNotFoundTip: text(values.robotAnswerNotFoundTip),
    robotTip: text(values.robotTip),
    robotCollectMobile: values.robotCollectMobile,
    helpCenterSearch: values.helpCenterSearch,
    widgetTicket: values.widgetTicket,
    allowCall: values.allowCall,
    onDutyWorkGroupWid: values.onDutyWorkGroupWid || null,
    maxQueueCount: values.maxQueueCount ?? 0,
    maxQueueSeconds: values.maxQueueSeconds ?? 0,
    autoCloseMinutes: values.autoCloseMinutes ?? GROUP_LIMITS.autoCloseMinutes.min,
    forceRate: values.forceRate,
    autoPop: values.autoPop,
    welcomeTip: text(values.welcomeTip),
    acceptTip: text(values.acceptTip),
    reRequestTip: text(values.reRequestTip),
    offlineTip: text(values.offlineTip),
    closeTip: text(values.closeTip),
    autoCloseTip: text(values.autoCloseTip),
    nonWorkingTimeTip: text(values.nonWorkingTimeTip),
    maxQueueCountExceedTip: text(values.maxQueueCountExceedTip),
    maxQueueSecondExceedTip: text(values.maxQueueSecondExceedTip),
    showTopTip: values.showTopTip,
    topTip: text(values.topTip),
    workTimes: serializeWorkTimes(values.workTimes),
    showForm: values.showForm,
    preChatForm: values.preChatForm || null,
    afterChatForm: values.afterChatForm || null,
    showCollectMobile: values.showCollectMobile,
    hideLogo: values.hideLogo,
    showRightColumn: values.showRightColumn,
    webhook: text(values.webhook),
    webhookLeaveMessage: text(values.webhookLeaveMessage),
  };
};

/** Which tab of the drawer holds a field, so that an error there can be brought into view. */
export type GroupFormSection = 'basics' | 'routing' | 'tips' | 'workTime' | 'display' | 'advanced';

export const sectionOfField: Record<keyof GroupFormValues, GroupFormSection> = {
  nickname: 'basics',
  avatar: 'basics',
  description: 'basics',
  slogan: 'basics',
  routeType: 'routing',
  recent: 'routing',
  users: 'routing',
  admin: 'routing',
  robotUid: 'routing',
  defaultRobot: 'routing',
  offlineRobot: 'routing',
  showRobotFaq: 'routing',
  showRobotFaqNotFound: 'routing',
  robotAnswerNotFoundTip: 'routing',
  robotTip: 'routing',
  robotCollectMobile: 'routing',
  helpCenterSearch: 'routing',
  widgetTicket: 'routing',
  allowCall: 'routing',
  onDutyWorkGroupWid: 'routing',
  maxQueueCount: 'routing',
  maxQueueSeconds: 'routing',
  autoCloseMinutes: 'routing',
  forceRate: 'routing',
  autoPop: 'routing',
  welcomeTip: 'tips',
  acceptTip: 'tips',
  reRequestTip: 'tips',
  offlineTip: 'tips',
  closeTip: 'tips',
  autoCloseTip: 'tips',
  nonWorkingTimeTip: 'tips',
  maxQueueCountExceedTip: 'tips',
  maxQueueSecondExceedTip: 'tips',
  showTopTip: 'tips',
  topTip: 'tips',
  workTimes: 'workTime',
  showForm: 'display',
  preChatForm: 'display',
  afterChatForm: 'display',
  leaveMessageType: 'display',
  showCollectMobile: 'display',
  hideLogo: 'display',
  showRightColumn: 'display',
  webhook: 'advanced',
  webhookLeaveMessage: 'advanced',
};

export const isGroupFormField = (name: string): name is keyof GroupFormValues =>
  Object.prototype.hasOwnProperty.call(sectionOfField, name);

/** A server field path (`workTimes`, `users.2`, `workTimes.entries.0.end`) → the form field it belongs to. */
export const formFieldOf = (path: string): keyof GroupFormValues | undefined => {
  const head = path.split('.')[0] ?? '';
  return isGroupFormField(head) ? head : undefined;
};
