import { z } from 'zod';
import type { Client } from './enums.js';
import { pageQuerySchema } from './envelope.js';

/*
 * Channels (issue 19): every place a conversation can come from besides the website widget. A
 * channel account is one connected official account, app, bot or shop of an organisation; its
 * conversations become visitors, threads and messages like the widget's, carrying the channel's
 * client value so records and statistics can tell them apart.
 */

/** The console's channel pages (spec §2 "Channels"), plus the messengers and email on the same framework. */
export const channelTypes = [
  'app',
  'uniapp',
  'flutter',
  'web',
  'mp',
  'mini',
  'wechat',
  'wechatkefu',
  'wechatwork',
  'feishu',
  'shopee',
  'lazada',
  'whatsapp',
  'messenger',
  'line',
  'douyin',
  'weibo',
  'baiduyingxiao',
  'email',
] as const;
export const channelTypeSchema = z.enum(channelTypes);
export type ChannelType = z.infer<typeof channelTypeSchema>;

/** Channels whose visitors use our own SDK or H5 page: no platform to call, an app key instead. */
export const sdkChannelTypes = ['app', 'uniapp', 'flutter', 'web'] as const satisfies readonly ChannelType[];
export const isSdkChannel = (type: ChannelType): boolean =>
  (sdkChannelTypes as readonly string[]).includes(type);

/** The thread `client` (spec §3 client enum, extended by the platforms it lacks) of each channel's conversations. */
export const channelClientOf: Record<ChannelType, Client> = {
  app: 'android',
  uniapp: 'uniapp',
  flutter: 'flutter',
  web: 'web',
  mp: 'wechat_mp',
  mini: 'wechat_mini',
  wechat: 'wechat_url',
  wechatkefu: 'wechat_kefu',
  wechatwork: 'wechat_work',
  feishu: 'feishu',
  shopee: 'shopee',
  lazada: 'lazada',
  whatsapp: 'whatsapp',
  messenger: 'messenger',
  line: 'line',
  douyin: 'douyin',
  weibo: 'weibo',
  baiduyingxiao: 'baidu',
  email: 'email',
};

/**
 * Channels whose platform calls our webhook (the server has an adapter for each; its registry test
 * checks this list). Others — SDK channels and the WeChat H5 link — have no webhook address.
 */
export const webhookChannelTypes = [
  'mp',
  'mini',
  'wechatkefu',
  'wechatwork',
  'feishu',
  'line',
  'whatsapp',
  'messenger',
  'shopee',
  'lazada',
  'douyin',
  'weibo',
  'baiduyingxiao',
  'email',
] as const satisfies readonly ChannelType[];
export const hasWebhook = (type: ChannelType): boolean =>
  (webhookChannelTypes as readonly string[]).includes(type);

/** Marketplaces where a shop grants us access through the platform's OAuth page. */
export const authorizedChannelTypes = ['shopee', 'lazada'] as const satisfies readonly ChannelType[];
export const canAuthorize = (type: ChannelType): boolean =>
  (authorizedChannelTypes as readonly string[]).includes(type);

export type ChannelFieldKind = 'text' | 'url' | 'email' | 'number' | 'select' | 'textarea';

/**
 * One field of a channel account's connection form. `secret` fields are sealed at rest and never
 * returned: the API says only whether each is set. Labels live in the console's locales
 * (`channel.field.<key>`), help text under `channel.fieldHelp.<key>`.
 */
export type ChannelField = {
  key: string;
  kind: ChannelFieldKind;
  secret: boolean;
  required: boolean;
  /** For `select`. */
  options?: readonly string[];
  /** Default for a new account. */
  initial?: string;
  maxLength?: number;
};

const text = (key: string, required = true, maxLength = 200): ChannelField => ({
  key,
  kind: 'text',
  secret: false,
  required,
  maxLength,
});
const secret = (key: string, required = true, maxLength = 500): ChannelField => ({
  key,
  kind: 'text',
  secret: true,
  required,
  maxLength,
});
const select = (key: string, options: readonly string[], initial: string): ChannelField => ({
  key,
  kind: 'select',
  secret: false,
  required: true,
  options,
  initial,
});

