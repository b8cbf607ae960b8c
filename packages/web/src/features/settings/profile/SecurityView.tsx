import { useRef, useState } from 'react';
import { App, Button, Form, Input, List, Progress, Tag, Typography, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../shared/auth/profileStore';
import { updateMyPassword } from '../api';
import { showErrorOnForm } from '../errors';
import { SETTINGS_NS } from '../i18n';
import type { AccountTab } from './tabs';

/** The contract's passwordSchema: 6 to 64 characters. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** A hint only (the server's rule is just the length): length and the kinds of characters used. */
export const passwordStrength = (password: string): PasswordStrength => {
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  if (password.length >= 10 && kinds >= 3) return 'strong';
  if (password.length >= 8 && kinds >= 2) return 'medium';
  return 'weak';
};

const strengthDisplay: Record<PasswordStrength, { percent: number; color: string }> = {
  weak: { percent: 33, color: '#ff4d4f' },
  medium: { percent: 66, color: '#faad14' },
  strong: { percent: 100, color: '#52c41a' },
};

/** 138****0123, a***@example.com: enough to recognise, not to read out. */
export const maskAddress = (value: string): string => {
  const at = value.indexOf('@');
  if (at > 0) return `${value.slice(0, 1)}***${value.slice(at)}`;
  if (value.length <= 7) return value;
  return `${value.slice(0, 3)}****${value.slice(-4)}`;
};

type PasswordFormValues = { oldPassword: string; password: string; confirm: string };

const StrengthHint = ({ password }: { password: string }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const level = passwordStrength(password);
  const { percent, color } = strengthDisplay[level];
  return (
    <div className="ok-settings__strength" data-strength={level}>
      <Progress percent={percent} showInfo={false} strokeColor={color} size="small" />
      <Typography.Text type="secondary">
        {t('security.strength', { level: t(`security.strengthLevels.${level}`) })} ·{' '}
        {t('security.strengthHint')}
      </Typography.Text>
    </div>
  );
};

/** Account settings → security: the security items with their status, and the password change. */
export const SecurityView = ({ onNavigate }: { onNavigate: (tab: AccountTab) => void }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const { message } = App.useApp();
  const profile = useProfile();
  const [form] = Form.useForm<PasswordFormValues>();
  const [isSaving, setSaving] = useState(false);
  const oldPasswordRef = useRef<InputRef>(null);
  const password = Form.useWatch('password', form) ?? '';

  const submit = async ({ oldPassword, password: next }: PasswordFormValues) => {
    setSaving(true);
    try {
      await updateMyPassword({ oldPassword, password: next });
      void message.success(t('security.changed'));
      form.resetFields();
    } catch (error) {
      showErrorOnForm(form, error, ['oldPassword', 'password']);
    } finally {
      setSaving(false);
    }
  };

  const addressItem = (key: 'mobile' | 'email', value: string | null | undefined) => ({
    key,
    title: t(key === 'mobile' ? 'security.mobileItem' : 'security.emailItem'),
    description: value ? t('security.bound', { value: maskAddress(value) }) : t('security.notBound'),
    status: value ? (
      <Tag color="green">{t('security.statusBound')}</Tag>
    ) : (
      <Tag color="orange">{t('security.statusNotBound')}</Tag>
    ),
    action: (
      <a key="bind" onClick={() => onNavigate('binding')}>
        {t(value ? 'security.change' : 'security.bind')}
      </a>
    ),
  });

  const items = [
    {
      key: 'password',
      title: t('security.passwordItem'),
      description: t('security.passwordSet'),
      status: <Tag color="green">{t('security.statusSet')}</Tag>,
      action: (
        <a key="change" onClick={() => oldPasswordRef.current?.focus()}>
          {t('security.change')}
        </a>
      ),
    },
    addressItem('mobile', profile?.mobile),
    addressItem('email', profile?.email),
  ];

  return (
    <>
      <Typography.Title level={5}>{t('security.items')}</Typography.Title>
      <List
        itemLayout="horizontal"
        dataSource={items}
        renderItem={(item) => (
          <List.Item key={item.key} data-item={item.key} actions={[item.status, item.action]}>
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('security.changePassword')}
      </Typography.Title>
      <Form<PasswordFormValues>
        form={form}
        layout="vertical"
        className="ok-settings__form ok-settings__form--narrow"
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="oldPassword"
          label={t('security.oldPassword')}
          rules={[{ required: true, message: t('security.oldPasswordRequired') }]}
        >
          <Input.Password ref={oldPasswordRef} autoComplete="current-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('security.newPassword')}
          dependencies={['oldPassword']}
          extra={password ? <StrengthHint password={password} /> : undefined}
          rules={[
            { required: true, message: t('security.newPasswordRequired') },
            { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('security.passwordLength') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error(t('security.sameAsOld'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('security.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('security.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('security.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isSaving}>
            {t('security.submit')}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
};
