import { z } from 'zod';
import { mobileSchema, verificationCodeSchema } from './auth.js';

/** Purpose a verification code is sent for; a code only works for the purpose it was sent for. */
export const codePurposeSchema = z.enum(['login', 'register', 'reset']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]*$/, 'letters, digits and _ . @ - only');

export const passwordSchema = z.string().min(6).max(64);

const registerBase = z.object({
  password: passwordSchema,
  nickname: z.string().trim().min(1).max(32),
  /** Name of the organisation the new admin account owns. */
  organization: z.string().trim().min(1).max(64),
});

/**
 * POST /api/v1/register — public. A registered account is the admin (ROLE_ADMIN) of a new
 * organisation. `method` picks the page: register (username), register-email, register-mobile.
 */
export const registerBodySchema = z.discriminatedUnion('method', [
  registerBase.extend({
    method: z.literal('username'),
    username: usernameSchema,
    email: z.string().trim().email().max(128).optional(),
  }),
  registerBase.extend({
    method: z.literal('email'),
    email: z.string().trim().email().max(128),
    code: verificationCodeSchema,
  }),
  registerBase.extend({ method: z.literal('mobile'), mobile: mobileSchema, code: verificationCodeSchema }),
]);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerResultSchema = z.object({
  uid: z.string(),
  username: z.string(),
  subDomain: z.string(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** POST /api/v1/password/forget — public: set a new password with a code sent for `reset`. */
export const forgetPasswordBodySchema = z.union([
  z.object({
    email: z.string().trim().email().max(128),
    code: verificationCodeSchema,
    password: passwordSchema,
  }),
  z.object({ mobile: mobileSchema, code: verificationCodeSchema, password: passwordSchema }),
]);
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBodySchema>;

/**
 * POST /api/user/bind/email and /bind/mobile — the signed-in user binds (or changes) an address,
 * proven with a code sent to it for purpose `register` (that send answers 409 for an address any
 * account already uses, which is exactly the rule for binding).
 */
export const bindEmailBodySchema = z.object({
  email: z.string().trim().email().max(128),
  code: verificationCodeSchema,
});
export type BindEmailBody = z.infer<typeof bindEmailBodySchema>;

export const bindMobileBodySchema = z.object({ mobile: mobileSchema, code: verificationCodeSchema });
export type BindMobileBody = z.infer<typeof bindMobileBodySchema>;

/** What the bind calls answer: the account's addresses after the change. */
export const accountBindingSchema = z.object({ email: z.string().nullable(), mobile: z.string().nullable() });
export type AccountBinding = z.infer<typeof accountBindingSchema>;
