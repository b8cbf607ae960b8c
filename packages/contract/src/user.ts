import { z } from 'zod';
import {
  authorityKeySchema,
  autoReplyPresetSchema,
  permissionActionSchema,
  robotTypeSchema,
  roleValueSchema,
  userStatusSchema,
  type UserStatus,
} from './enums.js';
import { ledgerKinds } from './billing.js';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';
import { passwordSchema, usernameSchema } from './register.js';

export const permissionSchema = z.object({
  /** The menu item name it guards, e.g. `kefu.account`. */
  permissionId: z.string(),
  actionList: z.array(permissionActionSchema),
});
export type Permission = z.infer<typeof permissionSchema>;

export const roleSchema = z.object({
  rid: z.string(),
  value: roleValueSchema,
  name: z.string(),
  description: z.string(),
  authorities: z.array(authorityKeySchema),
  permissions: z.array(permissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const organizationSchema = z.object({
  oid: z.string(),
  name: z.string(),
  subDomain: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/user/profile — spec §3 "Current user info" plus the organisation. */
export const profileSchema = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  subDomain: z.string(),
  balance: z.number(),
  validateUntilDate: z.string().nullable(),
  roles: z.array(roleSchema),
  authorities: z.array(authorityKeySchema),
  organization: organizationSchema,
  /** True for platform staff (ROLE_SUPER). */
  isPlatformStaff: z.boolean(),
  /** True when the username equals ADMIN_ACCOUNT (spec §6 admin-only menu items). */
  isAdminAccount: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/* ---------------------------------------------------------------------------------------------
 * Accounts: agents, robots and admin accounts (spec §3 "User", §7 "User"; issue 3).
 * ------------------------------------------------------------------------------------------- */

/** Roles an organisation admin may give its agents; the admin roles are given by platform staff only. */
export const agentRoleValues = [
  'ROLE_WORKGROUP_ADMIN',
  'ROLE_WORKGROUP_AGENT',
  'ROLE_WORKGROUP_CHECKER',
] as const;
export const agentRoleValueSchema = z.enum(agentRoleValues);
export type AgentRoleValue = z.infer<typeof agentRoleValueSchema>;

export const roleBriefSchema = z.object({ rid: z.string(), value: roleValueSchema, name: z.string() });
export type RoleBrief = z.infer<typeof roleBriefSchema>;

export const workgroupBriefSchema = z.object({ wid: z.string(), nickname: z.string() });
export type WorkgroupBrief = z.infer<typeof workgroupBriefSchema>;

/** Who a list entry is, small enough for pickers (members, transfer targets, contacts). */
export const userBriefSchema = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  realName: z.string(),
  avatar: z.string(),
  robot: z.boolean(),
  enabled: z.boolean(),
  status: userStatusSchema,
});
export type UserBrief = z.infer<typeof userBriefSchema>;

/** An account as the console's agent, robot and platform lists show it. Never carries a password. */
export const userSchema = userBriefSchema.extend({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  description: z.string(),
  welcomeTip: z.string(),
  offlineTip: z.string(),
  autoPop: z.boolean(),
  showTopTip: z.boolean(),
  topTip: z.string(),
  showForm: z.boolean(),
  showCollectMobile: z.boolean(),
  robotCollectMobile: z.boolean(),
  hideLogo: z.boolean(),
  maxThreadCount: z.number().int(),
  autoCloseMinutes: z.number().int(),
  webhook: z.string(),
  webhookLeaveMessage: z.string(),
  /** Robots only: one of the spec's robot types. */
  robotType: robotTypeSchema.nullable(),
  autoReplyType: autoReplyPresetSchema,
  autoReplyContent: z.string(),
  validateUntilDate: z.string().nullable(),
  balance: z.number(),
  roles: z.array(roleBriefSchema),
  workGroups: z.array(workgroupBriefSchema),
  subDomain: z.string(),
  organization: organizationSchema,
  lastLoginAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type User = z.infer<typeof userSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();
const optionalEmail = z.union([z.string().trim().email().max(128), z.literal('')]).optional();
const optionalMobile = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\+?[0-9]{6,20}$/, 'digits only, 6–20, optional leading +'),
    z.literal(''),
  ])
  .optional();
const webhookSchema = z
  .union([
    z
      .string()
      .trim()
      .url()
      .max(512)
      .regex(/^https?:\/\//, 'must be an http(s) address'),
    z.literal(''),
  ])
  .optional();
/** A calendar date `YYYY-MM-DD`, or a full ISO date-time (its date is kept). */
export const dateOnlySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'must be a date YYYY-MM-DD')
  .transform((value) => value.slice(0, 10))
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a valid date');

/** Fields an agent carries besides its identity (spec §3 "User"). */
const agentProfileFields = {
  nickname: z.string().trim().min(1).max(32),
  realName: optionalText(32),
  avatar: z.string().trim().max(512).optional(),
  email: optionalEmail,
  mobile: optionalMobile,
  description: optionalText(500),
  welcomeTip: optionalText(500),
  offlineTip: optionalText(500),
  autoPop: z.boolean().optional(),
  showTopTip: z.boolean().optional(),
  topTip: optionalText(500),
  showForm: z.boolean().optional(),
  showCollectMobile: z.boolean().optional(),
  robotCollectMobile: z.boolean().optional(),
  hideLogo: z.boolean().optional(),
  maxThreadCount: z.coerce.number().int().min(1).max(100).optional(),
  autoCloseMinutes: z.coerce.number().int().min(1).max(1440).optional(),
  webhook: webhookSchema,
  webhookLeaveMessage: webhookSchema,
};

/** POST /api/user/create — an admin adds an agent to its organisation. */
export const agentCreateBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  ...agentProfileFields,
  /** Defaults to ROLE_WORKGROUP_AGENT. */
  roles: z.array(agentRoleValueSchema).min(1).max(3).optional(),
  /** Skill groups (wid) the agent joins. */
  workGroups: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
  enabled: z.boolean().optional(),
});
export type AgentCreateBody = z.input<typeof agentCreateBodySchema>;

