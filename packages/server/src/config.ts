import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PaymentKeyError, readPrivateKeyPem, readPublicKeyPem } from './lib/payments/payment.keys.js';

/**
 * Server configuration: read once from the environment at start and validated, so that a typo
 * stops the process with a message naming the variable instead of failing later at runtime.
 */

const booleanValue = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value),
    'must be true or false',
  )
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const urlOrEmpty = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || /^(https?:\/\/|mailto:|\/)\S*$/.test(value),
    'must be an http(s) address, a mailto: link or a path',
  );

/** A key given as PEM text, base64 or a file path, read into PEM text ('' stays ''). */
const keyValue = (read: (value: string) => string) =>
  z.string().transform((value, ctx) => {
    if (value.trim() === '') return '';
    try {
      return read(value);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: error instanceof PaymentKeyError ? error.message : String(error),
      });
      return z.NEVER;
    }
  });

const paymentApiBases = ['wechatpay', 'alipay'] as const;

const wechatPayNames = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_CERT_SERIAL',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PUBLIC_KEY',
  'WECHATPAY_PUBLIC_KEY_ID',
] as const;
const alipayNames = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;

/** A comma-separated list of ICE server addresses, each matching `pattern`. */
const iceUrls = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        value
          .split(',')
          .map((url) => url.trim())
          .every((url) => pattern.test(url)),
      `must be ${message}`,
    );

