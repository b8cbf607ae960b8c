import { z } from 'zod';

/** GET /api/v1/config — public: read by the login page and the console before sign-in. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  version: z.string(),
  privateServer: z.boolean(),
  /** Spec §1 feature switches. */
  features: z.object({
    onlineVisitor: z.boolean(),
    historyMessage: z.boolean(),
    monitor: z.boolean(),
    qualityCheck: z.boolean(),
    statistic: z.boolean(),
    support: z.boolean(),
    feedback: z.boolean(),
    wechatScanLogin: z.boolean(),
    im: z.boolean(),
  }),
  links: z.object({
    support: z.string(),
    help: z.string(),
    agreement: z.string(),
  }),
  /** Where uploads are posted (spec §7 "upload host"); empty means this server. */
  uploadBaseUrl: z.string(),
  /** Show debug-only menu items (spec §2) in a production build too (SHOW_DEBUG_MENUS, off by default). */
  showDebugMenus: z.boolean(),
  /** Login by mobile or email code is offered only when a delivery provider is configured. */
  loginMethods: z.array(z.enum(['password', 'mobile', 'email'])),
  /** Scan sign-in providers configured on this server (empty unless features.wechatScanLogin). */
  scanLogin: z.array(z.enum(['wechat', 'wechatWork'])).optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Chat-server info (spec §3): where real-time clients connect. */
export const chatServerInfoSchema = z.object({ url: z.string(), shortDomain: z.string(), ip: z.string() });
export type ChatServerInfo = z.infer<typeof chatServerInfoSchema>;