/** POST /api/user/update — an admin edits one of its agents; omitted fields stay as they are. */
export const agentUpdateBodySchema = agentCreateBodySchema
  .omit({ username: true, password: true })
  .partial()
  .extend({ uid: z.string().trim().min(1).max(64) });
export type AgentUpdateBody = z.input<typeof agentUpdateBodySchema>;

/** POST /api/user/create/robot. */
export const robotCreateBodySchema = z.object({
  nickname: z.string().trim().min(1).max(32),
  avatar: z.string().trim().max(512).optional(),
  description: optionalText(500),
  welcomeTip: optionalText(500),
  robotType: robotTypeSchema.default('before'),
  /** Skill groups (wid) this robot answers for. */
  workGroups: z.array(z.string().trim().min(1).max(64)).max(100).optional(),
});
export type RobotCreateBody = z.input<typeof robotCreateBodySchema>;

/** POST /api/user/update/robot. */
export const robotUpdateBodySchema = robotCreateBodySchema
  .partial()
  // Without this the create default ('before') would reset the type on every update that omits it.
  .extend({ uid: z.string().trim().min(1).max(64), robotType: robotTypeSchema.optional() });
export type RobotUpdateBody = z.input<typeof robotUpdateBodySchema>;

/** POST /api/user/create/user — platform staff open an admin account with its own organisation. */
export const adminAccountCreateBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  nickname: z.string().trim().min(1).max(32),
  organization: z.string().trim().min(1).max(64),
  email: optionalEmail,
  mobile: optionalMobile,
  /** Defaults to ROLE_ADMIN. */
  roles: z.array(roleValueSchema).min(1).max(12).optional(),
  validateUntilDate: dateOnlySchema.optional(),
  balance: z.coerce.number().min(0).max(100_000_000).optional(),
});
export type AdminAccountCreateBody = z.input<typeof adminAccountCreateBodySchema>;

/** POST /api/user/update/user — platform staff edit any account, roles included. */
export const accountUpdateBodySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  nickname: z.string().trim().min(1).max(32).optional(),
  realName: optionalText(32),
  email: optionalEmail,
  mobile: optionalMobile,
  description: optionalText(500),
  roles: z.array(roleValueSchema).min(1).max(12).optional(),
});
export type AccountUpdateBody = z.input<typeof accountUpdateBodySchema>;

/** POST /api/user/update/profile — the signed-in user's own profile. */
export const profileUpdateBodySchema = z.object({
  nickname: z.string().trim().min(1).max(32).optional(),
  realName: optionalText(32),
  avatar: z.string().trim().max(512).optional(),
  description: optionalText(500),
  welcomeTip: optionalText(500),
  offlineTip: optionalText(500),
  autoReplyType: autoReplyPresetSchema.optional(),
  autoReplyContent: optionalText(500),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

/**
 * POST /api/user/update/password: `uid` omitted or your own → `oldPassword` required; another
 * agent of your organisation → an admin's reset (no old password).
 */
export const passwordUpdateBodySchema = z.object({
  uid: z.string().trim().max(64).optional(),
  oldPassword: z.string().max(64).optional(),
  password: passwordSchema,
});
export type PasswordUpdateBody = z.input<typeof passwordUpdateBodySchema>;

export const uidBodySchema = z.object({ uid: z.string().trim().min(1).max(64) });
/** POST /api/user/delete and /robot/delete take `id`: the account's uid. */
export const idBodySchema = z.object({ id: z.string().trim().min(1).max(64) });

/** POST /api/user/renew — platform staff extend an account: validity and balance together. */
export const renewBodySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  validateUntilDate: dateOnlySchema,
  balance: z.coerce.number().min(0).max(100_000_000),
  description: optionalText(200),
});
export type RenewBody = z.input<typeof renewBodySchema>;