/**
 * Shopee and Lazada: the organisation's own partner app, or the platform's (set up by platform
 * staff under platform → channel). Optional: accounts saved before it existed use their own.
 */
const appSource: ChannelField = {
  key: 'appSource',
  kind: 'select',
  secret: false,
  required: false,
  options: ['own', 'platform'],
  initial: 'own',
};

/**
 * The fields the platform's app fills in for an account that uses it (the platform's
 * `channelAppFields` of the same type carry these keys).
 */
export const platformAppFieldKeys = {
  shopee: ['partnerId', 'partnerKey'],
  lazada: ['appKey', 'appSecret'],
  // The account's AppID comes from its grant; messages are checked with the component's Token and key.
  mp: ['appId', 'appSecret', 'token', 'encryptMode', 'encodingAesKey'],
} as const satisfies Partial<Record<ChannelType, readonly string[]>>;

export type PlatformAppChannelType = keyof typeof platformAppFieldKeys;

/** The platform app (platform → channel, contract `channelAppTypes`) each channel connects through. */
export const platformAppTypeOf = {
  shopee: 'shopee',
  lazada: 'lazada',
  mp: 'wechat_open',
} as const satisfies Record<PlatformAppChannelType, string>;

export const platformAppChannelTypes = Object.keys(platformAppFieldKeys) as PlatformAppChannelType[];

export const canUsePlatformApp = (type: string): type is PlatformAppChannelType =>
  Object.hasOwn(platformAppFieldKeys, type);

/** The account connects through the platform's app. */
export const usesPlatformApp = (type: string, config: Record<string, string | undefined>): boolean =>
  canUsePlatformApp(type) && config.appSource === 'platform';

/** The account is connected by a grant (OAuth, or WeChat's third-party platform authorisation). */
export const isAuthorizedAccount = (type: string, config: Record<string, string | undefined>): boolean =>
  (authorizedChannelTypes as readonly string[]).includes(type) || usesPlatformApp(type, config);

/** A field the platform's app fills in when the account uses it (hidden, not required). */
export const isPlatformAppField = (type: string, key: string): boolean =>
  canUsePlatformApp(type) && (platformAppFieldKeys[type] as readonly string[]).includes(key);

/** GET /api/channel/platform-apps: the channel types whose platform app is set up and can be used. */
export const channelPlatformAppsSchema = z.object({ types: z.array(channelTypeSchema) });
export type ChannelPlatformApps = z.infer<typeof channelPlatformAppsSchema>;

/** What each platform needs to connect (its developer console's names). */
export const channelFields: Record<ChannelType, readonly ChannelField[]> = {
  app: [select('platform', ['android', 'ios'], 'android')],
  uniapp: [],
  flutter: [],
  web: [],
  // WeChat's "Token" and "EncodingAESKey" are chosen by the admin (we suggest random ones) and pasted into both sides.
  mp: [
    appSource,
    text('appId'),
    secret('appSecret'),
    secret('token', true, 32),
    select('encryptMode', ['plain', 'compatible', 'safe'], 'safe'),
    secret('encodingAesKey', false, 43),
  ],
  mini: [
    text('appId'),
    secret('appSecret'),
    secret('token', true, 32),
    select('encryptMode', ['plain', 'safe'], 'safe'),
    secret('encodingAesKey', false, 43),
  ],
  wechat: [text('appId'), secret('appSecret')],
  wechatkefu: [
    text('corpId'),
    secret('secret'),
    secret('token', true, 32),
    secret('encodingAesKey', true, 43),
  ],
  wechatwork: [
    text('corpId'),
    text('agentId', true, 20),
    secret('secret'),
    secret('token', true, 32),
    secret('encodingAesKey', true, 43),
  ],
  feishu: [text('appId'), secret('appSecret'), secret('verificationToken'), secret('encryptKey', false)],
  shopee: [appSource, text('partnerId', true, 20), secret('partnerKey'), text('shopId', false, 20)],
  lazada: [
    appSource,
    text('appKey', true, 40),
    secret('appSecret'),
    select('region', ['sg', 'my', 'th', 'vn', 'ph', 'id'], 'sg'),
  ],
  whatsapp: [
    text('phoneNumberId', true, 40),
    secret('accessToken', true, 1000),
    secret('appSecret'),
    secret('verifyToken'),
  ],
  messenger: [
    text('pageId', true, 40),
    secret('pageAccessToken', true, 1000),
    secret('appSecret'),
    secret('verifyToken'),
  ],
  line: [secret('channelSecret'), secret('channelAccessToken', true, 1000)],
  douyin: [text('clientKey'), secret('clientSecret')],
  weibo: [text('appKey'), secret('appSecret'), secret('accessToken', true, 1000)],
  baiduyingxiao: [text('appId'), secret('appSecret'), secret('token')],
  // Mail arrives through the provider's inbound-parse webhook (as tickets' does); replies leave by SMTP.
  email: [
    { key: 'address', kind: 'email', secret: false, required: true, maxLength: 200 },
    text('smtpHost'),
    { key: 'smtpPort', kind: 'number', secret: false, required: true, initial: '465' },
    text('username', false),
    secret('password', false),
    secret('inboundSecret', true, 200),
  ],
};

