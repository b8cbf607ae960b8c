import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { parseError, type ParsedError } from '../../../shared/api/parseError';
import {
  loginWithEmailCode,
  loginWithMobileCode,
  loginWithPassword,
  sendEmailCode,
  sendSmsCode,
} from '../../../shared/auth/session';
import { UserLayout } from '../components/UserLayout';
import { FormAlert, PasswordField, SubmitButton, Tabs, TextField, type TabItem } from '../components/Form';
import { SendCodeButton } from '../components/SendCodeButton';
import { ServerErrorAlert } from '../components/ServerErrorAlert';
import { isCodeMethodEnabled, usePublicConfig } from '../hooks/usePublicConfig';
import { useFormFields } from '../hooks/useFormFields';
import { safeRedirect } from '../redirect';
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
  const { values, errors, setValue, validate, showServerFields, setErrors } = useFormFields(
    // The register result page links here with the new username filled in.
    { ...EMPTY_FIELDS, username: searchParams.get('username')?.slice(0, 64) ?? '' },
    formRef,
  );
  const [chosenMethod, setChosenMethod] = useState<LoginMethod>('password');
  const [isPending, setPending] = useState(false);
  const [serverError, setServerError] = useState<ParsedError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const tabs: Array<TabItem<LoginMethod>> = [{ key: 'password', label: t('login.tabPassword') }];
  if (isCodeMethodEnabled(config, 'mobile')) tabs.push({ key: 'mobile', label: t('login.tabMobile') });
  if (isCodeMethodEnabled(config, 'email')) tabs.push({ key: 'email', label: t('login.tabEmail') });
  const method: LoginMethod = tabs.some((tab) => tab.key === chosenMethod) ? chosenMethod : 'password';

  const switchMethod = (next: LoginMethod) => {
    setChosenMethod(next);
    setServerError(null);
    setNotice(null);
    setErrors({});
  };

  const sendCode = async (channel: 'mobile' | 'email'): Promise<boolean | number> => {
    const address = values[channel];
    const check = channel === 'mobile' ? validateMobile(address) : validateEmail(address);
    if (!validate({ [channel]: check })) return false;
    setServerError(null);
    setNotice(null);
    try {
      const sent =
        channel === 'mobile' ? await sendSmsCode(address, 'login') : await sendEmailCode(address, 'login');
      setNotice(t('sendCode.sent', { minutes: Math.max(1, Math.round((sent?.expiresIn ?? 300) / 60)) }));
      return sent?.resendAfter ?? true;
    } catch (error) {
      const parsed = parseError(error);
      setServerError(parsed);
      showServerFields(parsed.fields);
      // A rate-limited address waits as long as the server says before the button comes back.
      return parsed.retryAfter ?? false;
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
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

    setPending(true);
    setServerError(null);
    setNotice(null);
    try {
      if (method === 'password') await loginWithPassword(values.username, values.password);
      else if (method === 'mobile') await loginWithMobileCode(values.mobile, values.mobileCode);
      else await loginWithEmailCode(values.email, values.emailCode);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      const parsed = parseError(error);
      setServerError(parsed);
      showServerFields(parsed.fields, { code: method === 'email' ? 'emailCode' : 'mobileCode' });
      setPending(false);
    }
  };

  return (
    <UserLayout title={t('login.title')}>
      {tabs.length > 1 && (
        <Tabs label={t('login.tabsLabel')} items={tabs} active={method} onChange={switchMethod} />
      )}
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-label={t('login.title')}>
        <ServerErrorAlert error={serverError} />
        {notice && <FormAlert kind="info">{notice}</FormAlert>}
        {method === 'password' && (
          <>
            <TextField
              label={t('field.username')}
              name="username"
              autoComplete="username"
              placeholder={t('placeholder.username')}
              value={values.username}
              onValueChange={setValue('username')}
              error={errors.username}
              autoFocus
            />
            <PasswordField
              label={t('field.password')}
              name="password"
              autoComplete="current-password"
              placeholder={t('placeholder.password')}
              value={values.password}
              onValueChange={setValue('password')}
              error={errors.password}
            />
          </>
        )}
        {method === 'mobile' && (
          <>
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
            <TextField
              label={t('field.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('placeholder.code')}
              value={values.mobileCode}
              onValueChange={setValue('mobileCode')}
              error={errors.mobileCode}
              addon={<SendCodeButton onSend={() => sendCode('mobile')} isDisabled={isPending} />}
            />
          </>
        )}
        {method === 'email' && (
          <>
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
            <TextField
              label={t('field.code')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('placeholder.code')}
              value={values.emailCode}
              onValueChange={setValue('emailCode')}
              error={errors.emailCode}
              addon={<SendCodeButton onSend={() => sendCode('email')} isDisabled={isPending} />}
            />
          </>
        )}
        <SubmitButton isPending={isPending} label={t('login.submit')} pendingLabel={t('login.submitting')} />
      </form>
      <div className="ok-user__links">
        <Link to="/antv/user/forget-password">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/antv/user/register">{t('login.register')}</Link>
        </span>
      </div>
    </UserLayout>
  );
};
