import { useEffect } from 'react';
import { Col, Form } from 'antd';
import { ModalForm, ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { AvatarField } from '../../../shared/components/Upload';
import { KEFU_NS } from '../shared/i18n';
import { ROBOT_TYPES, useWorkgroupOptions } from '../shared/display';
import { showFormError } from '../shared/errors';
import { LIMITS } from './agentForm';
import { emptyRobotForm, robotFormFields, toRobotFormValues, type RobotFormValues } from './robotForm';

export type RobotFormModalProps = {
  open: boolean;
  /** The robot being edited; null to create one. */
  editing: User | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (values: RobotFormValues) => Promise<void>;
};

/** Create / edit a robot (`robotCreateBodySchema` rules). */
export const RobotFormModal = ({ open, editing, onOpenChange, onSubmit }: RobotFormModalProps) => {
  const { t } = useTranslation(KEFU_NS);
  const [form] = Form.useForm<RobotFormValues>();
  const workgroups = useWorkgroupOptions();
  const tooLong = (max: number) => ({ max, message: t('account.form.validation.textLength', { max }) });

  useEffect(() => {
    if (open) form.setFieldsValue(editing ? toRobotFormValues(editing) : emptyRobotForm);
  }, [open, editing, form]);

  return (
    <ModalForm<RobotFormValues>
      form={form}
      name="robot"
      title={
        editing ? t('account.robots.editTitle', { name: editing.nickname }) : t('account.robots.createTitle')
      }
      open={open}
      onOpenChange={onOpenChange}
      width={640}
      modalProps={{ destroyOnHidden: true, mask: { closable: false } }}
      grid
      rowProps={{ gutter: 16 }}
      initialValues={editing ? toRobotFormValues(editing) : emptyRobotForm}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      onFinish={async (values) => {
        try {
          await onSubmit(values);
          return true;
        } catch (error) {
          showFormError(form, error, robotFormFields);
          return false;
        }
      }}
    >
      <ProFormText
        name="nickname"
        label={t('account.robots.fields.nickname')}
        colProps={{ span: 12 }}
        rules={[
          { required: true, whitespace: true, message: t('account.robots.validation.nicknameRequired') },
          { max: LIMITS.nickname, message: t('account.robots.validation.nicknameLength') },
        ]}
      />
      <ProFormSelect
        name="robotType"
        label={t('account.robots.fields.robotType')}
        colProps={{ span: 12 }}
        allowClear={false}
        options={ROBOT_TYPES.map((value) => ({ value, label: t(`robotTypes.${value}`) }))}
        rules={[{ required: true, message: t('account.robots.validation.robotTypeRequired') }]}
      />
      {/* A plain Form.Item ignores colProps: the Col keeps it on the grid. */}
      <Col span={24}>
        <ProForm.Item name="avatar" label={t('account.robots.fields.avatar')}>
          <AvatarField />
        </ProForm.Item>
      </Col>
      <ProFormSelect
        name="workGroups"
        label={t('account.robots.fields.workGroups')}
        tooltip={t('account.robots.help.workGroups')}
        placeholder={t('account.form.placeholders.workGroups')}
        colProps={{ span: 24 }}
        mode="multiple"
        options={workgroups.options}
        extra={workgroups.isEmpty ? t('account.form.help.noWorkgroups') : undefined}
        fieldProps={{ loading: workgroups.isLoading, optionFilterProp: 'label' }}
      />
      <ProFormTextArea
        name="welcomeTip"
        label={t('account.robots.fields.welcomeTip')}
        colProps={{ span: 24 }}
        fieldProps={{ rows: 2 }}
        rules={[tooLong(LIMITS.text)]}
      />
      <ProFormTextArea
        name="description"
        label={t('account.robots.fields.description')}
        colProps={{ span: 24 }}
        fieldProps={{ rows: 2 }}
        rules={[tooLong(LIMITS.text)]}
      />
    </ModalForm>
  );
};
