import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodePurpose } from '@openkefu/contract';
import { parseError, type ParsedError } from '../../../shared/api/parseError';
import { sendEmailCode, sendSmsCode } from '../../../shared/auth/session';
import { validateEmail, validateMobile, type Validation } from '../validation';
import type { FormFields } from './useFormFields';

export type ContactChannel = 'email' | 'mobile';

/**
 * What a public form shows besides its fields: the server's error, a notice (code sent) and
 * whether it is submitting. Server errors also mark the fields the server named.
 */
export const useFormStatus = <K extends string>({
  values,
  validate,
  showServerFields,
}: Pick<FormFields<K>, 'values' | 'validate' | 'showServerFields'>) => {
  const { t } = useTranslation('user');
  const [isPending, setPending] = useState(false);
  const [serverError, setServerError] = useState<ParsedError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const clear = () => {
    setServerError(null);
    setNotice(null);
  };

  const fail = (error: unknown, rename?: Partial<Record<string, K>>): ParsedError => {
    const parsed = parseError(error);
    setServerError(parsed);
    showServerFields(parsed.fields, rename);
    return parsed;
  };

  /** Submits: pending until `action` fails (on success it navigates away). */
  const submit = async (action: () => Promise<void>, rename?: Partial<Record<string, K>>) => {
    setPending(true);
    clear();
    try {
      await action();
    } catch (error) {
      fail(error, rename);
      setPending(false);
    }
  };

  /** Checks the address in field `channel`, then sends a code to it (for SendCodeButton). */
  const sendCode = async (
    channel: Extract<K, ContactChannel>,
    purpose: CodePurpose,
  ): Promise<boolean | number> => {
    const address = values[channel];
    const check = channel === 'mobile' ? validateMobile(address) : validateEmail(address);
    if (!validate({ [channel]: check } as Partial<Record<K, Validation>>)) return false;
    clear();
    try {
      const sent =
        channel === 'mobile' ? await sendSmsCode(address, purpose) : await sendEmailCode(address, purpose);
      setNotice(t('sendCode.sent', { minutes: Math.max(1, Math.round((sent?.expiresIn ?? 300) / 60)) }));
      return sent?.resendAfter ?? true;
    } catch (error) {
      // A rate-limited address waits as long as the server says before the button comes back.
      return fail(error).retryAfter ?? false;
    }
  };

  return { isPending, serverError, notice, clear, submit, sendCode };
};

export type FormStatus = ReturnType<typeof useFormStatus>;
