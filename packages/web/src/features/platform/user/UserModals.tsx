import { Alert, App, Typography } from 'antd';
import {
  ProFormDatePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { RoleDetail, RoleValue, User } from '@openkefu/contract';
import { useLanguage } from '../../../shared/i18n';
import { useRoleText } from '../../../shared/roles/roleText';
import { ActionModal } from '../shared/ActionModal';
import { formatMoney, toDateOnly } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import {
  renewUser,
  resetUserPassword,
  updateAccount,
  updateUserBalance,
  updateUserDescription,
  updateUserValidity,
} from './api';

/** Same limits as the contract's schemas (kept here so zod stays off the page). */
export const MAX_BALANCE = 100_000_000;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

export type UserDialogKind = 'renew' | 'balance' | 'validity' | 'note' | 'roles' | 'password';

export type UserModalProps = {
  user: User;
  onClose: () => void;
  /** After a successful change: reload the list. */
  onDone: () => void;
};

const displayName = (user: User) => user.nickname || user.username;

const useValidationRules = () => {
  const { t } = useTranslation(PLATFORM_NS);
  return {
    date: [{ required: true, message: t('userPage.validation.dateRequired') }] satisfies Rule[],
    balance: [{ required: true, message: t('userPage.validation.balanceRequired') }] satisfies Rule[],
    description: (max: number): Rule[] => [{ max, message: t('userPage.validation.tooLong', { max }) }],
    password: [
      { required: true, message: t('userPage.validation.passwordRequired') },
      { min: PASSWORD_MIN, max: PASSWORD_MAX, message: t('userPage.validation.passwordLength') },
    ] satisfies Rule[],
  };
};

/** "Now: balance ¥12.00, valid until 2025-01-01" above the balance and validity forms. */
const CurrentState = ({ user }: { user: User }) => {
  const { t } = useTranslation(PLATFORM_NS);
  const language = useLanguage();
  return (
    <Typography.Paragraph type="secondary">
      {t('userPage.modals.current', {
        balance: formatMoney(user.balance, language),
        validUntil: user.validateUntilDate?.slice(0, 10) ?? t('common.noExpiry'),
      })}
    </Typography.Paragraph>
  );
};

const BalanceField = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const rules = useValidationRules();
  return (
    <ProFormDigit
      name="balance"
      label={t('userPage.fields.balance')}
      tooltip={t('userPage.help.balance')}
      min={0}
      max={MAX_BALANCE}
      fieldProps={{ precision: 2, step: 100 }}
      rules={rules.balance}
    />
  );
};

const ValidUntilField = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const rules = useValidationRules();
  return (
    <ProFormDatePicker
      name="validateUntilDate"
      label={t('userPage.fields.validUntil')}
      rules={rules.date}
      fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }}
    />
  );
};

const ReasonField = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const rules = useValidationRules();
  return (
    <ProFormTextArea
      name="description"
      label={t('userPage.fields.description')}
      tooltip={t('userPage.help.description')}
      rules={rules.description(200)}
      fieldProps={{ rows: 2, maxLength: 200, showCount: true }}
    />
  );
};

/** A renewal extends by a year from the later of today and the current end. */
export const defaultRenewalDate = (user: User, now: Date | number = Date.now()) => {
  const today = dayjs(now).startOf('day');
  const current = user.validateUntilDate ? dayjs(user.validateUntilDate.slice(0, 10)) : null;
  const from = current && current.isValid() && current.isAfter(today) ? current : today;
  return from.add(1, 'year');
};

type MoneyForm = { validateUntilDate?: unknown; balance?: number; description?: string };

export const RenewModal = ({ user, onClose, onDone }: UserModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  return (
    <ActionModal<MoneyForm>
      name="platform-user-renew"
      title={t('userPage.modals.renewTitle', { name: displayName(user) })}
      onClose={onClose}
      initialValues={{ validateUntilDate: defaultRenewalDate(user), balance: user.balance }}
      onSubmit={async (values) => {
        await renewUser({
          uid: user.uid,
          validateUntilDate: toDateOnly(values.validateUntilDate) ?? '',
          balance: values.balance ?? 0,
          description: values.description?.trim() ?? '',
        });
        void message.success(t('userPage.done.renewed', { name: displayName(user) }));
        onDone();
      }}
    >
      <CurrentState user={user} />
      <ValidUntilField />
      <BalanceField />
      <ReasonField />
    </ActionModal>
  );
};

