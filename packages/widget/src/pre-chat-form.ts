import type { FormField } from '@openkefu/contract';
import type { WordKey } from './i18n.js';

/*
 * The pre-chat form's rules in the browser (keep in sync with checkFormAnswers in contract/src/form.ts,
 * which the server applies again). Plain code rather than the contract's function: importing the
 * contract at run time would pull zod into the widget's first load.
 */

export type FormValues = Record<string, string>;
export type FormErrors = Record<string, WordKey>;

const mobilePattern = /^\+?[0-9 -]{5,20}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const numberPattern = /^-?\d+(\.\d+)?$/;

export const validatePreChatForm = (fields: FormField[], values: FormValues): FormErrors => {
  const errors: FormErrors = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (!value) {
      if (field.required) errors[field.key] = field.type === 'select' ? 'formChoose' : 'formRequired';
      continue;
    }
    if (field.type === 'mobile' && !mobilePattern.test(value)) errors[field.key] = 'formMobileInvalid';
    else if (field.type === 'email' && (!emailPattern.test(value) || value.length > 128))
      errors[field.key] = 'formEmailInvalid';
    else if (field.type === 'number' && !numberPattern.test(value)) errors[field.key] = 'formNumberInvalid';
    else if (
      field.key === 'age' &&
      (!Number.isInteger(Number(value)) || Number(value) < 0 || Number(value) > 150)
    )
      errors[field.key] = 'formAgeInvalid';
    else if (field.type === 'select' && !field.options.includes(value)) errors[field.key] = 'formChoose';
  }
  return errors;
};

/** Only the form's own keys, trimmed: what goes as `form` in the thread request. */
export const answersOf = (fields: FormField[], values: FormValues): FormValues =>
  Object.fromEntries(
    fields
      .map((field) => [field.key, (values[field.key] ?? '').trim()] as const)
      .filter(([, value]) => value !== ''),
  );

export const isMobileNumber = (value: string): boolean => mobilePattern.test(value.trim());