const envSchema = z
  .object({
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int()
      .min(1, 'must be 1–65535')
      .max(65_535, 'must be 1–65535'),
    HOST: z.string().trim().min(1),
    NODE_ENV: z.enum(['development', 'production', 'test'], {
      message: 'must be development, production or test',
    }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be fatal, error, warn, info, debug, trace or silent',
    }),
    DATA_DIR: z.string().trim().min(1),
    DATABASE_URL: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^postgres(ql)?:\/\/\S+$/.test(value),
        'must be empty (SQLite) or a postgres:// URL',
      ),
    REDIS_URL: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^rediss?:\/\/\S+$/.test(value),
        'must be empty (in-process) or a redis:// URL',
      ),
    REDIS_PREFIX: z
      .string()
      .trim()
      .min(1)
      .max(64, 'must be at most 64 characters')
      .regex(/^[A-Za-z0-9_.:{}-]+$/, 'letters, digits and _ . : - { } only'),
    TRUST_PROXY: booleanValue,
    BOOTSTRAP_ADMIN_USERNAME: z
      .string()
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(32)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]*$/, 'letters, digits and _ . @ - only'),
    BOOTSTRAP_ADMIN_PASSWORD: z.string().min(5, 'must be at least 5 characters').max(64),
    ADMIN_ACCOUNT: z.string().trim().max(64),
    OAUTH_CLIENT_ID: z.string().trim().min(1).max(64),
    OAUTH_CLIENT_SECRET: z.string().min(1).max(128),
    PRIVATE_SERVER: booleanValue,
    SUPPORT_URL: urlOrEmpty,
    HELP_URL: urlOrEmpty,
    AGREEMENT_URL: urlOrEmpty,
    FEATURE_ONLINE_VISITOR: booleanValue,
    FEATURE_HISTORY_MESSAGE: booleanValue,
    FEATURE_MONITOR: booleanValue,
    FEATURE_QUALITY_CHECK: booleanValue,
    FEATURE_STATISTIC: booleanValue,
    FEATURE_SUPPORT: booleanValue,
    FEATURE_FEEDBACK: booleanValue,
    FEATURE_WECHAT_SCAN_LOGIN: booleanValue,
    FEATURE_IM: booleanValue,
    SHOW_DEBUG_MENUS: booleanValue,
    SMS_PROVIDER: z.enum(['log', 'none'], { message: 'must be log or none' }),
    EMAIL_PROVIDER: z.enum(['log', 'smtp', 'none'], { message: 'must be log, smtp or none' }),
    SMTP_URL: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^smtps?:\/\/\S+$/.test(value),
        'must be an smtp:// or smtps:// URL',
      ),
    MAIL_FROM: z.string().trim().min(3),
    WEB_DIST_DIR: z.string().trim().min(1),
    WIDGET_DIST_DIR: z.string().trim().min(1),
    PUBLIC_URL: z
      .string()
      .trim()
      .refine((value) => value === '' || /^https?:\/\/\S+$/.test(value), 'must be an http(s) address')
      .transform((value) => value.replace(/\/+$/, '')),
    UPLOAD_DIR: z.string().trim(),
    SECRET_KEY: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^[0-9a-fA-F]{64}$/.test(value) || /^[A-Za-z0-9+/]{43}=$/.test(value),
        'must be 32 bytes as 64 hex digits or 44 base64 characters',
      ),
    WECHAT_LOGIN_APP_ID: z.string().trim().max(64),
    WECHAT_LOGIN_APP_SECRET: z.string().trim().max(128),
    WECHAT_WORK_LOGIN_CORP_ID: z.string().trim().max(64),
    WECHAT_WORK_LOGIN_AGENT_ID: z.string().trim().regex(/^\d*$/, 'must be the app’s numeric AgentId').max(20),
    WECHAT_WORK_LOGIN_SECRET: z.string().trim().max(128),
    CHANNEL_API_BASES: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' ||
          value.split(',').every((pair) => /^[a-z][a-z0-9-]*=https?:\/\/\S+$/.test(pair.trim())),
        'must be platform=http(s)://address pairs separated by commas',
      ),
    WECHATPAY_MCH_ID: z
      .string()
      .trim()
      .regex(/^\d*$/, 'must be the merchant number (商户号, digits)')
      .max(32),
    WECHATPAY_APP_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]*$/, 'must be the AppID bound to the merchant, e.g. wx8888888888888888')
      .max(32),
    WECHATPAY_CERT_SERIAL: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]*$/, 'must be the merchant API certificate’s serial number (hex)')
      .max(64),
    WECHATPAY_PRIVATE_KEY: keyValue(readPrivateKeyPem),
    WECHATPAY_API_V3_KEY: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || /^[\x21-\x7e]{32}$/.test(value),
        'must be the 32-character APIv3 key',
      ),
    WECHATPAY_PUBLIC_KEY: keyValue(readPublicKeyPem),
    WECHATPAY_PUBLIC_KEY_ID: z
      .string()
      .trim()
      .regex(/^(PUB_KEY_ID_[A-Za-z0-9_]+)?$/, 'must be the WeChat Pay public key’s id, PUB_KEY_ID_…')
      .max(64),
    ALIPAY_APP_ID: z.string().trim().regex(/^\d*$/, 'must be the app’s numeric APPID').max(32),
    ALIPAY_PRIVATE_KEY: keyValue(readPrivateKeyPem),
    ALIPAY_PUBLIC_KEY: keyValue(readPublicKeyPem),
    PAYMENT_API_BASES: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' ||
          value
            .split(',')
            .every((pair) => new RegExp(`^(${paymentApiBases.join('|')})=https?://\\S+$`).test(pair.trim())),
        `must be provider=http(s)://address pairs separated by commas (providers: ${paymentApiBases.join(', ')})`,
      ),
    UPLOAD_MAX_IMAGE_MB: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number of megabytes')
      .min(1, 'must be 1–1024')
      .max(1024, 'must be 1–1024'),
    UPLOAD_MAX_FILE_MB: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number of megabytes')
      .min(1, 'must be 1–1024')
      .max(1024, 'must be 1–1024'),
    CALL_RING_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .min(0.1, 'must be 0.1–600')
      .max(600, 'must be 0.1–600'),
    CALL_RECONNECT_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .min(0.1, 'must be 0.1–120')
      .max(120, 'must be 0.1–120'),
    CALL_STUN_URLS: iceUrls(/^stuns?:\S+$/, 'stun: or stuns: addresses separated by commas'),
    CALL_TURN_URLS: iceUrls(/^turns?:\S+$/, 'turn: or turns: addresses separated by commas'),
    CALL_TURN_SECRET: z.string(),
    CALL_TURN_TTL_SECONDS: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number of seconds')
      .min(60, 'must be 60–604800')
      .max(604_800, 'must be 60–604800'),
  })
  .superRefine((env, ctx) => {
    if (env.EMAIL_PROVIDER === 'smtp' && env.SMTP_URL === '') {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when EMAIL_PROVIDER=smtp' });
    }
    if (env.NODE_ENV === 'production' && env.BOOTSTRAP_ADMIN_PASSWORD === defaultBootstrapPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['BOOTSTRAP_ADMIN_PASSWORD'],
        message: 'must be changed from the default when NODE_ENV=production',
      });
    }
    // A payment provider is all or nothing: half its settings would fail at the first payment.
    for (const [provider, names] of [
      ['WeChat Pay', wechatPayNames],
      ['Alipay', alipayNames],
    ] as const) {
      if (names.every((name) => env[name] === '')) continue;
      for (const name of names)
        if (env[name] === '')
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `is required for ${provider} (set all of ${names.join(', ')}, or none)`,
          });
    }
  });

