import { z } from 'zod';

/** Enumerations of spec §3. Each is a zod enum so server and web validate with the same list. */

export const roleValues = [
  'ROLE_SUPER',
  'ROLE_ADMIN',
  'ROLE_VIP',
  'ROLE_TRY',
  'ROLE_PROXY',
  'ROLE_FREE',
  'ROLE_VISITOR',
  'ROLE_MEMBER',
  'ROLE_ROBOT',
  'ROLE_WORKGROUP_ADMIN',
  'ROLE_WORKGROUP_AGENT',
  'ROLE_WORKGROUP_CHECKER',
] as const;
export const roleValueSchema = z.enum(roleValues);
export type RoleValue = z.infer<typeof roleValueSchema>;

export const authorityKeys = [
  'home',
  'statistic',
  'chat',
  'thread',
  'visitor',
  'history',
  'monitor',
  'quality',
  'admin',
  'robot',
  'support',
  'setting',
  'feedback',
  'workorder',
  'callcenter',
  'crm',
  'wenjuan',
  'internal',
] as const;
export const authorityKeySchema = z.enum(authorityKeys);
export type AuthorityKey = z.infer<typeof authorityKeySchema>;

/** Actions a permission may grant; an action button is shown when `permissionId.action` is held. */
export const permissionActions = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
] as const;
export const permissionActionSchema = z.enum(permissionActions);
export type PermissionAction = z.infer<typeof permissionActionSchema>;

export const clientValues = [
  'web',
  'wap',
  'weixin',
  'float',
  'android',
  'ios',
  'wechat_mp',
  'wechat_url',
  'wechat_mini',
  'window_admin',
  'mac_admin',
  'android_admin',
  'ios_admin',
  'web_admin',
  'wechat_mini_admin',
  'system',
  'web_mqtt',
  // Channels the spec's list lacks (issue 19): each platform's conversations carry its own value.
  'uniapp',
  'flutter',
  'wechat_kefu',
  'wechat_work',
  'feishu',
  'shopee',
  'lazada',
  'whatsapp',
  'messenger',
  'line',
  'douyin',
  'weibo',
  'baidu',
  'email',
] as const;
export const clientSchema = z.enum(clientValues);
export type Client = z.infer<typeof clientSchema>;

export const messageTypeValues = [
  'text',
  'image',
  'file',
  'voice',
  'video',
  'custom',
  'red_packet',
  'commodity',
  'shortvideo',
  'location',
  'link',
  'event',
  'robot',
  'questionnaire',
  'company',
  'workGroup',
  'notification_queue',
  'notification_queue_accept',
  /** An agent took a conversation that never queued (assigned at once); content: the agent's nickname. */
  'notification_accept',
  'notification_transfer',
  'notification_transfer_accept',
  'notification_transfer_reject',
  'notification_invite',
  'notification_invite_accept',
  'notification_invite_reject',
  'notification_invite_rate',
  'notification_rate_result',
  'notification_webrtc',
  'notification_group',
  'notification_connect',
  'notification_disconnect',
  'notification_agent_close',
  'notification_visitor_close',
  'notification_auto_close',
  'notification_preview',
  'notification_receipt',
  'notification_recall',
] as const;
export const messageTypeSchema = z.enum(messageTypeValues);
export type MessageType = z.infer<typeof messageTypeSchema>;

export const threadTypeSchema = z.enum([
  'thread',
  'workgroup',
  'appointed',
  'contact',
  'group',
  'robot',
  'robot_to_agent',
]);
export type ThreadType = z.infer<typeof threadTypeSchema>;

export const robotTypeSchema = z.enum(['before', 'saling', 'after', 'zhipuai_platform', 'zhipuai_private']);
export type RobotType = z.infer<typeof robotTypeSchema>;

export const messageStatusSchema = z.enum([
  'sending',
  'received',
  'read',
  'stored',
  'error',
  'destroyed',
  'recall',
]);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const userStatusSchema = z.enum([
  'connected',
  'disconnected',
  'online',
  'offline',
  'busy',
  'away',
  'logout',
  'login',
  'leave',
  'after',
  'eat',
  'rest',
  'sign_in',
  'sign_out',
]);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const autoReplyPresetSchema = z.enum(['none', 'eat', 'away', 'back_soon', 'phone', 'custom']);
export type AutoReplyPreset = z.infer<typeof autoReplyPresetSchema>;

export const categoryTypeSchema = z.enum([
  'robot',
  'support',
  'blog',
  'knowledge',
  'cuw_mine',
  'cuw_company',
  'cuw_platform',
  'feedback',
  'ticket',
  'forum',
  'zhipuai',
  'zhaobiao',
  'jinrimeiyu',
  'tiku',
  'tikuqa',
]);
export type CategoryType = z.infer<typeof categoryTypeSchema>;

export const quickReplyScopeSchema = z.enum(['company', 'mine']);
export type QuickReplyScope = z.infer<typeof quickReplyScopeSchema>;

export const questionnaireItemTypeSchema = z.enum(['radio', 'checkbox', 'input', 'textarea']);
export type QuestionnaireItemType = z.infer<typeof questionnaireItemTypeSchema>;

export const uploadFileTypeSchema = z.enum(['emoji', 'avatar', 'image', 'voice', 'video', 'file']);
export type UploadFileType = z.infer<typeof uploadFileTypeSchema>;

export const connectionStatusSchema = z.enum(['connecting', 'connected', 'disconnected']);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const uploadStateSchema = z.enum(['processing', 'complete', 'error', 'aborted']);
export type UploadState = z.infer<typeof uploadStateSchema>;

export const languageSchema = z.enum(['en-US', 'zh-CN']);
export type Language = z.infer<typeof languageSchema>;
export const defaultLanguage: Language = 'en-US';
