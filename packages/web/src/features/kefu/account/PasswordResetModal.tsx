import { Form, Typography } from 'antd';
import { ModalForm, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { KEFU_NS } from '../shared/i18n';
import { showFormError } from '../shared/errors';
import { LIMITS } from './agentForm';

type PasswordValues = { password: string; confirmPassword: string };

export type PasswordResetModalProps = {
  /** The agent whose password is reset; null when closed. */
  agent: User | null;
  onClose: () => void;
  onSubmit: (agent: User, password: string) => Promise<void>;
};

/** An admin sets a new password for one of its agents (`POST /api/user/update/password`). */
export const PasswordResetModal = ({ agent, onClose, onSubmit }: PasswordResetModalProps) => {
  const { t } = useTranslation(KEFU_NS);
  const [form] = Form.useForm<PasswordValues>();
  return (
    <ModalForm<PasswordValues>
      form={form}
      name="agentPassword"
      title={agent ? t('account.password.title', { name: agent.nickname }) : ''}
      open={agent !== null}
      width={440}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      modalProps={{ destroyOnHidden: true, mask: { closable: false } }}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      onFinish={async ({ password }) => {
        if (!agent) return false;
        try {
          await onSubmit(agent, password);
          return true;
        } catch (error) {
          showFormError(form, error, ['password']);
          return false;
        }
      }}
    >
      <Typography.Paragraph type="secondary">{t('account.password.hint')}</Typography.Paragraph>
      <ProFormText.Password
        name="password"
        label={t('account.password.password')}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: t('account.form.validation.passwordRequired') },
          {
            min: LIMITS.password.min,
            max: LIMITS.password.max,
            message: t('account.form.validation.passwordLength'),
          },
        ]}
      />
      <ProFormText.Password
        name="confirmPassword"
        label={t('account.password.confirm')}
        dependencies={['password']}
        fieldProps={{ autoComplete: 'new-password' }}
        rules={[
          { required: true, message: t('account.form.validation.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (!value || value === getFieldValue('password')) return;
              throw new Error(t('account.form.validation.confirmMismatch'));
            },
          }),
        ]}
      />
    </ModalForm>
  );
};
