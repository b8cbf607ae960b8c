/**
 * Client-side checks of the public forms. They mirror the contract's zod schemas
 * (packages/contract/src/auth.ts, register.ts) — keep in sync — but are plain functions so the
 * login page does not load zod. Each returns the `user` namespace key of its message, or null.
 */
export type ValidationKey =
  | 'validation.usernameRequired'
  | 'validation.usernameInvalid'
  | 'validation.passwordRequired'
  | 'validation.passwordLength'
  | 'validation.passwordMismatch'
  | 'validation.mobileRequired'
  | 'validation.mobileInvalid'
  | 'validation.emailRequired'
  | 'validation.emailInvalid'
  | 'validation.codeRequired'
  | 'validation.codeInvalid'
  | 'validation.nicknameRequired'
  | 'validation.organizationRequired'
  | 'validation.tooLong';

export type Validation = { key: ValidationKey; max?: number } | null;

const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]*$/;
const MOBILE_PATTERN = /^\+?[0-9]{6,20}$/;
const CODE_PATTERN = /^[0-9]{6}$/;
// Deliberately loose: one @, something on both sides, a dot in the domain. The server decides.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in: any non-empty username up to 64 characters (accounts may predate the register rules). */
export const validateLoginUsername = (value: string): Validation => {
  const text = value.trim();
  if (text === '') return { key: 'validation.usernameRequired' };
  if (text.length > 64) return { key: 'validation.tooLong', max: 64 };
  return null;
};

export const validateLoginPassword = (value: string): Validation => {
  if (value === '') return { key: 'validation.passwordRequired' };
  if (value.length > 128) return { key: 'validation.tooLong', max: 128 };
  return null;
};

/** Register: 3–32 characters, letters, digits and _ . @ -, starting with a letter or digit. */
export const validateNewUsername = (value: string): Validation => {
  const text = value.trim();
  if (text === '') return { key: 'validation.usernameRequired' };
  if (text.length < 3 || text.length > 32 || !USERNAME_PATTERN.test(text))
    return { key: 'validation.usernameInvalid' };
  return null;
};

export const validateNewPassword = (value: string): Validation => {
  if (value === '') return { key: 'validation.passwordRequired' };
  if (value.length < 6 || value.length > 64) return { key: 'validation.passwordLength' };
  return null;
};

export const validateConfirmPassword = (value: string, password: string): Validation => {
  if (value === '') return { key: 'validation.passwordRequired' };
  if (value !== password) return { key: 'validation.passwordMismatch' };
  return null;
};

export const validateMobile = (value: string): Validation => {
  const text = value.trim();
  if (text === '') return { key: 'validation.mobileRequired' };
  if (!MOBILE_PATTERN.test(text)) return { key: 'validation.mobileInvalid' };
  return null;
};

export const validateEmail = (
  value: string,
  { isOptional = false }: { isOptional?: boolean } = {},
): Validation => {
  const text = value.trim();
  if (text === '') return isOptional ? null : { key: 'validation.emailRequired' };
  if (text.length > 128) return { key: 'validation.tooLong', max: 128 };
  if (!EMAIL_PATTERN.test(text)) return { key: 'validation.emailInvalid' };
  return null;
};

export const validateCode = (value: string): Validation => {
  const text = value.trim();
  if (text === '') return { key: 'validation.codeRequired' };
  if (!CODE_PATTERN.test(text)) return { key: 'validation.codeInvalid' };
  return null;
};

export const validateNickname = (value: string): Validation => {
  const text = value.trim();
  if (text === '') return { key: 'validation.nicknameRequired' };
  if (text.length > 32) return { key: 'validation.tooLong', max: 32 };
  return null;
};

export const validateOrganization = (value: string): Validation => {
  const text = value.trim();
  if (text === '') return { key: 'validation.organizationRequired' };
  if (text.length > 64) return { key: 'validation.tooLong', max: 64 };
  return null;
};
