import { useEffect, useState } from 'react';
import { ColorPicker, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Tag, TagType } from '@openkefu/contract';
import { showFormError } from '../shared/errors';
import { KEFU_TAG_NS } from './i18n';

/** Contract `tagNameSchema`. */
export const TAG_NAME_MAX = 32;
export const DEFAULT_TAG_COLOR = '#1677ff';

export type TagFormValues = { name: string; color: string; type: TagType };

export type TagFormModalProps = {
  /** undefined: closed; null: a new tag; a tag: edit it. */
  tag: Tag | null | undefined;
  onClose: () => void;
  onSubmit: (values: TagFormValues, tag: Tag | null) => Promise<void>;
};

/** Creates or edits a tag: name (required, at most 32), colour, and what it labels (fixed once created). */
export const TagFormModal = ({ tag, onClose, onSubmit }: TagFormModalProps) => {
  const { t } = useTranslation(KEFU_TAG_NS);
  const [form] = Form.useForm<TagFormValues>();
  const [isSaving, setSaving] = useState(false);
  const isOpen = tag !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    form.setFieldsValue(
      tag
        ? { name: tag.name, color: tag.color, type: tag.type }
        : { name: '', color: DEFAULT_TAG_COLOR, type: 'thread' },
    );
  }, [form, isOpen, tag]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit({ ...values, name: values.name.trim() }, tag ?? null);
      onClose();
    } catch (error) {
      showFormError(form, error, ['name', 'color', 'type']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={tag ? t('form.editTitle') : t('form.createTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<TagFormValues> form={form} layout="vertical" name="tag-form">
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: TAG_NAME_MAX, message: t('form.nameTooLong', { max: TAG_NAME_MAX }) },
          ]}
        >
          <Input placeholder={t('form.namePlaceholder')} maxLength={TAG_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="color" label={t('form.color')} getValueFromEvent={(_, hex: string) => hex}>
          <ColorPicker disabledAlpha format="hex" showText />
        </Form.Item>
        <Form.Item name="type" label={t('form.type')} extra={tag ? t('form.typeFixed') : undefined}>
          <Radio.Group
            disabled={Boolean(tag)}
            options={[
              { value: 'thread', label: t('type.thread') },
              { value: 'visitor', label: t('type.visitor') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