export const BalanceModal = ({ user, onClose, onDone }: UserModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  return (
    <ActionModal<MoneyForm>
      name="platform-user-balance"
      title={t('userPage.modals.balanceTitle', { name: displayName(user) })}
      onClose={onClose}
      initialValues={{ balance: user.balance }}
      onSubmit={async (values) => {
        await updateUserBalance({
          uid: user.uid,
          balance: values.balance ?? 0,
          description: values.description?.trim() ?? '',
        });
        void message.success(t('userPage.done.balance', { name: displayName(user) }));
        onDone();
      }}
    >
      <CurrentState user={user} />
      <BalanceField />
      <ReasonField />
    </ActionModal>
  );
};

export const ValidityModal = ({ user, onClose, onDone }: UserModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const current = user.validateUntilDate ? dayjs(user.validateUntilDate.slice(0, 10)) : undefined;
  return (
    <ActionModal<MoneyForm>
      name="platform-user-validity"
      title={t('userPage.modals.validityTitle', { name: displayName(user) })}
      onClose={onClose}
      initialValues={{ validateUntilDate: current?.isValid() ? current : undefined }}
      onSubmit={async (values) => {
        await updateUserValidity({
          uid: user.uid,
          validateUntilDate: toDateOnly(values.validateUntilDate) ?? '',
          description: values.description?.trim() ?? '',
        });
        void message.success(t('userPage.done.validity', { name: displayName(user) }));
        onDone();
      }}
    >
      <CurrentState user={user} />
      <ValidUntilField />
      <ReasonField />
    </ActionModal>
  );
};

export const NoteModal = ({ user, onClose, onDone }: UserModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const rules = useValidationRules();
  return (
    <ActionModal<{ description?: string }>
      name="platform-user-note"
      title={t('userPage.modals.noteTitle', { name: displayName(user) })}
      onClose={onClose}
      initialValues={{ description: user.description }}
      onSubmit={async (values) => {
        await updateUserDescription({ uid: user.uid, description: values.description?.trim() ?? '' });
        void message.success(t('userPage.done.note'));
        onDone();
      }}
    >
      <ProFormTextArea
        name="description"
        label={t('userPage.fields.note')}
        tooltip={t('userPage.help.note')}
        rules={rules.description(500)}
        fieldProps={{ rows: 4, maxLength: 500, showCount: true }}
      />
    </ActionModal>
  );
};

export type RolesModalProps = UserModalProps & { roles: RoleDetail[] | undefined; isLoadingRoles: boolean };

export const RolesModal = ({ user, roles, isLoadingRoles, onClose, onDone }: RolesModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const roleText = useRoleText();
  const options = (roles ?? []).map((role) => ({
    value: role.value,
    label: `${roleText.name(role)} (${role.value})`,
  }));
  // A role the list does not know (not loaded yet, or renamed) still shows as its value.
  for (const role of user.roles)
    if (!options.some((option) => option.value === role.value))
      options.push({ value: role.value, label: `${roleText.name(role)} (${role.value})` });
  return (
    <ActionModal<{ roles: RoleValue[] }>
      name="platform-user-roles"
      title={t('userPage.modals.rolesTitle', { name: displayName(user) })}
      onClose={onClose}
      initialValues={{ roles: user.roles.map((role) => role.value) }}
      onSubmit={async (values) => {
        await updateAccount({ uid: user.uid, roles: values.roles });
        void message.success(t('userPage.done.roles', { name: displayName(user) }));
        onDone();
      }}
    >
      <ProFormSelect
        name="roles"
        label={t('userPage.fields.roles')}
        mode="multiple"
        options={options}
        fieldProps={{ loading: isLoadingRoles, optionFilterProp: 'label' }}
        rules={[{ required: true, message: t('userPage.validation.rolesRequired') }]}
      />
    </ActionModal>
  );
};

export const PasswordModal = ({ user, onClose, onDone }: UserModalProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const rules = useValidationRules();
  return (
    <ActionModal<{ password: string; confirm: string }>
      name="platform-user-password"
      title={t('userPage.modals.passwordTitle', { name: displayName(user) })}
      onClose={onClose}
      onSubmit={async (values) => {
        await resetUserPassword({ uid: user.uid, password: values.password });
        void message.success(t('userPage.done.password', { name: displayName(user) }));
        onDone();
      }}
    >
      <Alert
        type="warning"
        showIcon
        title={t('userPage.modals.passwordWarning')}
        style={{ marginBottom: 16 }}
      />
      <ProFormText.Password
        name="password"
        label={t('userPage.fields.newPassword')}
        rules={rules.password}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      <ProFormText.Password
        name="confirm"
        label={t('userPage.fields.confirmPassword')}
        dependencies={['password']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: t('userPage.validation.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('userPage.validation.passwordMismatch'))),
          }),
        ]}
      />
    </ActionModal>
  );
};
