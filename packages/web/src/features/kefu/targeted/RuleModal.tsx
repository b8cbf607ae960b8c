import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  targetedMatchTypeValues,
  targetedPatternProblem,
  type Targeted,
  type TargetedMatchType,
} from '@openkefu/contract';
import { useWorkgroupOptions } from '../shared/display';
import { showFormError } from '../shared/errors';
import type { RuleValues } from './api';
import { KEFU_TARGETED_NS } from './i18n';

type FormValues = {
  name: string;
  enabled: boolean;
  matchType: TargetedMatchType;
  pattern: string;
  minSeconds: number;
  minVisits: number;
  message: string;
  wid: string;
};
const FIELDS = [
  'name',
  'enabled',
  'matchType',
  'pattern',
  'minSeconds',
  'minVisits',
  'message',
  'wid',
] as const;
const DEFAULTS: Partial<FormValues> = { enabled: true, matchType: 'contains', minSeconds: 10, minVisits: 1 };

export type RuleModalProps = {
  /** Open for a new rule (`null` rule) or for editing one; closed when `isOpen` is false. */
  isOpen: boolean;
  rule: Targeted | null;
  onClose: () => void;
  /** Resolves when the server saved the rule; rejects with its error. */
  onSubmit: (values: RuleValues) => Promise<void>;
};

/** Creates or edits an invitation rule; validates as the server does and shows its field errors. */
export const RuleModal = ({ isOpen, rule, onClose, onSubmit }: RuleModalProps) => {
  const { t } = useTranslation(KEFU_TARGETED_NS);
  const [form] = Form.useForm<FormValues>();
  const [isSaving, setSaving] = useState(false);
  const workgroups = useWorkgroupOptions();

  useEffect(() => {
    if (!isOpen) return;
    form.resetFields();
    form.setFieldsValue(
      rule
        ? {
            name: rule.name,
            enabled: rule.enabled,
            matchType: rule.matchType,
            pattern: rule.pattern,
            minSeconds: rule.minSeconds,
            minVisits: rule.minVisits,
            message: rule.message,
            wid: rule.workgroup.wid,
          }
        : DEFAULTS,
    );
  }, [form, isOpen, rule]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit({
        ...values,
        name: values.name.trim(),
        pattern: values.pattern.trim(),
        message: values.message.trim(),
      });
      onClose();
    } catch (error) {
      showFormError(form, error, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  const wholeNumber = { required: true, type: 'integer' as const, message: t('modal.numberRequired') };
  return (
    <Modal
      open={isOpen}
      title={rule ? t('modal.editTitle', { name: rule.name }) : t('modal.createTitle')}
      okText={t('modal.save')}
      cancelText={t('modal.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" name="targeted-rule">
        <Form.Item
          name="name"
          label={t('modal.name')}
          rules={[
            { required: true, whitespace: true, message: t('modal.nameRequired') },
            { max: 64, message: t('modal.tooLong', { max: 64 }) },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="enabled" label={t('modal.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="matchType" label={t('modal.matchType')} rules={[{ required: true }]}>
          <Select
            options={targetedMatchTypeValues.map((value) => ({ value, label: t(`matchTypes.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="pattern"
          label={t('modal.pattern')}
          extra={t('modal.patternHint')}
          dependencies={['matchType']}
          rules={[
            { required: true, whitespace: true, message: t('modal.patternRequired') },
            { max: 500, message: t('modal.tooLong', { max: 500 }) },
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                const problem = targetedPatternProblem({
                  matchType: getFieldValue('matchType') as TargetedMatchType,
                  pattern: (value ?? '').trim(),
                });
                if (problem === 'invalid') throw new Error(t('modal.patternInvalid'));
                if (problem === 'nested') throw new Error(t('modal.patternNested'));
              },
            }),
          ]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="minSeconds" label={t('modal.minSeconds')} rules={[wholeNumber]}>
          <InputNumber min={0} max={86_400} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="minVisits" label={t('modal.minVisits')} rules={[wholeNumber]}>
          <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('modal.message')}
          rules={[
            { required: true, whitespace: true, message: t('modal.messageRequired') },
            { max: 500, message: t('modal.tooLong', { max: 500 }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="wid"
          label={t('modal.workgroup')}
          rules={[{ required: true, message: t('modal.workgroupRequired') }]}
          extra={workgroups.isEmpty ? t('modal.noWorkgroups') : undefined}
        >
          <Select
            options={workgroups.options}
            loading={workgroups.isLoading}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
