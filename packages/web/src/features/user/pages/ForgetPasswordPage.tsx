import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseError, type ParsedError } from '../../../shared/api/parseError';
import { resetPassword, sendEmailCode, sendSmsCode } from '../../../shared/auth/session';
import { UserLayout } from '../components/UserLayout';
import { FormAlert, PasswordField, SubmitButton, Tabs, TextField, type TabItem } from '../components/Form';
import { SendCodeButton } from '../components/SendCodeButton';
import { ServerErrorAlert } from '../components/ServerErrorAlert';
import { isCodeMethodEnabled, usePublicConfig } from '../hooks/usePublicConfig';
import { useFormFields } from '../hooks/useFormFields';
import {
  validateCode,
  validateConfirmPassword,
  validateEmail,
  validateMobile,
  validateNewPassword,
} from '../validation';

type ResetMethod = 'email' | 'mobile';
type ResetField = 'email' | 'mobile' | 'code' | 'password' | 'confirm';

const EMPTY: Record<ResetField, string> = { email: '', mobile: '', code: '', password: '', confirm: '' };

/** /antv/user/forget-password — a code to the bound email or mobile, then a new password twice. */
export const ForgetPasswordPage = () => {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const { config, isLoading } = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, setValue, validate, showServerFields, setErrors } = useFormFields(EMPTY, formRef);
  const [chosenMethod, setChosenMethod] = useState<ResetMethod>('email');
  const [isPending, setPending] = useState(false);
  const [serverError, setServerError] = useState<ParsedError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const tabs: Array<TabItem<ResetMethod>> = [];
  if (isCodeMethodEnabled(config, 'email')) tabs.push({ key: 'email', label: t('forget.byEmail') });
  if (isCodeMethodEnabled(config, 'mobile')) tabs.push({ key: 'mobile', label: t('forget.byMobile') });
  const method: ResetMethod | null =
    tabs.find((tab) => tab.key === chosenMethod)?.key ?? tabs[0]?.key ?? null;

  const switchMethod = (next: ResetMethod) => {
    setChosenMethod(next);
    setServerError(null);
    setNotice(null);
    setErrors({});
  };

  const sendCode = async (): Promise<boolean | number> => {
    if (!method) return false;
    const address = values[method];
    if (!validate({ [method]: method === 'mobile' ? validateMobile(address) : validateEmail(address) }))
      return false;
    setServerError(null);
    setNotice(null);
    try {
      const sent =
        method === 'mobile' ? await sendSmsCode(address, 'reset') : await sendEmailCode(address, 'reset');
      setNotice(t('sendCode.sent', { minutes: Math.max(1, Math.round((sent?.expiresIn ?? 300) / 60)) }));
      return sent?.resendAfter ?? true;
    } catch (error) {
      const parsed = parseError(error);
      setServerError(parsed);
      showServerFields(parsed.fields);
      return parsed.retryAfter ?? false;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending || !method) return;
    const isValid = validate({
      [method]: method === 'mobile' ? validateMobile(values.mobile) : validateEmail(values.email),
      code: validateCode(values.code),
      password: validateNewPassword(values.password),
      confirm: validateConfirmPassword(values.confirm, values.password),
    });
    if (!isValid) return;
    setPending(true);
    setServerError(null);
    setNotice(null);
    try {
      const code = values.code.trim();
      await resetPassword(
        method === 'mobile'
          ? { mobile: values.mobile.trim(), code, password: values.password }
          : { email: values.email.trim(), code, password: values.password },
      );
      navigate('/antv/user/forget-result', { replace: true });
    } catch (error) {
      const parsed = parseError(error);
      setServerError(parsed);
      showServerFields(parsed.fields);
      setPending(false);
    }
  };

  return (
    <UserLayout title={t('forget.title')}>
      {isLoading ? (
        <p className="ok-user__intro">{t('common.loading')}</p>
      ) : method === null ? (
        <FormAlert kind="warning">{t('forget.unavailable')}</FormAlert>
      ) : (
        <>
          <p className="ok-user__intro">{t('forget.intro')}</p>
          {tabs.length > 1 && (
            <Tabs label={t('forget.methodsLabel')} items={tabs} active={method} onChange={switchMethod} />
          )}
          <form
            ref={formRef}
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={t('forget.title')}
          >
            <ServerErrorAlert error={serverError} />
            {notice && <FormAlert kind="info">{notice}</FormAlert>}
            {method === 'email' ? (
              <TextField
                label={t('field.email')}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={t('placeholder.email')}
                value={values.email}
                onValueChange={setValue('email')}
                error={errors.email}
              />
            ) : (
              <TextField
                label={t('field.mobile')}
                name="mobile"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={t('placeholder.mobile')}
                value={values.mobile}
                onValueChange={setValue('mobile')}
                error={errors.mobile}
              />
            )}
            <TextField
              label={t('field.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('placeholder.code')}
              value={values.code}
              onValueChange={setValue('code')}
              error={errors.code}
              addon={<SendCodeButton onSend={sendCode} isDisabled={isPending} />}
            />
            <PasswordField
              label={t('field.newPassword')}
              name="password"
              autoComplete="new-password"
              placeholder={t('placeholder.newPassword')}
              value={values.password}
              onValueChange={setValue('password')}
              error={errors.password}
              maxLength={64}
            />
            <PasswordField
              label={t('field.confirmPassword')}
              name="confirm"
              autoComplete="new-password"
              placeholder={t('placeholder.confirmPassword')}
              value={values.confirm}
              onValueChange={setValue('confirm')}
              error={errors.confirm}
              maxLength={64}
            />
            <SubmitButton
              isPending={isPending}
              label={t('forget.submit')}
              pendingLabel={t('forget.submitting')}
            />
          </form>
        </>
      )}
      <div className="ok-user__links">
        <Link to="/antv/user/forget-bind">{t('forget.noBinding')}</Link>
        <Link to="/antv/user/login">{t('common.backToLogin')}</Link>
      </div>
    </UserLayout>
  );
};