type EnvName = keyof z.input<typeof envSchema>;

export const defaultBootstrapPassword = 'admin';

const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const defaultWidgetDistDir = fileURLToPath(new URL('../../widget/dist', import.meta.url));

export type ConfigDoc = { name: EnvName; default: string; description: string };

/** Every environment variable with its default and meaning; the README's configuration table comes from here. */
export const configDocs: ConfigDoc[] = [
  { name: 'PORT', default: '9003', description: 'HTTP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to bind.' },
  {
    name: 'NODE_ENV',
    default: 'development',
    description: 'development, production or test. Production refuses the default bootstrap password.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Directory for the SQLite database and other local data.',
  },
  {
    name: 'DATABASE_URL',
    default: '',
    description:
      'Empty: SQLite file DATA_DIR/openkefu.sqlite. postgres://user:pass@host:5432/db: PostgreSQL.',
  },
  {
    name: 'REDIS_URL',
    default: '',
    description:
      'Empty: rate limits and fan-out run in-process. redis://host:6379: shared by every server node. The server refuses to start when it cannot reach it; later outages make /ready answer 503 until it is back.',
  },
  {
    name: 'REDIS_PREFIX',
    default: 'openkefu:',
    description:
      'Prefix of every Redis key and channel (rate limits, presence, Socket.IO fan-out): give each deployment sharing a Redis its own.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers (set behind a load balancer so per-IP limits see the client address).',
  },
  {
    name: 'BOOTSTRAP_ADMIN_USERNAME',
    default: 'admin',
    description: 'Platform admin created on an empty database.',
  },
  {
    name: 'BOOTSTRAP_ADMIN_PASSWORD',
    default: defaultBootstrapPassword,
    description: 'Its initial password. Must be changed when NODE_ENV=production.',
  },
  {
    name: 'ADMIN_ACCOUNT',
    default: '(BOOTSTRAP_ADMIN_USERNAME)',
    description: 'The account that sees admin-only menu items (spec §6).',
  },
  {
    name: 'OAUTH_CLIENT_ID',
    default: 'client',
    description: 'OAuth client id the console sends as Basic auth to the token endpoints.',
  },
  { name: 'OAUTH_CLIENT_SECRET', default: 'secret', description: 'OAuth client secret.' },
  {
    name: 'PRIVATE_SERVER',
    default: 'false',
    description: 'Private-server mode: hides provider links, recharge, the code link and the footer.',
  },
  {
    name: 'SUPPORT_URL',
    default: 'https://github.com/openkefu/openkefu/issues',
    description: 'Header link: contact support (empty hides it).',
  },
  {
    name: 'HELP_URL',
    default: 'https://github.com/openkefu/openkefu#readme',
    description: 'Header link: help documentation (empty hides it).',
  },
  {
    name: 'AGREEMENT_URL',
    default: 'https://github.com/openkefu/openkefu/blob/main/LICENSE',
    description: 'Footer link: user agreement (empty hides it).',
  },
  { name: 'FEATURE_ONLINE_VISITOR', default: 'true', description: 'Feature switch: online visitors.' },
  { name: 'FEATURE_HISTORY_MESSAGE', default: 'true', description: 'Feature switch: history messages.' },
  { name: 'FEATURE_MONITOR', default: 'true', description: 'Feature switch: monitor.' },
  { name: 'FEATURE_QUALITY_CHECK', default: 'true', description: 'Feature switch: quality check.' },
  { name: 'FEATURE_STATISTIC', default: 'true', description: 'Feature switch: statistics.' },
  { name: 'FEATURE_SUPPORT', default: 'true', description: 'Feature switch: support (knowledge base).' },
  { name: 'FEATURE_FEEDBACK', default: 'true', description: 'Feature switch: feedback.' },
  {
    name: 'FEATURE_WECHAT_SCAN_LOGIN',
    default: 'false',
    description:
      'Feature switch: WeChat and Work WeChat scan sign-in (needs WECHAT_LOGIN_APP_ID/SECRET or the WECHAT_WORK_LOGIN_* settings).',
  },
  { name: 'FEATURE_IM', default: 'false', description: 'Feature switch: IM.' },
  {
    name: 'SHOW_DEBUG_MENUS',
    default: 'false',
    description:
      'Show the console menu items marked debug-only (pages still being built) in production builds too.',
  },
  {
    name: 'SMS_PROVIDER',
    default: 'log',
    description:
      'Login-code delivery by SMS: log (writes the code to the server log) or none (mobile login off).',
  },
  {
    name: 'EMAIL_PROVIDER',
    default: 'log',
    description: 'Login-code delivery by email: log, smtp (needs SMTP_URL) or none (email login off).',
  },
  {
    name: 'SMTP_URL',
    default: '',
    description: 'SMTP server for EMAIL_PROVIDER=smtp, e.g. smtps://user:pass@smtp.example.com:465.',
  },
  { name: 'MAIL_FROM', default: 'OpenKefu <no-reply@localhost>', description: 'Sender address of emails.' },
  { name: 'WEB_DIST_DIR', default: 'packages/web/dist', description: 'Built console served at /admin/.' },
  {
    name: 'WIDGET_DIST_DIR',
    default: 'packages/widget/dist',
    description: 'Built visitor chat page served at /chat/, and the embed loader at /embed.js.',
  },
  {
    name: 'PUBLIC_URL',
    default: '',
    description:
      'Public address of this server (printed at start and returned as the chat-server URL); empty: derived from the request.',
  },
  {
    name: 'UPLOAD_DIR',
    default: '(DATA_DIR/uploads)',
    description: 'Directory for uploaded files, served at /uploads/. Empty: the uploads folder in DATA_DIR.',
  },
  {
    name: 'SECRET_KEY',
    default: '(DATA_DIR/secret.key)',
    description:
      'Key that encrypts secrets at rest (large-model API keys): 32 bytes as 64 hex digits or base64. Empty: generated once into DATA_DIR/secret.key; set it when several nodes share one database.',
  },
  {
    name: 'WECHAT_LOGIN_APP_ID',
    default: '',
    description:
      'WeChat scan sign-in (FEATURE_WECHAT_SCAN_LOGIN=true): AppID of the WeChat Open Platform website application whose callback domain is this server.',
  },
  { name: 'WECHAT_LOGIN_APP_SECRET', default: '', description: 'AppSecret of that website application.' },
  {
    name: 'WECHAT_WORK_LOGIN_CORP_ID',
    default: '',
    description: 'Work WeChat scan sign-in: the CorpID of the company whose members sign in.',
  },
  {
    name: 'WECHAT_WORK_LOGIN_AGENT_ID',
    default: '',
    description:
      'Work WeChat scan sign-in: AgentId of the self-built app with web sign-in (trusted domain: this server).',
  },
  {
    name: 'WECHAT_WORK_LOGIN_SECRET',
    default: '',
    description: 'Work WeChat scan sign-in: that app’s Secret.',
  },
  {
    name: 'CHANNEL_API_BASES',
    default: '',
    description:
      "Other addresses for channel platforms' APIs, e.g. wechat=https://wx-proxy.internal,feishu=http://127.0.0.1:9300 (a proxy, a private deployment, or a test server). Platforms: wechat, wechat-open, wechat-mp, wework, wework-login, feishu, line, line-data, graph, shopee, lazada, lazada-auth, douyin, weibo, weibo-fans, weibo-upload, baidu.",
  },
  {
    name: 'WECHATPAY_MCH_ID',
    default: '',
    description:
      'WeChat Pay (API v3, Native QR payment) for recharges: the merchant number (商户号). WeChat Pay is offered when all seven WECHATPAY_* settings are set.',
  },
  {
    name: 'WECHATPAY_APP_ID',
    default: '',
    description:
      'WeChat Pay: the AppID bound to the merchant (official account, mini program or website app).',
  },
  {
    name: 'WECHATPAY_CERT_SERIAL',
    default: '',
    description:
      'WeChat Pay: serial number of the merchant API certificate (商户API证书序列号), which signs our requests.',
  },
  {
    name: 'WECHATPAY_PRIVATE_KEY',
    default: '',
    description:
      'WeChat Pay: the merchant API private key (apiclient_key.pem), as PEM text or the path of the file.',
  },
  {
    name: 'WECHATPAY_API_V3_KEY',
    default: '',
    description:
      'WeChat Pay: the APIv3 key (32 characters), which decrypts payment and refund notifications.',
  },
  {
    name: 'WECHATPAY_PUBLIC_KEY',
    default: '',
    description:
      'WeChat Pay: the WeChat Pay public key (微信支付公钥, pub_key.pem), as PEM text or a file path; it verifies answers and notifications.',
  },
  {
    name: 'WECHATPAY_PUBLIC_KEY_ID',
    default: '',
    description:
      'WeChat Pay: that public key’s id, PUB_KEY_ID_…; anything signed under another id is refused.',
  },
  {
    name: 'ALIPAY_APP_ID',
    default: '',
    description:
      'Alipay (computer-website payment, RSA2 public-key mode) for recharges: the APPID. Alipay is offered when ALIPAY_APP_ID and both keys are set.',
  },
  {
    name: 'ALIPAY_PRIVATE_KEY',
    default: '',
    description:
      'Alipay: the application private key, as PEM text, bare base64 (as Alipay’s key tool shows it) or a file path.',
  },
  {
    name: 'ALIPAY_PUBLIC_KEY',
    default: '',
    description:
      'Alipay: the Alipay public key (支付宝公钥) of the application, as PEM text, bare base64 or a file path.',
  },
  {
    name: 'PAYMENT_API_BASES',
    default: '',
    description:
      'Other addresses for the payment providers, e.g. wechatpay=https://api2.mch.weixin.qq.com,alipay=https://openapi-sandbox.dl.alipaydev.com/gateway.do (a backup domain, a sandbox or a test server). Defaults: https://api.mch.weixin.qq.com and https://openapi.alipay.com/gateway.do.',
  },
  {
    name: 'UPLOAD_MAX_IMAGE_MB',
    default: '5',
    description: 'Largest avatar or image upload, in megabytes.',
  },
  {
    name: 'UPLOAD_MAX_FILE_MB',
    default: '20',
    description: 'Largest file, attachment or Excel upload, in megabytes.',
  },
  {
    name: 'CALL_RING_SECONDS',
    default: '30',
    description: 'Voice and video calls: how long a call rings before it ends unanswered.',
  },
  {
    name: 'CALL_RECONNECT_SECONDS',
    default: '10',
    description:
      'Voice and video calls: how long a call waits for a party whose connection dropped (a network change, a server restart) before it ends.',
  },
  {
    name: 'CALL_STUN_URLS',
    default: '',
    description:
      'Calls: STUN servers for the browsers, e.g. stun:turn.example.com:3478 (comma-separated). Empty: none, calls work on one network only.',
  },
  {
    name: 'CALL_TURN_URLS',
    default: '',
    description:
      'Calls: TURN relays, e.g. turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349 (comma-separated); needed for calls across the internet.',
  },
  {
    name: 'CALL_TURN_SECRET',
    default: '',
    description:
      'Calls: coturn’s static-auth-secret (use-auth-secret); each party gets a time-limited TURN username and password per call.',
  },
  {
    name: 'CALL_TURN_TTL_SECONDS',
    default: '86400',
    description: 'Calls: how long those TURN credentials stay valid, in seconds.',
  },
];