/** POST /api/user/update/balance — platform staff set an account's balance, with the reason. */
export const balanceUpdateBodySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  balance: z.coerce.number().min(0).max(100_000_000),
  description: optionalText(200),
});
export type BalanceUpdateBody = z.input<typeof balanceUpdateBodySchema>;

/** POST /api/user/update/validateUntilDate. */
export const validityUpdateBodySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  validateUntilDate: dateOnlySchema,
  balance: z.coerce.number().min(0).max(100_000_000).optional(),
  description: optionalText(200),
});
export type ValidityUpdateBody = z.input<typeof validityUpdateBodySchema>;

/** POST /api/v2/user/description. */
export const descriptionBodySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  description: z.string().trim().max(500),
});

/** Paging plus the spec's filters (all optional; matched as "contains"). */
export const userFilterQuerySchema = pageQuerySchema.extend({
  realName: optionalText(64),
  username: optionalText(64),
  nickname: optionalText(64),
  email: optionalText(128),
  mobile: optionalText(32),
  client: z.string().max(32).optional(),
});
export type UserFilterQuery = z.input<typeof userFilterQuerySchema>;

export const userGetQuerySchema = z.object({
  uid: z.string().trim().min(1).max(64),
  client: z.string().max(32).optional(),
});

export const onlineSubQuerySchema = pageQuerySchema.extend({
  subDomain: z.string().trim().min(1).max(64),
  client: z.string().max(32).optional(),
});

/** Per-user settings (spec §3): notices and payment switches. */
export const userSettingsSchema = z.object({
  preview: z.boolean(),
  connected: z.boolean(),
  disconnected: z.boolean(),
  historyMessages: z.boolean(),
  wechatPay: z.boolean(),
  alipay: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const userSettingKeys = [
  'preview',
  'connected',
  'disconnected',
  'historymessages',
  'wechatpay',
  'alipay',
] as const;
export const userSettingKeySchema = z.enum(userSettingKeys);
export type UserSettingKey = z.infer<typeof userSettingKeySchema>;
/** GET /api/user/settings/{key}?on= */
export const userSettingToggleQuerySchema = z.object({
  on: queryBooleanSchema,
  client: z.string().max(32).optional(),
});

/** One row of the balance and validity history of an account (platform → user). */
export const balanceLogSchema = z.object({
  /** Platform staff's renew/balance/validity changes and, since issue 20, every ledger movement. */
  kind: z.enum(ledgerKinds),
  amount: z.number(),
  balanceAfter: z.number(),
  validateUntilDate: z.string().nullable(),
  description: z.string(),
  operator: z.string().nullable(),
  createdAt: z.number(),
});
export type BalanceLog = z.infer<typeof balanceLogSchema>;

/** Statuses in which an agent counts as online (signed in to the workbench). */
export const onlineUserStatuses = [
  'online',
  'busy',
  'away',
  'rest',
  'eat',
  'leave',
  'after',
  'sign_in',
  'login',
  'connected',
] as const;
export const isOnlineStatus = (status: UserStatus): boolean =>
  (onlineUserStatuses as readonly string[]).includes(status);

/** GET /api/user/status — one agent's current status and load (kefu → status page). */
export const agentStatusSchema = userBriefSchema.extend({
  autoReplyType: autoReplyPresetSchema,
  autoReplyContent: z.string(),
  maxThreadCount: z.number().int(),
  /** Conversations assigned to the agent and not closed. */
  openThreadCount: z.number().int(),
  workGroups: z.array(workgroupBriefSchema),
  lastLoginAt: z.number().nullable(),
});
export type AgentStatus = z.infer<typeof agentStatusSchema>;

export const agentStatusQuerySchema = pageQuerySchema.extend({
  status: z.enum(['online', 'offline']).optional(),
  /** Only agents of this skill group. */
  wid: z.string().trim().max(64).optional(),
  nickname: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});

/** GET /api/user/balance/log?uid= — platform staff: an account's balance and validity history. */
export const balanceLogQuerySchema = pageQuerySchema.extend({ uid: z.string().trim().min(1).max(64) });
