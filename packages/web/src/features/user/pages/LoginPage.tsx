import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginWithEmailCode, loginWithMobileCode, loginWithPassword } from '../../../shared/auth/session';
import { UserLayout } from '../components/UserLayout';
import { LoginAnnouncements } from '../../billing/banner/LoginAnnouncements';
import { PasswordField, Tabs, type TabItem } from '../components/Form';
import { ContactCodeFields, UsernameField } from '../components/AccountFields';
import { UserForm } from '../components/UserForm';
import { ScanSignIn } from '../components/ScanSignIn';
import { isCodeMethodEnabled, usePublicConfig } from '../hooks/usePublicConfig';
import { useFormFields } from '../hooks/useFormFields';
import { useFormStatus } from '../hooks/useFormStatus';
import { safeRedirect } from '../redirect';
import { adoptPrerenderedInputs, hasPrerender } from '../prerender';
import {
  validateCode,
  validateEmail,
  validateLoginPassword,
  validateLoginUsername,
  validateMobile,
} from '../validation';

type LoginMethod = 'password' | 'mobile' | 'email';
type LoginField = 'username' | 'password' | 'mobile' | 'mobileCode' | 'email' | 'emailCode';

const EMPTY_FIELDS: Record<LoginField, string> = {
  username: '',
  password: '',
  mobile: '',
  mobileCode: '',
  email: '',
  emailCode: '',
};

/**
 * /antv/user/login — light on purpose (no antd: DESIGN §5/§7). Username/password always; mobile
 * and email code tabs when the server can deliver codes. After sign-in, goes to `redirect` (a
 * path inside the console) or /dashboard; the shell's guard then loads the user and the menu.
 */
export const LoginPage = () => {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { config } = usePublicConfig();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFields(
    // The register result page links here with the new username filled in.
    { ...EMPTY_FIELDS, username: searchParams.get('username')?.slice(0, 64) ?? '' },
    formRef,
  );
  const { values, field, validate, setValue } = form;
  const [isTakingOver] = useState(hasPrerender);
  // The server's pre-rendered copy of this form may hold what the user typed before the scripts
  // came (issue 18): take it over before the copy is removed.
  useLayoutEffect(() => {
    adoptPrerenderedInputs(formRef.current, ['username', 'password'], (name, value) =>
      setValue(name as LoginField)(value),
    );
  }, [setValue]);
  const status = useFormStatus(form);
  const [chosenMethod, setChosenMethod] = useState<LoginMethod>('password');

  const tabs: Array<TabItem<LoginMethod>> = [{ key: 'password', label: t('login.tabPassword') }];
  if (isCodeMethodEnabled(config, 'mobile')) tabs.push({ key: 'mobile', label: t('login.tabMobile') });
  if (isCodeMethodEnabled(config, 'email')) tabs.push({ key: 'email', label: t('login.tabEmail') });
  const method: LoginMethod = tabs.some((tab) => tab.key === chosenMethod) ? chosenMethod : 'password';

  const switchMethod = (next: LoginMethod) => {
    setChosenMethod(next);
    status.clear();
    form.setErrors({});
  };

  const submit = async () => {
    const isValid =
      method === 'password'
        ? validate({
            username: validateLoginUsername(values.username),
            password: validateLoginPassword(values.password),
          })
        : method === 'mobile'
          ? validate({ mobile: validateMobile(values.mobile), mobileCode: validateCode(values.mobileCode) })
          : validate({ email: validateEmail(values.email), emailCode: validateCode(values.emailCode) });
    if (!isValid) return;

    await status.submit(
      async () => {
        if (method === 'password') await loginWithPassword(values.username, values.password);
        else if (method === 'mobile') await loginWithMobileCode(values.mobile, values.mobileCode);
        else await loginWithEmailCode(values.email, values.emailCode);
        navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
      },
      { code: method === 'email' ? 'emailCode' : 'mobileCode' },
    );
  };

  return (
    <UserLayout title={t('login.title')}>
      <LoginAnnouncements />
      {tabs.length > 1 && (
        <Tabs label={t('login.tabsLabel')} items={tabs} active={method} onChange={switchMethod} />
      )}
      <UserForm
        formRef={formRef}
        label={t('login.title')}
        status={status}
        onSubmit={submit}
        submitLabel={t('login.submit')}
        pendingLabel={t('login.submitting')}
      >
        {method === 'password' && (
          <>
            <UsernameField {...field('username')} autoFocus={!isTakingOver} />
            <PasswordField
              label={t('field.password')}
              name="password"
              autoComplete="current-password"
              placeholder={t('placeholder.password')}
              {...field('password')}
            />
          </>
        )}
        {method === 'mobile' && (
          <ContactCodeFields
            channel="mobile"
            address={field('mobile')}
            code={field('mobileCode')}
            onSendCode={() => status.sendCode('mobile', 'login')}
            isPending={status.isPending}
          />
        )}
        {method === 'email' && (
          <ContactCodeFields
            channel="email"
            address={field('email')}
            code={field('emailCode')}
            onSendCode={() => status.sendCode('email', 'login')}
            isPending={status.isPending}
          />
        )}
      </UserForm>
      <ScanSignIn config={config} redirect={safeRedirect(searchParams.get('redirect'))} />
      <div className="ok-user__links">
        <Link to="/antv/user/forget-password">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/antv/user/register">{t('login.register')}</Link>
        </span>
      </div>
    </UserLayout>
  );
};
