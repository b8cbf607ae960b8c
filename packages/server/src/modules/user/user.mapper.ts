import type {
  AgentStatus,
  AutoReplyPreset,
  BalanceLog,
  RobotType,
  RoleBrief,
  User,
  UserBrief,
  UserSettings,
  UserStatus,
  WorkgroupBrief,
} from '@openkefu/contract';
import type { BalanceLogKind } from './balance-log.repository.js';
import type { AccountRow } from './user.repository.js';
import type { SettingsRow } from './user-settings.repository.js';

/* Rows to contract shapes. Nothing here reads a password hash: account rows never select it. */

export const centsToAmount = (cents: number): number => cents / 100;
export const amountToCents = (amount: number): number => Math.round(amount * 100);

export const toUserBrief = (row: AccountRow): UserBrief => ({
  uid: row.uid,
  username: row.username,
  nickname: row.nickname,
  realName: row.real_name,
  avatar: row.avatar,
  robot: row.is_robot === 1,
  enabled: row.enabled === 1,
  status: row.status as UserStatus,
});

export const toUser = (row: AccountRow, roles: RoleBrief[], workGroups: WorkgroupBrief[]): User => ({
  ...toUserBrief(row),
  email: row.email,
  mobile: row.mobile,
  description: row.description,
  welcomeTip: row.welcome_tip,
  offlineTip: row.offline_tip,
  autoPop: row.auto_pop === 1,
  showTopTip: row.show_top_tip === 1,
  topTip: row.top_tip,
  showForm: row.show_form === 1,
  showCollectMobile: row.show_collect_mobile === 1,
  robotCollectMobile: row.robot_collect_mobile === 1,
  hideLogo: row.hide_logo === 1,
  maxThreadCount: row.max_thread_count,
  autoCloseMinutes: row.auto_close_minutes,
  webhook: row.webhook,
  webhookLeaveMessage: row.webhook_leave_message,
  robotType: row.is_robot === 1 ? ((row.robot_type ?? 'before') as RobotType) : null,
  autoReplyType: row.auto_reply_type as AutoReplyPreset,
  autoReplyContent: row.auto_reply_content,
  validateUntilDate: row.validate_until_date,
  balance: centsToAmount(row.balance_cents),
  roles,
  workGroups,
  subDomain: row.org_sub_domain,
  organization: { oid: row.org_oid, name: row.org_name, subDomain: row.org_sub_domain },
  lastLoginAt: row.last_login_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toAgentStatus = (
  row: AccountRow,
  workGroups: WorkgroupBrief[],
  openThreadCount: number,
): AgentStatus => ({
  ...toUserBrief(row),
  autoReplyType: row.auto_reply_type as AutoReplyPreset,
  autoReplyContent: row.auto_reply_content,
  maxThreadCount: row.max_thread_count,
  openThreadCount,
  workGroups,
  lastLoginAt: row.last_login_at,
});

export const toUserSettings = (row: SettingsRow): UserSettings => ({
  preview: row.preview === 1,
  connected: row.connected === 1,
  disconnected: row.disconnected === 1,
  historyMessages: row.history_messages === 1,
  wechatPay: row.wechat_pay === 1,
  alipay: row.alipay === 1,
});

export const toBalanceLog = (row: {
  kind: string;
  amount_cents: number;
  balance_after_cents: number;
  validate_until_date: string | null;
  description: string;
  created_at: number;
  operator: string | null;
}): BalanceLog => ({
  kind: row.kind as BalanceLogKind,
  amount: centsToAmount(row.amount_cents),
  balanceAfter: centsToAmount(row.balance_after_cents),
  validateUntilDate: row.validate_until_date,
  description: row.description,
  operator: row.operator,
  createdAt: row.created_at,
});
