import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import type { RegisterBody } from '@openkefu/contract';
import { register } from '../../../shared/auth/session';
import { UserLayout } from './UserLayout';
import { FormAlert, TextField } from './Form';
import { ContactCodeFields, ContactField, NewPasswordFields, UsernameField } from './AccountFields';
import { UserForm } from './UserForm';
import { isCodeMethodEnabled, usePublicConfig } from '../hooks/usePublicConfig';
import { useFormFields } from '../hooks/useFormFields';
import { useFormStatus } from '../hooks/useFormStatus';
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
import '../i18n';

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
  const form = useFormFields(EMPTY, formRef);
  const { values, field, validate } = form;
  const status = useFormStatus(form);

  const isAvailable = (m: RegisterMethod) => m === 'username' || isCodeMethodEnabled(config, m);
  const methods = (['username', 'email', 'mobile'] as const).filter(isAvailable);
  const isUnavailable = !isLoading && !isAvailable(method);

  const submit = async () => {
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

    await status.submit(async () => {
      const result = await register(body);
      navigate(`/antv/user/register-result?username=${encodeURIComponent(result.username)}`);
    });
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
        <UserForm
          formRef={formRef}
          label={t('register.title')}
          status={status}
          onSubmit={submit}
          submitLabel={t('register.submit')}
          pendingLabel={t('register.submitting')}
        >
          {method === 'username' ? (
            <>
              <UsernameField {...field('username')} maxLength={32} />
              <ContactField
                channel="email"
                label={`${t('field.email')} ${t('common.optional')}`}
                {...field('email')}
              />
            </>
          ) : (
            <ContactCodeFields
              channel={method}
              address={field(method)}
              code={field('code')}
              onSendCode={() => status.sendCode(method, 'register')}
              isPending={status.isPending}
            />
          )}
          <TextField
            label={t('field.nickname')}
            name="nickname"
            autoComplete="name"
            placeholder={t('placeholder.nickname')}
            {...field('nickname')}
            maxLength={32}
          />
          <TextField
            label={t('field.organization')}
            name="organization"
            autoComplete="organization"
            placeholder={t('placeholder.organization')}
            {...field('organization')}
            maxLength={64}
          />
          <NewPasswordFields password={field('password')} confirm={field('confirm')} />
        </UserForm>
      )}
      <div className="ok-user__center">
        {t('register.haveAccount')} <Link to="/antv/user/login">{t('register.login')}</Link>
      </div>
    </UserLayout>
  );
};
