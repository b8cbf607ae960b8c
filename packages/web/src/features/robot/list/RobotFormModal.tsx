import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { showFormError } from '../../../shared/api/reportError';
import { AvatarField } from '../../../shared/components/Upload';
import { createRobot, updateRobot } from '../shared/api';
import { useWorkgroupOptions } from '../shared/hooks';
import { ROBOT_NS } from '../shared/i18n';
import {
  NICKNAME_MAX,
  ROBOT_TYPES,
  robotFormFields,
  TEXT_MAX,
  toRobotBody,
  toRobotFormValues,
  type RobotFormValues,
} from './robotForm';

export type RobotFormModalProps = {
  /** Open with the robot to edit, or null for a new one; undefined when closed. */
  editing: User | null | undefined;
  onClose: () => void;
  onSaved: (robot: User) => void;
};

/** Create or edit a robot account: name, type, avatar, welcome, description and the skill groups it serves. */
export const RobotFormModal = ({ editing, onClose, onSaved }: RobotFormModalProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<RobotFormValues>();
  const workgroups = useWorkgroupOptions();
  const [isSaving, setSaving] = useState(false);
  const isOpen = editing !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    form.resetFields();
    form.setFieldsValue(toRobotFormValues(editing));
  }, [isOpen, editing, form]);

  const tooLong = (field: string, max: number) => ({
    max,
    message: t('validation.tooLong', { field, max }),
  });

  const save = async () => {
    let values: RobotFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = toRobotBody(values);
      const saved = editing ? await updateRobot({ ...body, uid: editing.uid }) : await createRobot(body);
      void toast.success(t(editing ? 'list.saved' : 'list.created', { name: saved.nickname }));
      onSaved(saved);
    } catch (error) {
      showFormError(form, error, robotFormFields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={editing ? t('list.editTitle', { name: editing.nickname }) : t('list.createTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      width={640}
      mask={{ closable: false }}
      forceRender
    >
      <Form<RobotFormValues> form={form} layout="vertical" name="robot-account">
        <Form.Item
          name="nickname"
          label={t('list.fields.nickname')}
          rules={[
            { required: true, whitespace: true, message: t('list.validation.nicknameRequired') },
            tooLong(t('list.fields.nickname'), NICKNAME_MAX),
          ]}
        >
          <Input maxLength={NICKNAME_MAX} />
        </Form.Item>
        <Form.Item
          name="robotType"
          label={t('list.fields.robotType')}
          rules={[{ required: true, message: t('list.validation.robotTypeRequired') }]}
        >
          <Select options={ROBOT_TYPES.map((value) => ({ value, label: t(`robotTypes.${value}`) }))} />
        </Form.Item>
        <Form.Item name="avatar" label={t('list.fields.avatar')}>
          <AvatarField />
        </Form.Item>
        <Form.Item
          name="workGroups"
          label={t('list.fields.workGroups')}
          extra={t('list.fields.workGroupsHint')}
        >
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={workgroups.isLoading}
            options={workgroups.options}
            placeholder={t('list.fields.workGroupsPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="welcomeTip"
          label={t('list.fields.welcomeTip')}
          rules={[tooLong(t('list.fields.welcomeTip'), TEXT_MAX)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={TEXT_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('list.fields.description')}
          rules={[tooLong(t('list.fields.description'), TEXT_MAX)]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={TEXT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
