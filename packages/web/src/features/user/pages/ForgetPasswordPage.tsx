import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '../../../shared/auth/session';
import { UserLayout } from '../components/UserLayout';
import { FormAlert, Tabs, type TabItem } from '../components/Form';
import { ContactCodeFields, NewPasswordFields } from '../components/AccountFields';
import { UserForm } from '../components/UserForm';
import { isCodeMethodEnabled, usePublicConfig } from '../hooks/usePublicConfig';
import { useFormFields } from '../hooks/useFormFields';
import { useFormStatus } from '../hooks/useFormStatus';
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
  const form = useFormFields(EMPTY, formRef);
  const { values, field, validate } = form;
  const status = useFormStatus(form);
  const [chosenMethod, setChosenMethod] = useState<ResetMethod>('email');

  const tabs: Array<TabItem<ResetMethod>> = [];
  if (isCodeMethodEnabled(config, 'email')) tabs.push({ key: 'email', label: t('forget.byEmail') });
  if (isCodeMethodEnabled(config, 'mobile')) tabs.push({ key: 'mobile', label: t('forget.byMobile') });
  const method: ResetMethod | null =
    tabs.find((tab) => tab.key === chosenMethod)?.key ?? tabs[0]?.key ?? null;

  const switchMethod = (next: ResetMethod) => {
    setChosenMethod(next);
    status.clear();
    form.setErrors({});
  };

  const submit = async () => {
    if (!method) return;
    const isValid = validate({
      [method]: method === 'mobile' ? validateMobile(values.mobile) : validateEmail(values.email),
      code: validateCode(values.code),
      password: validateNewPassword(values.password),
      confirm: validateConfirmPassword(values.confirm, values.password),
    });
    if (!isValid) return;
    await status.submit(async () => {
      const code = values.code.trim();
      await resetPassword(
        method === 'mobile'
          ? { mobile: values.mobile.trim(), code, password: values.password }
          : { email: values.email.trim(), code, password: values.password },
      );
      navigate('/antv/user/forget-result', { replace: true });
    });
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
          <UserForm
            formRef={formRef}
            label={t('forget.title')}
            status={status}
            onSubmit={submit}
            submitLabel={t('forget.submit')}
            pendingLabel={t('forget.submitting')}
          >
            <ContactCodeFields
              channel={method}
              address={field(method)}
              code={field('code')}
              onSendCode={() => status.sendCode(method, 'reset')}
              isPending={status.isPending}
            />
            <NewPasswordFields
              passwordLabel={t('field.newPassword')}
              password={field('password')}
              confirm={field('confirm')}
            />
          </UserForm>
        </>
      )}
      <div className="ok-user__links">
        <Link to="/antv/user/forget-bind">{t('forget.noBinding')}</Link>
        <Link to="/antv/user/login">{t('common.backToLogin')}</Link>
      </div>
    </UserLayout>
  );
};
