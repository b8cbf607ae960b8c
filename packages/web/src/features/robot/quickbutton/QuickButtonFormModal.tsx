import { useEffect, useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuickButton, QuickButtonAction } from '@openkefu/contract';
import { showFormError } from '../../../shared/api/reportError';
import { createQuickButton, updateQuickButton } from '../shared/api';
import { ROBOT_NS } from '../shared/i18n';

/** Contract `quickButtonCreateBodySchema`: label 1–32, content up to 1000, order 0–100000. */
export const LABEL_MAX = 32;
export const CONTENT_MAX = 1000;
export const ORDER_MAX = 100_000;
export const QUICK_BUTTON_ACTIONS: readonly QuickButtonAction[] = ['send', 'link', 'transfer'];

type QuickButtonValues = { label: string; action: QuickButtonAction; content: string; order: number };

const isHttpUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

export type QuickButtonFormModalProps = {
  wid: string;
  /** Open with the button to edit, or null for a new one; undefined when closed. */
  editing: QuickButton | null | undefined;
  /** Where a new button goes (after the group's last). */
  nextOrder: number;
  onClose: () => void;
  onSaved: (button: QuickButton) => void;
};

/** Adds or changes a quick button: label, what it does (send text, open a link, ask for an agent) and order. */
export const QuickButtonFormModal = ({
  wid,
  editing,
  nextOrder,
  onClose,
  onSaved,
}: QuickButtonFormModalProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<QuickButtonValues>();
  const [isSaving, setSaving] = useState(false);
  const action = Form.useWatch('action', form);
  const isOpen = editing !== undefined;

  useEffect(() => {
    if (!isOpen) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? { label: editing.label, action: editing.action, content: editing.content, order: editing.order }
        : { label: '', action: 'send', content: '', order: nextOrder },
    );
  }, [isOpen, editing, nextOrder, form]);

  const save = async () => {
    let values: QuickButtonValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = {
        wid,
        label: values.label.trim(),
        action: values.action,
        content: values.action === 'transfer' ? '' : (values.content ?? '').trim(),
        order: values.order ?? 0,
      };
      const saved = editing
        ? await updateQuickButton({ ...body, qbid: editing.qbid })
        : await createQuickButton(body);
      void toast.success(t(editing ? 'quickbutton.saved' : 'quickbutton.created', { label: saved.label }));
      onSaved(saved);
    } catch (error) {
      showFormError(form, error, ['label', 'action', 'content', 'order']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={editing ? t('quickbutton.editTitle', { label: editing.label }) : t('quickbutton.addTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
    >
      <Form<QuickButtonValues> form={form} layout="vertical" name="robot-quickbutton">
        <Form.Item
          name="label"
          label={t('quickbutton.fields.label')}
          rules={[
            { required: true, whitespace: true, message: t('quickbutton.validation.labelRequired') },
            {
              max: LABEL_MAX,
              message: t('validation.tooLong', { field: t('quickbutton.fields.label'), max: LABEL_MAX }),
            },
          ]}
        >
          <Input maxLength={LABEL_MAX} />
        </Form.Item>
        <Form.Item name="action" label={t('quickbutton.fields.action')} rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={QUICK_BUTTON_ACTIONS.map((value) => ({
              value,
              label: t(`quickbutton.actions.${value}`),
            }))}
          />
        </Form.Item>
        {action !== 'transfer' && (
          <Form.Item
            name="content"
            label={action === 'link' ? t('quickbutton.fields.url') : t('quickbutton.fields.text')}
            extra={action === 'link' ? t('quickbutton.fields.urlHint') : t('quickbutton.fields.textHint')}
            rules={[
              {
                required: true,
                whitespace: true,
                message:
                  action === 'link'
                    ? t('quickbutton.validation.urlRequired')
                    : t('quickbutton.validation.textRequired'),
              },
              {
                max: CONTENT_MAX,
                message: t('validation.tooLong', {
                  field: t('quickbutton.fields.content'),
                  max: CONTENT_MAX,
                }),
              },
              {
                validator: async (_, value: string | undefined) => {
                  if (action === 'link' && value?.trim() && !isHttpUrl(value.trim()))
                    throw new Error(t('quickbutton.validation.urlInvalid'));
                },
              },
            ]}
          >
            {action === 'link' ? (
              <Input maxLength={CONTENT_MAX} placeholder="https://" />
            ) : (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={CONTENT_MAX} />
            )}
          </Form.Item>
        )}
        {action === 'transfer' && (
          <p className="ant-form-item-extra" style={{ marginTop: -8, marginBottom: 16 }}>
            {t('quickbutton.fields.transferHint')}
          </p>
        )}
        <Form.Item
          name="order"
          label={t('quickbutton.fields.order')}
          extra={t('quickbutton.fields.orderHint')}
        >
          <InputNumber min={0} max={ORDER_MAX} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
