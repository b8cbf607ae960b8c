import { App } from 'antd';
import { ProFormDatePicker, ProFormDigit, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { AdminAccountCreateBody } from '@openkefu/contract';
import { ActionModal } from '../shared/ActionModal';
import { toDateOnly } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { createAdminAccount } from './api';
import { MAX_BALANCE, PASSWORD_MAX, PASSWORD_MIN } from './UserModals';

/** Same rules as the contract's usernameSchema and the optional email / mobile fields. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]*$/;
export const MOBILE_PATTERN = /^\+?[0-9]{6,20}$/;

export type CreateAdminValues = {
  username: string;
  password: string;
  nickname: string;
  organization: string;
  email?: string;
  mobile?: string;
  validateUntilDate?: unknown;
  balance?: number;
};

const blankToUndefined = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

export const toAdminAccountBody = (values: CreateAdminValues): AdminAccountCreateBody => ({
  username: values.username.trim(),
  password: values.password,
  nickname: values.nickname.trim(),
  organization: values.organization.trim(),
  email: blankToUndefined(values.email),
  mobile: blankToUndefined(values.mobile),
  validateUntilDate: toDateOnly(values.validateUntilDate),
  balance: values.balance ?? undefined,
});

export type CreateAdminModalProps = { onClose: () => void; onDone: () => void };

/** Platform staff open an admin account together with the organisation it owns. */
export const CreateAdminModal = ({ onClose, onDone }: CreateAdminModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const tooLong = (max: number) => ({ max, message: t('userPage.validation.tooLong', { max }) });
  return (
    <ActionModal<CreateAdminValues>
      name="platform-user-create"
      title={t('userPage.modals.createTitle')}
      width={640}
      onClose={onClose}
      onSubmit={async (values) => {
        await createAdminAccount(toAdminAccountBody(values));
        void message.success(t('userPage.done.created', { name: values.username.trim() }));
        onDone();
      }}
    >
      <ProFormText
        name="username"
        label={t('userPage.fields.username')}
        fieldProps={{ autoComplete: 'off' }}
        rules={[
          { required: true, whitespace: true, message: t('userPage.validation.usernameRequired') },
          { min: 3, max: 32, message: t('userPage.validation.usernameLength') },
          { pattern: USERNAME_PATTERN, message: t('userPage.validation.usernamePattern') },
        ]}
      />
      <ProFormText.Password
        name="password"
        label={t('userPage.fields.password')}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: t('userPage.validation.passwordRequired') },
          { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('userPage.validation.passwordLength') },
        ]}
      />
      <ProFormText
        name="nickname"
        label={t('userPage.fields.nickname')}
        rules={[
          { required: true, whitespace: true, message: t('userPage.validation.nicknameRequired') },
          tooLong(32),
        ]}
      />
      <ProFormText
        name="organization"
        label={t('userPage.fields.organization')}
        tooltip={t('userPage.help.organization')}
        rules={[
          { required: true, whitespace: true, message: t('userPage.validation.organizationRequired') },
          tooLong(64),
        ]}
      />
      <ProFormText
        name="email"
        label={t('userPage.fields.email')}
        rules={[{ type: 'email', message: t('userPage.validation.emailInvalid') }, tooLong(128)]}
      />
      <ProFormText
        name="mobile"
        label={t('userPage.fields.mobile')}
        rules={[{ pattern: MOBILE_PATTERN, message: t('userPage.validation.mobileInvalid') }]}
      />
      <ProFormDatePicker
        name="validateUntilDate"
        label={t('userPage.fields.validUntil')}
        fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }}
      />
      <ProFormDigit
        name="balance"
        label={t('userPage.fields.balance')}
        min={0}
        max={MAX_BALANCE}
        fieldProps={{ precision: 2, step: 100 }}
      />
    </ActionModal>
  );
};
