import './i18n';
import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { tabooSynonymLimit, tabooWordMaxLength, type Taboo } from '@openkefu/contract';
import { showFormError } from '../shared/errors';
import { createTaboo, updateTaboo, type TabooScope } from './api';
import { KEFU_TABOO_NS } from './i18n';

type Values = { standard: string; synonyms: string[] };

export type TabooFormModalProps = {
  scope: TabooScope;
  open: boolean;
  /** The word being edited; null adds one. */
  taboo: Taboo | null;
  onClose: () => void;
  onSaved: (taboo: Taboo, isNew: boolean) => void;
};

/** Adds or edits a word and its synonyms, validated as the server does (length, count). */
export const TabooFormModal = ({ scope, open, taboo, onClose, onSaved }: TabooFormModalProps) => {
  const { t } = useTranslation(KEFU_TABOO_NS);
  const [form] = Form.useForm<Values>();
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ standard: taboo?.standard ?? '', synonyms: taboo?.synonyms ?? [] });
  }, [form, open, taboo]);

  const submit = async () => {
    const values = await form.validateFields();
    const body = {
      standard: values.standard.trim(),
      synonyms: (values.synonyms ?? []).map((synonym) => synonym.trim()).filter(Boolean),
    };
    setSaving(true);
    try {
      const saved = taboo
        ? await updateTaboo(scope, { tbid: taboo.tbid, ...body })
        : await createTaboo(scope, body);
      onSaved(saved, taboo === null);
      onClose();
    } catch (error) {
      showFormError(form, error, ['standard', 'synonyms']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={taboo ? t('form.editTitle', { standard: taboo.standard }) : t('form.addTitle')}
      okText={t('form.submit')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="standard"
          label={t('form.standard')}
          rules={[
            { required: true, whitespace: true, message: t('form.standardRequired') },
            { max: tabooWordMaxLength, message: t('form.standardTooLong') },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="synonyms"
          label={t('form.synonyms')}
          extra={<Typography.Text type="secondary">{t('form.synonymsHint')}</Typography.Text>}
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                const synonyms = value ?? [];
                if (synonyms.length > tabooSynonymLimit) throw new Error(t('form.synonymsTooMany'));
                if (synonyms.some((synonym) => synonym.trim().length > tabooWordMaxLength))
                  throw new Error(t('form.synonymTooLong'));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            aria-label={t('form.synonyms')}
            placeholder={t('form.synonymsPlaceholder')}
            tokenSeparators={[',', '，']}
            open={false}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
