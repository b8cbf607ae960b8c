import type { AgentCreateBody, AgentRoleValue, AgentUpdateBody, User } from '@openkefu/contract';

/* The agent form's values and their mapping to the contract's bodies. */

export type AgentFormValues = {
  username: string;
  password: string;
  confirmPassword: string;
  nickname: string;
  realName: string;
  avatar: string;
  email: string;
  mobile: string;
  description: string;
  maxThreadCount: number;
  autoCloseMinutes: number;
  workGroups: string[];
  roles: AgentRoleValue[];
  welcomeTip: string;
  offlineTip: string;
  showTopTip: boolean;
  topTip: string;
  autoPop: boolean;
  showForm: boolean;
  showCollectMobile: boolean;
  hideLogo: boolean;
  webhook: string;
  webhookLeaveMessage: string;
};

export const agentFormFields = [
  'username',
  'password',
  'confirmPassword',
  'nickname',
  'realName',
  'avatar',
  'email',
  'mobile',
  'description',
  'maxThreadCount',
  'autoCloseMinutes',
  'workGroups',
  'roles',
  'welcomeTip',
  'offlineTip',
  'showTopTip',
  'topTip',
  'autoPop',
  'showForm',
  'showCollectMobile',
  'hideLogo',
  'webhook',
  'webhookLeaveMessage',
] as const satisfies readonly (keyof AgentFormValues)[];

/* Same limits as the contract's schemas (kept as constants so zod stays off the page). */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]*$/;
export const MOBILE_PATTERN = /^\+?[0-9]{6,20}$/;
export const WEBHOOK_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
export const LIMITS = {
  username: { min: 3, max: 32 },
  password: { min: 6, max: 64 },
  nickname: 32,
  realName: 32,
  email: 128,
  text: 500,
  webhook: 512,
  maxThreadCount: { min: 1, max: 100 },
  autoCloseMinutes: { min: 1, max: 1440 },
} as const;

/** A new agent: the server's defaults (10 chats, 30 minutes, role Agent). */
export const emptyAgentForm: AgentFormValues = {
  username: '',
  password: '',
  confirmPassword: '',
  nickname: '',
  realName: '',
  avatar: '',
  email: '',
  mobile: '',
  description: '',
  maxThreadCount: 10,
  autoCloseMinutes: 30,
  workGroups: [],
  roles: ['ROLE_WORKGROUP_AGENT'],
  welcomeTip: '',
  offlineTip: '',
  showTopTip: false,
  topTip: '',
  autoPop: false,
  showForm: false,
  showCollectMobile: false,
  hideLogo: false,
  webhook: '',
  webhookLeaveMessage: '',
};

const isAgentRole = (value: string): value is AgentRoleValue =>
  value === 'ROLE_WORKGROUP_ADMIN' || value === 'ROLE_WORKGROUP_AGENT' || value === 'ROLE_WORKGROUP_CHECKER';

export const toAgentFormValues = (user: User): AgentFormValues => ({
  ...emptyAgentForm,
  username: user.username,
  nickname: user.nickname,
  realName: user.realName,
  avatar: user.avatar,
  email: user.email ?? '',
  mobile: user.mobile ?? '',
  description: user.description,
  maxThreadCount: user.maxThreadCount,
  autoCloseMinutes: user.autoCloseMinutes,
  workGroups: user.workGroups.map((group) => group.wid),
  roles: user.roles.map((role) => role.value).filter(isAgentRole),
  welcomeTip: user.welcomeTip,
  offlineTip: user.offlineTip,
  showTopTip: user.showTopTip,
  topTip: user.topTip,
  autoPop: user.autoPop,
  showForm: user.showForm,
  showCollectMobile: user.showCollectMobile,
  hideLogo: user.hideLogo,
  webhook: user.webhook,
  webhookLeaveMessage: user.webhookLeaveMessage,
});

const text = (value: string | undefined | null): string => (value ?? '').trim();

/** The fields create and update share; empty optional texts are sent as '' (which clears them). */
const toProfileBody = (values: AgentFormValues) => ({
  nickname: text(values.nickname),
  realName: text(values.realName),
  avatar: text(values.avatar),
  email: text(values.email),
  mobile: text(values.mobile),
  description: text(values.description),
  maxThreadCount: values.maxThreadCount,
  autoCloseMinutes: values.autoCloseMinutes,
  workGroups: values.workGroups ?? [],
  roles: values.roles,
  welcomeTip: text(values.welcomeTip),
  offlineTip: text(values.offlineTip),
  showTopTip: Boolean(values.showTopTip),
  topTip: text(values.topTip),
  autoPop: Boolean(values.autoPop),
  showForm: Boolean(values.showForm),
  showCollectMobile: Boolean(values.showCollectMobile),
  hideLogo: Boolean(values.hideLogo),
  webhook: text(values.webhook),
  webhookLeaveMessage: text(values.webhookLeaveMessage),
});

export const toAgentCreateBody = (values: AgentFormValues): AgentCreateBody => ({
  username: text(values.username),
  password: values.password,
  ...toProfileBody(values),
});

/**
 * `canEditRoles` is false for an account holding roles outside the agent roles (the organisation's
 * admin): those are given by platform staff, so its roles are left out and stay as they are.
 */
export const toAgentUpdateBody = (
  uid: string,
  values: AgentFormValues,
  canEditRoles: boolean,
): AgentUpdateBody => {
  const { roles, ...rest } = toProfileBody(values);
  return canEditRoles ? { uid, ...rest, roles } : { uid, ...rest };
};

/** True when every role of the account is one an admin may give (see toAgentUpdateBody). */
export const hasOnlyAgentRoles = (user: User): boolean => user.roles.every((role) => isAgentRole(role.value));