export const channelStatusSchema = z.enum(['connected', 'error', 'disabled']);
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

export const channelAccountSchema = z.object({
  caid: z.string(),
  type: channelTypeSchema,
  name: z.string(),
  /** The skill group that receives this channel's conversations (null: the organisation's default). */
  workgroup: z.object({ wid: z.string(), nickname: z.string() }).nullable(),
  /** Non-secret settings, as the form's fields name them. */
  config: z.record(z.string(), z.string()),
  /** Which secret fields hold a value (the values themselves are never returned). */
  secretsSet: z.array(z.string()),
  /** The address the platform calls (null for SDK channels, which use the visitor API). */
  webhookUrl: z.string().nullable(),
  /** SDK channels: the key an app passes to /visitor/api/init. */
  appKey: z.string().nullable(),
  status: channelStatusSchema,
  enabled: z.boolean(),
  lastInboundAt: z.number().nullable(),
  lastOutboundAt: z.number().nullable(),
  lastError: z.string(),
  lastErrorAt: z.number().nullable(),
  createdAt: z.number(),
});
export type ChannelAccount = z.infer<typeof channelAccountSchema>;

const configValues = z.record(z.string().max(64), z.string().max(2000));

export const channelQuerySchema = pageQuerySchema.extend({
  type: channelTypeSchema.optional(),
});
export type ChannelQuery = z.infer<typeof channelQuerySchema>;

export const channelCreateBodySchema = z.object({
  type: channelTypeSchema,
  name: z.string().trim().min(1).max(64),
  wid: z.string().trim().max(64).optional(),
  /** Every field of the type's form, secret or not, by key. */
  config: configValues.default({}),
});
export type ChannelCreateBody = z.infer<typeof channelCreateBodySchema>;

export const channelUpdateBodySchema = z.object({
  caid: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(64).optional(),
  /** '' sends the channel's conversations to the organisation's default skill group. */
  wid: z.string().trim().max(64).optional(),
  /** Fields to change; a secret left out (or empty) keeps its stored value. */
  config: configValues.optional(),
});
export type ChannelUpdateBody = z.infer<typeof channelUpdateBodySchema>;

export const caidBodySchema = z.object({ caid: z.string().trim().min(1).max(64) });

export const channelTestResultSchema = z.object({
  ok: z.boolean(),
  /** What the platform said (an account name, an error). */
  detail: z.string(),
  account: channelAccountSchema,
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

export const channelOverviewQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

/** Message counts of one channel over the overview's days. */
export const channelOverviewRowSchema = z.object({
  type: channelTypeSchema,
  accounts: z.number(),
  connected: z.number(),
  inbound: z.number(),
  outbound: z.number(),
  failed: z.number(),
  conversations: z.number(),
});
export const channelOverviewSchema = z.object({
  days: z.number(),
  rows: z.array(channelOverviewRowSchema),
});
export type ChannelOverview = z.infer<typeof channelOverviewSchema>;
