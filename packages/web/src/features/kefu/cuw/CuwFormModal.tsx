import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Category, Cuw } from '@openkefu/contract';
import { showFormError } from '../shared/errors';
import { KEFU_CUW_NS } from './i18n';

/** Contract `cuwNameSchema`, `cuwContentSchema`, `cuwShortCutSchema`. */
export const CUW_NAME_MAX = 128;
export const CUW_CONTENT_MAX = 5000;
export const CUW_SHORTCUT_MAX = 32;

export type CuwFormValues = { name: string; shortCut?: string; content: string; category?: string };

export type CuwFormModalProps = {
  /** undefined: closed; null: a new reply; a reply: edit it. */
  reply: Cuw | null | undefined;
  categories: Category[];
  onClose: () => void;
  onSubmit: (values: CuwFormValues, reply: Cuw | null) => Promise<void>;
};

/** Creates or edits a quick reply; the fields are checked as the server checks them. */
export const CuwFormModal = ({ reply, categories, onClose, onSubmit }: CuwFormModalProps) => {
  const { t } = useTranslation(KEFU_CUW_NS);
  const [form] = Form.useForm<CuwFormValues>();
  const [isSaving, setSaving] = useState(false);
  const isOpen = reply !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    form.setFieldsValue(
      reply
        ? {
            name: reply.name,
            shortCut: reply.shortCut,
            content: reply.content,
            category: reply.category?.cid,
          }
        : { name: '', shortCut: '', content: '', category: undefined },
    );
  }, [form, isOpen, reply]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(
        {
          name: values.name.trim(),
          shortCut: (values.shortCut ?? '').trim(),
          content: values.content.trim(),
          category: values.category,
        },
        reply ?? null,
      );
      onClose();
    } catch (error) {
      showFormError(form, error, ['name', 'shortCut', 'content', 'category']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={reply ? t('form.editTitle') : t('form.createTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={600}
    >
      <Form<CuwFormValues> form={form} layout="vertical" name="cuw-form">
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: CUW_NAME_MAX, message: t('form.tooLong', { max: CUW_NAME_MAX }) },
          ]}
        >
          <Input placeholder={t('form.namePlaceholder')} maxLength={CUW_NAME_MAX} />
        </Form.Item>
        <Form.Item
          name="shortCut"
          label={t('form.shortCut')}
          extra={t('form.shortCutHint')}
          rules={[
            { max: CUW_SHORTCUT_MAX, message: t('form.tooLong', { max: CUW_SHORTCUT_MAX }) },
            { pattern: /^[^\s/]*$/, message: t('form.shortCutPattern') },
          ]}
        >
          <Input prefix="/" maxLength={CUW_SHORTCUT_MAX} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('form.content')}
          rules={[
            { required: true, whitespace: true, message: t('form.contentRequired') },
            { max: CUW_CONTENT_MAX, message: t('form.tooLong', { max: CUW_CONTENT_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={5}
            placeholder={t('form.contentPlaceholder')}
            showCount
            maxLength={CUW_CONTENT_MAX}
          />
        </Form.Item>
        <Form.Item name="category" label={t('form.category')}>
          <Select
            allowClear
            placeholder={t('form.categoryPlaceholder')}
            options={categories.map((category) => ({ value: category.cid, label: category.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
