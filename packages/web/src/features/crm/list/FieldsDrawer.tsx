import '../shared/i18n';
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmField, CrmFieldType } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { createField, deleteField, updateField } from '../shared/api';
import { fieldsKey, useCrmFields } from '../shared/hooks';
import { CRM_NS } from '../shared/i18n';
import { crmPermission } from '../shared/permissions';

const TYPES: CrmFieldType[] = ['text', 'number', 'date', 'select'];

type FieldForm = {
  key: string;
  label: string;
  type: CrmFieldType;
  options: string[];
  required: boolean;
  sort: number;
};

/** The organisation's custom customer fields: text, number, date or select with its options. */
export const FieldsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation(CRM_NS);
  const canDo = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const fields = useCrmFields();
  const [editing, setEditing] = useState<CrmField | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: deleteField,
    onSuccess: async () => {
      message.success(t('fields.deleted'));
      await queryClient.invalidateQueries({ queryKey: fieldsKey });
    },
    onError: reportUnlessHandled,
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={640}
      title={t('fields.title')}
      extra={
        canDo(crmPermission('add')) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('fields.add')}
          </Button>
        ) : null
      }
    >
      {fields.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(fields.error).message}
          action={<Button onClick={() => void fields.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Table<CrmField>
          size="small"
          rowKey="fid"
          loading={fields.isPending}
          dataSource={fields.data ?? []}
          pagination={false}
          locale={{ emptyText: t('fields.empty') }}
          columns={[
            { title: t('fields.label'), dataIndex: 'label' },
            { title: t('fields.key'), dataIndex: 'key' },
            {
              title: t('fields.type'),
              dataIndex: 'type',
              render: (_, row) => (
                <>
                  {t(`fields.types.${row.type}`)}
                  {row.required ? <Tag style={{ marginLeft: 4 }}>{t('fields.required')}</Tag> : null}
                </>
              ),
            },
            {
              title: t('fields.options'),
              dataIndex: 'options',
              render: (_, row) => (row.type === 'select' ? row.options.join(', ') : '—'),
            },
            {
              title: t('columns.actions'),
              key: 'actions',
              width: 130,
              render: (_, row) => (
                <Space>
                  {canDo(crmPermission('edit')) ? (
                    <Button size="small" type="link" onClick={() => setEditing(row)}>
                      {t('actions.edit')}
                    </Button>
                  ) : null}
                  {canDo(crmPermission('delete')) ? (
                    <Popconfirm
                      title={t('fields.deleteConfirm', { label: row.label })}
                      okText={t('actions.delete')}
                      cancelText={t('actions.cancel')}
                      onConfirm={() => remove.mutateAsync(row.fid).catch(() => undefined)}
                    >
                      <Button size="small" type="link" danger>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing ? (
        <FieldModal field={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </Drawer>
  );
};

const FieldModal = ({ field, onClose }: { field: CrmField | null; onClose: () => void }) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FieldForm>();
  const type = Form.useWatch('type', form) ?? field?.type;
  const save = useMutation({
    mutationFn: (values: FieldForm) => {
      const options = values.type === 'select' ? values.options.map((option) => option.trim()) : [];
      return field
        ? updateField({
            fid: field.fid,
            label: values.label.trim(),
            options,
            required: values.required,
            sort: values.sort,
          })
        : createField({ ...values, key: values.key.trim(), label: values.label.trim(), options });
    },
    onSuccess: async () => {
      message.success(t('fields.saved'));
      await queryClient.invalidateQueries({ queryKey: fieldsKey });
      onClose();
    },
    onError: (error) => showFormError(form, error, ['key', 'label', 'type', 'options', 'required', 'sort']),
  });

  return (
    <Modal
      open
      title={field ? t('fields.editTitle') : t('fields.addTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<FieldForm>
        form={form}
        layout="vertical"
        initialValues={
          field ? { ...field } : { key: '', label: '', type: 'text', options: [], required: false, sort: 0 }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="key"
          label={t('fields.key')}
          extra={t('fields.keyHint')}
          rules={[
            { required: true, message: t('fields.keyRequired') },
            { pattern: /^[a-z][a-z0-9_]{0,31}$/, message: t('fields.keyPattern') },
          ]}
        >
          <Input disabled={Boolean(field)} />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('fields.label')}
          rules={[
            { required: true, whitespace: true, message: t('fields.labelRequired') },
            { max: 64, message: t('validation.tooLong', { max: 64 }) },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="type" label={t('fields.type')}>
          <Select
            disabled={Boolean(field)}
            options={TYPES.map((value) => ({ value, label: t(`fields.types.${value}`) }))}
          />
        </Form.Item>
        {type === 'select' ? (
          <Form.Item
            name="options"
            label={t('fields.options')}
            extra={t('fields.optionsHint')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('fields.optionsRequired') },
              { type: 'array', max: 50, message: t('fields.optionsTooMany') },
            ]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',']} aria-label={t('fields.options')} />
          </Form.Item>
        ) : null}
        <Form.Item name="sort" label={t('fields.sort')}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
        <Form.Item name="required" valuePropName="checked">
          <Checkbox>{t('fields.requiredLabel')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
};