const defaults: Record<EnvName, string> = {
  ...(Object.fromEntries(configDocs.map((doc) => [doc.name, doc.default])) as Record<EnvName, string>),
  ADMIN_ACCOUNT: '',
  WEB_DIST_DIR: defaultWebDistDir,
  WIDGET_DIST_DIR: defaultWidgetDistDir,
  UPLOAD_DIR: '',
  SECRET_KEY: '',
};

/** Variables where an explicit empty value means "empty" rather than "use the default". */
const emptyAllowed = new Set<EnvName>([
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'SUPPORT_URL',
  'HELP_URL',
  'AGREEMENT_URL',
  'ADMIN_ACCOUNT',
  'CHANNEL_API_BASES',
  'WECHAT_LOGIN_APP_ID',
  'WECHAT_LOGIN_APP_SECRET',
  'WECHAT_WORK_LOGIN_CORP_ID',
  'WECHAT_WORK_LOGIN_AGENT_ID',
  'WECHAT_WORK_LOGIN_SECRET',
  'PAYMENT_API_BASES',
  'CALL_STUN_URLS',
  'CALL_TURN_URLS',
  'CALL_TURN_SECRET',
  ...wechatPayNames,
  ...alipayNames,
]);

export type FeatureSwitches = {
  onlineVisitor: boolean;
  historyMessage: boolean;
  monitor: boolean;
  qualityCheck: boolean;
  statistic: boolean;
  support: boolean;
  feedback: boolean;
  wechatScanLogin: boolean;
  im: boolean;
};

