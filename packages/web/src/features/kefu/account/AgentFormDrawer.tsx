import { useEffect } from 'react';
import { Col, Form } from 'antd';
import {
  DrawerForm,
  ProForm,
  ProFormDependency,
  ProFormDigit,
  ProFormGroup,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { AvatarField } from '../../../shared/components/Upload';
import { KEFU_NS } from '../shared/i18n';
import { AGENT_ROLE_VALUES, RoleTags, useRoleLabel, useWorkgroupOptions } from '../shared/display';
import { showFormError } from '../shared/errors';
import {
  agentFormFields,
  emptyAgentForm,
  hasOnlyAgentRoles,
  LIMITS,
  MOBILE_PATTERN,
  toAgentFormValues,
  USERNAME_PATTERN,
  WEBHOOK_PATTERN,
  type AgentFormValues,
} from './agentForm';

export type AgentFormDrawerProps = {
  open: boolean;
  /** The agent being edited; null to create one. */
  editing: User | null;
  onOpenChange: (open: boolean) => void;
  /** Rejects with the server's error; field errors are then shown on the form. */
  onSubmit: (values: AgentFormValues) => Promise<void>;
};

/** Create / edit an agent. Rules mirror the contract's (agentCreateBodySchema / agentUpdateBodySchema). */
export const AgentFormDrawer = ({ open, editing, onOpenChange, onSubmit }: AgentFormDrawerProps) => {
  const { t } = useTranslation(KEFU_NS);
  const roleLabel = useRoleLabel();
  const [form] = Form.useForm<AgentFormValues>();
  const workgroups = useWorkgroupOptions();
  const isCreate = editing === null;
  const canEditRoles = editing === null || hasOnlyAgentRoles(editing);
  const tooLong = (max: number) => ({ max, message: t('account.form.validation.textLength', { max }) });

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? toAgentFormValues(editing) : emptyAgentForm);
  }, [open, editing, form]);

  return (
    <DrawerForm<AgentFormValues>
      form={form}
      name="agent"
      title={
        editing ? t('account.form.editTitle', { name: editing.nickname }) : t('account.form.createTitle')
      }
      open={open}
      onOpenChange={onOpenChange}
      width={760}
      drawerProps={{ destroyOnHidden: true, mask: { closable: false } }}
      grid
      rowProps={{ gutter: 16 }}
      initialValues={editing ? toAgentFormValues(editing) : emptyAgentForm}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        try {
          await onSubmit(values);
          return true;
        } catch (error) {
          showFormError(form, error, agentFormFields);
          return false;
        }
      }}
    >
      <ProFormGroup title={t('account.form.sections.basics')}>
        {isCreate ? (
          <>
            <ProFormText
              name="username"
              label={t('account.form.fields.username')}
              tooltip={t('account.form.help.username')}
              placeholder={t('account.form.placeholders.username')}
              colProps={{ span: 24 }}
              fieldProps={{ autoComplete: 'off' }}
              rules={[
                { required: true, whitespace: true, message: t('account.form.validation.usernameRequired') },
                {
                  min: LIMITS.username.min,
                  max: LIMITS.username.max,
                  message: t('account.form.validation.usernameLength'),
                },
                { pattern: USERNAME_PATTERN, message: t('account.form.validation.usernamePattern') },
              ]}
            />
            <ProFormText.Password
              name="password"
              label={t('account.form.fields.password')}
              colProps={{ span: 12 }}
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
              label={t('account.form.fields.confirmPassword')}
              colProps={{ span: 12 }}
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
          </>
        ) : null}
        <ProFormText
          name="nickname"
          label={t('account.form.fields.nickname')}
          tooltip={t('account.form.help.nickname')}
          colProps={{ span: 12 }}
          rules={[
            { required: true, whitespace: true, message: t('account.form.validation.nicknameRequired') },
            { max: LIMITS.nickname, message: t('account.form.validation.nicknameLength') },
          ]}
        />
        <ProFormText
          name="realName"
          label={t('account.form.fields.realName')}
          colProps={{ span: 12 }}
          rules={[{ max: LIMITS.realName, message: t('account.form.validation.realNameLength') }]}
        />
        {/* A plain Form.Item ignores colProps: the Col keeps it on the grid. */}
        <Col span={24}>
          <ProForm.Item name="avatar" label={t('account.form.fields.avatar')}>
            <AvatarField />
          </ProForm.Item>
        </Col>
        <ProFormText
          name="email"
          label={t('account.form.fields.email')}
          colProps={{ span: 12 }}
          rules={[{ type: 'email', message: t('account.form.validation.email') }, tooLong(LIMITS.email)]}
        />
        <ProFormText
          name="mobile"
          label={t('account.form.fields.mobile')}
          colProps={{ span: 12 }}
          rules={[{ pattern: MOBILE_PATTERN, message: t('account.form.validation.mobile') }]}
        />
        <ProFormTextArea
          name="description"
          label={t('account.form.fields.description')}
          colProps={{ span: 24 }}
          fieldProps={{ rows: 2 }}
          rules={[tooLong(LIMITS.text)]}
        />
      </ProFormGroup>

      <ProFormGroup title={t('account.form.sections.service')}>
        <ProFormDigit
          name="maxThreadCount"
          label={t('account.form.fields.maxThreadCount')}
          tooltip={t('account.form.help.maxThreadCount')}
          colProps={{ span: 12 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: t('account.form.validation.maxThreadCountRequired') },
            {
              type: 'integer',
              min: LIMITS.maxThreadCount.min,
              max: LIMITS.maxThreadCount.max,
              message: t('account.form.validation.maxThreadCountRange'),
            },
          ]}
        />
        <ProFormDigit
          name="autoCloseMinutes"
          label={t('account.form.fields.autoCloseMinutes')}
          tooltip={t('account.form.help.autoCloseMinutes')}
          colProps={{ span: 12 }}
          fieldProps={{ precision: 0 }}
          rules={[
            { required: true, message: t('account.form.validation.autoCloseMinutesRequired') },
            {
              type: 'integer',
              min: LIMITS.autoCloseMinutes.min,
              max: LIMITS.autoCloseMinutes.max,
              message: t('account.form.validation.autoCloseMinutesRange'),
            },
          ]}
        />
        <ProFormSelect
          name="workGroups"
          label={t('account.form.fields.workGroups')}
          tooltip={t('account.form.help.workGroups')}
          placeholder={t('account.form.placeholders.workGroups')}
          colProps={{ span: 12 }}
          mode="multiple"
          options={workgroups.options}
          extra={workgroups.isEmpty ? t('account.form.help.noWorkgroups') : undefined}
          fieldProps={{ loading: workgroups.isLoading, optionFilterProp: 'label' }}
        />
        {canEditRoles ? (
          <ProFormSelect
            name="roles"
            label={t('account.form.fields.roles')}
            tooltip={t('account.form.help.roles')}
            placeholder={t('account.form.placeholders.roles')}
            colProps={{ span: 12 }}
            mode="multiple"
            options={AGENT_ROLE_VALUES.map((value) => ({ value, label: roleLabel({ value, name: value }) }))}
            rules={[
              { required: true, type: 'array', min: 1, message: t('account.form.validation.rolesRequired') },
            ]}
          />
        ) : (
          <ProForm.Item
            label={t('account.form.fields.roles')}
            extra={t('account.form.help.rolesManaged')}
            colProps={{ span: 12 }}
          >
            <RoleTags roles={editing?.roles ?? []} />
          </ProForm.Item>
        )}
      </ProFormGroup>

      <ProFormGroup title={t('account.form.sections.tips')}>
        <ProFormTextArea
          name="welcomeTip"
          label={t('account.form.fields.welcomeTip')}
          colProps={{ span: 12 }}
          fieldProps={{ rows: 2 }}
          rules={[tooLong(LIMITS.text)]}
        />
        <ProFormTextArea
          name="offlineTip"
          label={t('account.form.fields.offlineTip')}
          colProps={{ span: 12 }}
          fieldProps={{ rows: 2 }}
          rules={[tooLong(LIMITS.text)]}
        />
        <ProFormSwitch name="showTopTip" label={t('account.form.fields.showTopTip')} colProps={{ span: 6 }} />
        <ProFormDependency name={['showTopTip']}>
          {({ showTopTip }: Partial<AgentFormValues>) => (
            <ProFormText
              name="topTip"
              label={t('account.form.fields.topTip')}
              colProps={{ span: 18 }}
              disabled={!showTopTip}
              rules={[
                {
                  required: Boolean(showTopTip),
                  whitespace: true,
                  message: t('account.form.validation.topTipRequired'),
                },
                tooLong(LIMITS.text),
              ]}
            />
          )}
        </ProFormDependency>
        <ProFormSwitch name="autoPop" label={t('account.form.fields.autoPop')} colProps={{ span: 12 }} />
        <ProFormSwitch name="showForm" label={t('account.form.fields.showForm')} colProps={{ span: 12 }} />
        <ProFormSwitch
          name="showCollectMobile"
          label={t('account.form.fields.showCollectMobile')}
          colProps={{ span: 12 }}
        />
        <ProFormSwitch name="hideLogo" label={t('account.form.fields.hideLogo')} colProps={{ span: 12 }} />
      </ProFormGroup>

      <ProFormGroup title={t('account.form.sections.advanced')}>
        <ProFormText
          name="webhook"
          label={t('account.form.fields.webhook')}
          tooltip={t('account.form.help.webhook')}
          placeholder={t('account.form.placeholders.webhook')}
          colProps={{ span: 12 }}
          rules={[
            { pattern: WEBHOOK_PATTERN, message: t('account.form.validation.webhook') },
            tooLong(LIMITS.webhook),
          ]}
        />
        <ProFormText
          name="webhookLeaveMessage"
          label={t('account.form.fields.webhookLeaveMessage')}
          tooltip={t('account.form.help.webhookLeaveMessage')}
          placeholder={t('account.form.placeholders.webhook')}
          colProps={{ span: 12 }}
          rules={[
            { pattern: WEBHOOK_PATTERN, message: t('account.form.validation.webhook') },
            tooLong(LIMITS.webhook),
          ]}
        />
      </ProFormGroup>
    </DrawerForm>
  );
};
