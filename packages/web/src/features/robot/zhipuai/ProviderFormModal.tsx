import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LlmProvider } from '@openkefu/contract';
import { showFormError } from '../../../shared/api/reportError';
import { createProvider, updateProvider } from '../insight/api';
import { ROBOT_INSIGHT_NS } from '../insight/i18n';

type Values = { name: string; baseUrl: string; model: string; apiKey: string };

const isHttpUrl = (value: string) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value.trim());

/**
 * Adds or changes a large-model provider. The API key is write-only: never shown, required for a
 * new provider, and left empty on edit to keep the stored one.
 */
export const ProviderFormModal = ({
  editing,
  onClose,
  onSaved,
}: {
  /** The provider to change, or null for a new one. */
  editing: LlmProvider | null;
  onClose: () => void;
  onSaved: (provider: LlmProvider) => void;
}) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    const body = {
      name: values.name.trim(),
      baseUrl: values.baseUrl.trim(),
      model: values.model.trim(),
    };
    const apiKey = (values.apiKey ?? '').trim();
    setSaving(true);
    try {
      const saved = editing
        ? await updateProvider({ ...body, pid: editing.pid, ...(apiKey ? { apiKey } : {}) })
        : await createProvider({ ...body, apiKey });
      onSaved(saved);
    } catch (error) {
      showFormError(form, error, ['name', 'baseUrl', 'model', 'apiKey']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? t('zhipuai.editTitle', { name: editing.name }) : t('zhipuai.addTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'robot-llm-provider' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        id="robot-llm-provider"
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{
          name: editing?.name ?? '',
          baseUrl: editing?.baseUrl ?? '',
          model: editing?.model ?? '',
          apiKey: '',
        }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="name"
          label={t('zhipuai.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('zhipuai.required') }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="baseUrl"
          label={t('zhipuai.fields.baseUrl')}
          extra={t('zhipuai.baseUrlHint')}
          rules={[
            { required: true, whitespace: true, message: t('zhipuai.required') },
            {
              validator: (_, value: string) =>
                !value || isHttpUrl(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('zhipuai.badUrl'))),
            },
          ]}
        >
          <Input maxLength={500} placeholder="https://open.bigmodel.cn/api/paas/v4" />
        </Form.Item>
        <Form.Item
          name="model"
          label={t('zhipuai.fields.model')}
          rules={[{ required: true, whitespace: true, message: t('zhipuai.required') }]}
        >
          <Input maxLength={128} placeholder="glm-4-flash" />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t('zhipuai.fields.apiKey')}
          extra={editing ? t('zhipuai.keepKey', { hint: editing.apiKeyHint }) : undefined}
          rules={editing ? [] : [{ required: true, whitespace: true, message: t('zhipuai.required') }]}
        >
          <Input.Password
            maxLength={500}
            autoComplete="new-password"
            placeholder={editing ? t('zhipuai.keepKeyPlaceholder') : undefined}
            visibilityToggle={false}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
