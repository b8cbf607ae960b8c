import { describe, expect, it } from 'vitest';
import {
  validateCode,
  validateConfirmPassword,
  validateEmail,
  validateLoginPassword,
  validateLoginUsername,
  validateMobile,
  validateNewPassword,
  validateNewUsername,
  validateNickname,
  validateOrganization,
} from './validation';

const keyOf = (result: ReturnType<typeof validateCode>) => result?.key ?? null;

describe('form validation', () => {
  it('login username and password are required', () => {
    expect(keyOf(validateLoginUsername('  '))).toBe('validation.usernameRequired');
    expect(keyOf(validateLoginUsername('a'))).toBeNull();
    expect(validateLoginUsername('x'.repeat(65))).toEqual({ key: 'validation.tooLong', max: 64 });
    expect(keyOf(validateLoginPassword(''))).toBe('validation.passwordRequired');
    expect(keyOf(validateLoginPassword('1'))).toBeNull();
  });

  it('new usernames follow the register rules', () => {
    expect(keyOf(validateNewUsername('ab'))).toBe('validation.usernameInvalid');
    expect(keyOf(validateNewUsername('_abc'))).toBe('validation.usernameInvalid');
    expect(keyOf(validateNewUsername('abc def'))).toBe('validation.usernameInvalid');
    expect(keyOf(validateNewUsername('x'.repeat(33)))).toBe('validation.usernameInvalid');
    expect(keyOf(validateNewUsername('alice.w@acme-1'))).toBeNull();
  });

  it('new passwords need 6–64 characters and must match', () => {
    expect(keyOf(validateNewPassword('12345'))).toBe('validation.passwordLength');
    expect(keyOf(validateNewPassword('123456'))).toBeNull();
    expect(keyOf(validateNewPassword('x'.repeat(65)))).toBe('validation.passwordLength');
    expect(keyOf(validateConfirmPassword('123457', '123456'))).toBe('validation.passwordMismatch');
    expect(keyOf(validateConfirmPassword('123456', '123456'))).toBeNull();
  });

  it('mobile numbers, emails and codes', () => {
    expect(keyOf(validateMobile(''))).toBe('validation.mobileRequired');
    expect(keyOf(validateMobile('12345'))).toBe('validation.mobileInvalid');
    expect(keyOf(validateMobile('138-0013'))).toBe('validation.mobileInvalid');
    expect(keyOf(validateMobile('+8613800138000'))).toBeNull();
    expect(keyOf(validateEmail(''))).toBe('validation.emailRequired');
    expect(keyOf(validateEmail('', { isOptional: true }))).toBeNull();
    expect(keyOf(validateEmail('a@b'))).toBe('validation.emailInvalid');
    expect(keyOf(validateEmail('a@b.co'))).toBeNull();
    expect(keyOf(validateCode(''))).toBe('validation.codeRequired');
    expect(keyOf(validateCode('12345'))).toBe('validation.codeInvalid');
    expect(keyOf(validateCode('12345a'))).toBe('validation.codeInvalid');
    expect(keyOf(validateCode(' 123456 '))).toBeNull();
  });

  it('nickname and organisation', () => {
    expect(keyOf(validateNickname(' '))).toBe('validation.nicknameRequired');
    expect(keyOf(validateOrganization(''))).toBe('validation.organizationRequired');
    expect(validateOrganization('x'.repeat(65))).toEqual({ key: 'validation.tooLong', max: 64 });
  });
});