export type Config = {
  port: number;
  host: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  /** Prefix of every Redis key and channel, so deployments can share one Redis. */
  redisPrefix: string;
  trustProxy: boolean;
  bootstrapAdmin: { username: string; password: string };
  adminAccount: string;
  oauthClient: { id: string; secret: string };
  privateServer: boolean;
  links: { support: string; help: string; agreement: string };
  features: FeatureSwitches;
  /** Show debug-only console menu items in production builds (SHOW_DEBUG_MENUS). */
  showDebugMenus: boolean;
  smsProvider: 'log' | 'none';
  emailProvider: 'log' | 'smtp' | 'none';
  smtpUrl: string;
  mailFrom: string;
  webDistDir: string;
  widgetDistDir: string;
  publicUrl: string;
  /** Where the local-disk storage keeps uploads. */
  uploadDir: string;
  /** SECRET_KEY as given ('' = the key file in dataDir): lib/sealed.ts reads it. */
  secretKey: string;
  uploadLimits: { imageMb: number; fileMb: number };
  /** Voice and video calls: ring timeout and the browsers' STUN/TURN servers. */
  calls: {
    ringMs: number;
    reconnectMs: number;
    stunUrls: string[];
    turnUrls: string[];
    turnSecret: string;
    turnTtlSeconds: number;
  };
  /** CHANNEL_API_BASES: a platform's API address in place of its public one (no trailing slash). */
  channelApiBases: Record<string, string>;
  /** Scan sign-in apps ('' when not configured). */
  wechatLogin: { appId: string; appSecret: string };
  wechatWorkLogin: { corpId: string; agentId: string; secret: string };
  /** Recharge payment providers (null: not configured); keys as PEM text. lib/payments/payment.providers.ts reads it. */
  payments: PaymentsConfig;
};

