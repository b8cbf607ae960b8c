import { z } from 'zod';

export const tokenLifetimeSeconds = 604_800;

export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  scope: z.string().max(64).optional(),
});

export const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(256),
  scope: z.string().max(64).optional(),
});

export const mobileSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{6,20}$/, 'must be a mobile number');
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'must be six digits');

export const mobileGrantSchema = z.object({
  grant_type: z.literal('mobile').optional(),
  mobile: mobileSchema,
  code: verificationCodeSchema,
  scope: z.string().max(64).optional(),
});

export const emailGrantSchema = z.object({
  grant_type: z.literal('email').optional(),
  email: z.string().trim().email().max(128),
  code: verificationCodeSchema,
  scope: z.string().max(64).optional(),
});

/** OAuth 2 token endpoint reply (bare, no envelope). `result.isLogin` is what spec §8 checks on 401. */
export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
  jti: z.string(),
  result: z.object({ isLogin: z.boolean() }).optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_scope',
  'user_disabled',
  'too_many_attempts',
] as const;
export const oauthErrorSchema = z.object({
  error: z.enum(oauthErrorCodes),
  error_description: z.string(),
  message: z.string(),
  retryAfter: z.number().int().optional(),
});
export type OAuthError = z.infer<typeof oauthErrorSchema>;

/** GET /sms/api/send/{provider} */
export const smsProviderSchema = z.enum(['log', 'aliyun', 'tencent']);
export const smsSendQuerySchema = z.object({
  mobile: mobileSchema,
  client: z.string().max(32).optional(),
  purpose: z.enum(['login', 'register', 'reset']).default('login'),
});

/** POST /email/code — our naming for the email counterpart of the SMS send call. */
export const emailSendBodySchema = z.object({
  email: z.string().trim().email().max(128),
  client: z.string().max(32).optional(),
  purpose: z.enum(['login', 'register', 'reset']).default('login'),
});

export const codeSentSchema = z.object({
  /** Seconds before another code may be requested for the same address. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;
