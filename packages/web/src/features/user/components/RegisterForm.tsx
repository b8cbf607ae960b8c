import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import type { RegisterBody } from '@openkefu/contract';
import { parseError, type ParsedError } from '../../../shared/api/parseError';
import { register, sendEmailCode, sendSmsCode } from '../../../shared/auth/session';
import { UserLayout } from './UserLayout';
import { FormAlert, PasswordField, SubmitButton, TextField } from './Form';
import { SendCodeButton } from './SendCodeButton';
import { ServerErrorAlert } from './ServerErrorAlert';
import { isCodeMethodEnabled, usePublicConfig } from '../hooks/usePublicConfig';
import { useFormFields } from '../hooks/useFormFields';
import {
  validateCode,
  validateConfirmPassword,
  validateEmail,
  validateMobile,
  validateNewPassword,
  validateNewUsername,
  validateNickname,
  validateOrganization,
  type Validation,
} from '../validation';

export type RegisterMethod = RegisterBody['method'];
type RegisterField =
  'username' | 'email' | 'mobile' | 'code' | 'nickname' | 'organization' | 'password' | 'confirm';

const EMPTY: Record<RegisterField, string> = {
  username: '',
  email: '',
  mobile: '',
  code: '',
  nickname: '',
  organization: '',
  password: '',
  confirm: '',
};

const METHOD_PATHS: Record<RegisterMethod, string> = {
  username: '/antv/user/register',
  email: '/antv/user/register-email',
  mobile: '/antv/user/register-mobile',
};

/** The three register pages (username, email, mobile) share this form (contract: register.ts). */
export const RegisterForm = ({ method }: { method: RegisterMethod }) => {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const { config, isLoading } = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, setValue, validate, showServerFields } = useFormFields(EMPTY, formRef);
  const [isPending, setPending] = useState(false);
  const [serverError, setServerError] = useState<ParsedError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const isAvailable = (m: RegisterMethod) => m === 'username' || isCodeMethodEnabled(config, m);
  const methods = (['username', 'email', 'mobile'] as const).filter(isAvailable);
  const isUnavailable = !isLoading && !isAvailable(method);

  const sendCode = async (): Promise<boolean | number> => {
    const channel = method === 'mobile' ? 'mobile' : 'email';
    const address = values[channel];
    if (!validate({ [channel]: channel === 'mobile' ? validateMobile(address) : validateEmail(address) }))
      return false;
    setServerError(null);
    setNotice(null);
    try {
      const sent =
        channel === 'mobile'
          ? await sendSmsCode(address, 'register')
          : await sendEmailCode(address, 'register');
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
    if (isPending) return;
    const checks: Partial<Record<RegisterField, Validation>> = {
      nickname: validateNickname(values.nickname),
      organization: validateOrganization(values.organization),
      password: validateNewPassword(values.password),
      confirm: validateConfirmPassword(values.confirm, values.password),
    };
    if (method === 'username') {
      checks.username = validateNewUsername(values.username);
      checks.email = validateEmail(values.email, { isOptional: true });
    } else if (method === 'email') {
      checks.email = validateEmail(values.email);
      checks.code = validateCode(values.code);
    } else {
      checks.mobile = validateMobile(values.mobile);
      checks.code = validateCode(values.code);
    }
    // Keep the on-screen order for focus: identity first, then the rest.
    if (!validate(checks)) return;

    const base = {
      nickname: values.nickname.trim(),
      organization: values.organization.trim(),
      password: values.password,
    };
    const body: RegisterBody =
      method === 'username'
        ? {
            ...base,
            method,
            username: values.username.trim(),
            ...(values.email.trim() ? { email: values.email.trim() } : {}),
          }
        : method === 'email'
          ? { ...base, method, email: values.email.trim(), code: values.code.trim() }
          : { ...base, method, mobile: values.mobile.trim(), code: values.code.trim() };

    setPending(true);
    setServerError(null);
    setNotice(null);
    try {
      const result = await register(body);
      navigate(`/antv/user/register-result?username=${encodeURIComponent(result.username)}`);
    } catch (error) {
      const parsed = parseError(error);
      setServerError(parsed);
      showServerFields(parsed.fields);
      setPending(false);
    }
  };

  return (
    <UserLayout title={t('register.title')} isWide>
      <p className="ok-user__intro">{t('register.intro')}</p>
      {methods.length > 1 && (
        <nav className="ok-tabs ok-tabs--links" aria-label={t('register.methodsLabel')}>
          {methods.map((m) => (
            <NavLink
              key={m}
              to={METHOD_PATHS[m]}
              replace
              end
              className={({ isActive }) => (isActive ? 'ok-tabs__tab ok-tabs__tab--active' : 'ok-tabs__tab')}
            >
              {t(
                m === 'username'
                  ? 'register.byUsername'
                  : m === 'email'
                    ? 'register.byEmail'
                    : 'register.byMobile',
              )}
            </NavLink>
          ))}
        </nav>
      )}
      {isUnavailable ? (
        <>
          <FormAlert kind="warning">
            {t(method === 'email' ? 'register.emailUnavailable' : 'register.mobileUnavailable')}
          </FormAlert>
          <Link to={METHOD_PATHS.username}>{t('register.useUsername')}</Link>
        </>
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={t('register.title')}
        >
          <ServerErrorAlert error={serverError} />
          {notice && <FormAlert kind="info">{notice}</FormAlert>}
          {method === 'username' && (
            <>
              <TextField
                label={t('field.username')}
                name="username"
                autoComplete="username"
                placeholder={t('placeholder.username')}
                value={values.username}
                onValueChange={setValue('username')}
                error={errors.username}
                maxLength={32}
              />
              <TextField
                label={`${t('field.email')} ${t('common.optional')}`}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder={t('placeholder.email')}
                value={values.email}
                onValueChange={setValue('email')}
                error={errors.email}
              />
            </>
          )}
          {method === 'email' && (
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
          )}
          {method === 'mobile' && (
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
          {method !== 'username' && (
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
          )}
          <TextField
            label={t('field.nickname')}
            name="nickname"
            autoComplete="name"
            placeholder={t('placeholder.nickname')}
            value={values.nickname}
            onValueChange={setValue('nickname')}
            error={errors.nickname}
            maxLength={32}
          />
          <TextField
            label={t('field.organization')}
            name="organization"
            autoComplete="organization"
            placeholder={t('placeholder.organization')}
            value={values.organization}
            onValueChange={setValue('organization')}
            error={errors.organization}
            maxLength={64}
          />
          <PasswordField
            label={t('field.password')}
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
            label={t('register.submit')}
            pendingLabel={t('register.submitting')}
          />
        </form>
      )}
      <div className="ok-user__center">
        {t('register.haveAccount')} <Link to="/antv/user/login">{t('register.login')}</Link>
      </div>
    </UserLayout>
  );
};