export type PaymentsConfig = {
  wechatpay: {
    mchId: string;
    appId: string;
    certSerial: string;
    privateKeyPem: string;
    apiV3Key: string;
    publicKeyPem: string;
    publicKeyId: string;
  } | null;
  alipay: { appId: string; privateKeyPem: string; alipayPublicKeyPem: string } | null;
  /** PAYMENT_API_BASES: a provider's API address in place of its public one (no trailing slash). */
  apiBases: Partial<Record<(typeof paymentApiBases)[number], string>>;
};

export class ConfigError extends Error {
  constructor(readonly problems: { name: string; message: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((problem) => `  ${problem.name}: ${problem.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const secretNames = new Set<string>([
  'CALL_TURN_SECRET',
  'BOOTSTRAP_ADMIN_PASSWORD',
  'OAUTH_CLIENT_SECRET',
  'SECRET_KEY',
  'WECHAT_LOGIN_APP_SECRET',
  'WECHAT_WORK_LOGIN_SECRET',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
  'ALIPAY_PRIVATE_KEY',
  // Public keys are not secret, but a private key pasted there by mistake must not reach the logs.
  'WECHATPAY_PUBLIC_KEY',
  'ALIPAY_PUBLIC_KEY',
]);

// Start-up errors end up in logs: never echo a secret, nor the credentials inside a URL.
const describeValue = (name: string, value: string): string =>
  secretNames.has(name)
    ? `${value.length} characters`
    : JSON.stringify(value.replace(/\/\/[^@/]*@/, '//***@'));

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(defaults) as EnvName[]) {
    const value = env[name];
    raw[name] =
      value === undefined || (value.trim() === '' && !emptyAllowed.has(name)) ? defaults[name] : value;
  }
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return { name, message: `${issue.message} (got ${describeValue(name, raw[name] ?? '')})` };
      }),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY,
    bootstrapAdmin: { username: e.BOOTSTRAP_ADMIN_USERNAME, password: e.BOOTSTRAP_ADMIN_PASSWORD },
    adminAccount: e.ADMIN_ACCOUNT === '' ? e.BOOTSTRAP_ADMIN_USERNAME : e.ADMIN_ACCOUNT,
    oauthClient: { id: e.OAUTH_CLIENT_ID, secret: e.OAUTH_CLIENT_SECRET },
    privateServer: e.PRIVATE_SERVER,
    links: { support: e.SUPPORT_URL, help: e.HELP_URL, agreement: e.AGREEMENT_URL },
    features: {
      onlineVisitor: e.FEATURE_ONLINE_VISITOR,
      historyMessage: e.FEATURE_HISTORY_MESSAGE,
      monitor: e.FEATURE_MONITOR,
      qualityCheck: e.FEATURE_QUALITY_CHECK,
      statistic: e.FEATURE_STATISTIC,
      support: e.FEATURE_SUPPORT,
      feedback: e.FEATURE_FEEDBACK,
      wechatScanLogin: e.FEATURE_WECHAT_SCAN_LOGIN,
      im: e.FEATURE_IM,
    },
    showDebugMenus: e.SHOW_DEBUG_MENUS,
    smsProvider: e.SMS_PROVIDER,
    emailProvider: e.EMAIL_PROVIDER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDistDir: resolve(e.WEB_DIST_DIR),
    widgetDistDir: resolve(e.WIDGET_DIST_DIR),
    publicUrl: e.PUBLIC_URL,
    uploadDir: e.UPLOAD_DIR === '' ? join(resolve(e.DATA_DIR), 'uploads') : resolve(e.UPLOAD_DIR),
    secretKey: e.SECRET_KEY,
    uploadLimits: { imageMb: e.UPLOAD_MAX_IMAGE_MB, fileMb: e.UPLOAD_MAX_FILE_MB },
    calls: {
      ringMs: Math.round(e.CALL_RING_SECONDS * 1000),
      reconnectMs: Math.round(e.CALL_RECONNECT_SECONDS * 1000),
      stunUrls: splitList(e.CALL_STUN_URLS),
      turnUrls: splitList(e.CALL_TURN_URLS),
      turnSecret: e.CALL_TURN_SECRET,
      turnTtlSeconds: e.CALL_TURN_TTL_SECONDS,
    },
    wechatLogin: { appId: e.WECHAT_LOGIN_APP_ID, appSecret: e.WECHAT_LOGIN_APP_SECRET },
    wechatWorkLogin: {
      corpId: e.WECHAT_WORK_LOGIN_CORP_ID,
      agentId: e.WECHAT_WORK_LOGIN_AGENT_ID,
      secret: e.WECHAT_WORK_LOGIN_SECRET,
    },
    payments: {
      wechatpay: e.WECHATPAY_MCH_ID
        ? {
            mchId: e.WECHATPAY_MCH_ID,
            appId: e.WECHATPAY_APP_ID,
            certSerial: e.WECHATPAY_CERT_SERIAL.toUpperCase(),
            privateKeyPem: e.WECHATPAY_PRIVATE_KEY,
            apiV3Key: e.WECHATPAY_API_V3_KEY,
            publicKeyPem: e.WECHATPAY_PUBLIC_KEY,
            publicKeyId: e.WECHATPAY_PUBLIC_KEY_ID,
          }
        : null,
      alipay: e.ALIPAY_APP_ID
        ? {
            appId: e.ALIPAY_APP_ID,
            privateKeyPem: e.ALIPAY_PRIVATE_KEY,
            alipayPublicKeyPem: e.ALIPAY_PUBLIC_KEY,
          }
        : null,
      apiBases: Object.fromEntries(
        e.PAYMENT_API_BASES.split(',')
          .map((pair) => pair.trim())
          .filter(Boolean)
          .map((pair) => {
            const at = pair.indexOf('=');
            return [pair.slice(0, at), pair.slice(at + 1).replace(/\/+$/, '')];
          }),
      ),
    },
    channelApiBases: Object.fromEntries(
      e.CHANNEL_API_BASES.split(',')
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1).replace(/\/+$/, '')];
        }),
    ),
  };
};

/** The README's configuration table, in Markdown (`npm run config-table -w @openkefu/server`). */
export const formatConfigTable = (): string =>
  [
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...configDocs.map(
      (doc) =>
        `| \`${doc.name}\` | ${doc.default === '' ? '(empty)' : `\`${doc.default}\``} | ${doc.description.replace(/\|/g, '\\|')} |`,
    ),
  ].join('\n');
