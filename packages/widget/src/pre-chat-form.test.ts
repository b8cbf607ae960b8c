import type { FormField } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { answersOf, isMobileNumber, validatePreChatForm } from './pre-chat-form.js';

const fields: FormField[] = [
  { key: 'name', label: '', type: 'text', required: true, options: [] },
  { key: 'mobile', label: '', type: 'mobile', required: true, options: [] },
  { key: 'email', label: '', type: 'email', required: false, options: [] },
  { key: 'age', label: '', type: 'number', required: false, options: [] },
  { key: 'plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
];

describe('validatePreChatForm', () => {
  it('asks for every required field', () => {
    expect(validatePreChatForm(fields, { name: '  ' })).toEqual({
      name: 'formRequired',
      mobile: 'formRequired',
      plan: 'formChoose',
    });
  });

  it('checks the format of mobile, email, age and the choice', () => {
    expect(
      validatePreChatForm(fields, {
        name: 'Ann',
        mobile: 'call me',
        email: 'nope',
        age: 'old',
        plan: 'Gold',
      }),
    ).toEqual({
      mobile: 'formMobileInvalid',
      email: 'formEmailInvalid',
      age: 'formNumberInvalid',
      plan: 'formChoose',
    });
    expect(
      validatePreChatForm(fields, { name: 'Ann', mobile: '13800138000', age: '200', plan: 'Pro' }),
    ).toEqual({
      age: 'formAgeInvalid',
    });
  });

  it('accepts a complete form and sends only its own keys, trimmed', () => {
    const values = {
      name: ' Ann ',
      mobile: '+86 138-0013-8000',
      email: 'ann@example.com',
      age: '34',
      plan: 'Pro',
      x: '1',
    };
    expect(validatePreChatForm(fields, values)).toEqual({});
    expect(answersOf(fields, values)).toEqual({
      name: 'Ann',
      mobile: '+86 138-0013-8000',
      email: 'ann@example.com',
      age: '34',
      plan: 'Pro',
    });
    expect(isMobileNumber(' 13800138000 ')).toBe(true);
    expect(isMobileNumber('12')).toBe(false);
  });
});
