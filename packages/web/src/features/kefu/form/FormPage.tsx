import './i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form as AntForm,
  Input,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  customFieldTypeValues,
  formBuiltinKeys,
  formBuiltinTypes,
  type Form,
  type FormBuiltinKey,
  type FormField,
} from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { useWorkgroupOptions } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import { deleteForm, fetchForm, saveForm } from './api';
import { KEFU_FORM_NS } from './i18n';

const PERMISSION = 'kefu.form';
/** Contract `formFieldsSchema`: at most this many fields in all. */
const MAX_FIELDS = 20;

type BuiltinRow = { key: FormBuiltinKey; ask: boolean; required: boolean; label: string };
type CustomRow = {
  key: string;
  label: string;
  type: FormField['type'];
  required: boolean;
  options: string[];
};
type EditorValues = { title: string; builtins: BuiltinRow[]; custom: CustomRow[] };

const toEditor = (form: Form): EditorValues => ({
  title: form.title,
  builtins: formBuiltinKeys.map((key) => {
    const field = form.fields.find((item) => item.key === key);
    return { key, ask: Boolean(field), required: field?.required ?? false, label: field?.label ?? '' };
  }),
  custom: form.fields
    .filter((field) => !(formBuiltinKeys as readonly string[]).includes(field.key))
    .map((field) => ({ ...field })),
});

const toFields = (values: EditorValues): FormField[] => [
  ...values.builtins
    .filter((row) => row.ask)
    .map((row) => ({
      key: row.key,
      label: row.label.trim(),
      type: formBuiltinTypes[row.key],
      required: row.required,
      options: [],
    })),
  ...values.custom.map((row) => ({
    key: row.key,
    label: row.label.trim(),
    type: row.type,
    required: row.required,
    options: row.type === 'select' ? row.options.map((option) => option.trim()).filter(Boolean) : [],
  })),
];

/** A custom field's key: stable once created, so answers stay attributable when the label changes. */
const newCustomKey = () => `f_${Math.random().toString(36).slice(2, 10)}`;

/**
 * Kefu → pre-chat form (`/stable/kefu/form`, hidden; `?wid=` opens a skill group's form): what a skill
 * group with showForm asks before the chat, per organisation (default) or per skill group.
 */
export const FormPage = () => {
  const { t } = useTranslation(KEFU_FORM_NS);
  const { message: toast } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const wid = searchParams.get('wid') || undefined;
  const workgroups = useWorkgroupOptions();
  const queryClient = useQueryClient();
  const [editor] = AntForm.useForm<EditorValues>();
  const [isSaving, setSaving] = useState(false);
  const form = useQuery({ queryKey: ['kefu-form', wid ?? ''], queryFn: () => fetchForm(wid) });

  useEffect(() => {
    if (form.data) editor.setFieldsValue(toEditor(form.data));
  }, [editor, form.data]);

  const save = async () => {
    await editor.validateFields();
    // Everything, not only the rendered inputs: custom fields carry their key without an input.
    const values = editor.getFieldsValue(true) as EditorValues;
    setSaving(true);
    try {
      const saved = await saveForm({
        ...(wid ? { wid } : {}),
        title: values.title.trim(),
        fields: toFields(values),
      });
      queryClient.setQueryData(['kefu-form', wid ?? ''], saved);
      void toast.success(t('saved'));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  const reset = async (fid: string) => {
    try {
      await deleteForm(fid);
      void toast.success(t('resetDone'));
      await queryClient.invalidateQueries({ queryKey: ['kefu-form'] });
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const scope = (
    <Space>
      <Typography.Text>{t('scope')}</Typography.Text>
      <Select
        aria-label={t('scope')}
        style={{ minWidth: 220 }}
        value={wid ?? ''}
        loading={workgroups.isLoading}
        showSearch
        optionFilterProp="label"
        options={[{ value: '', label: t('orgDefault') }, ...workgroups.options]}
        onChange={(value: string) => setSearchParams(value ? { wid: value } : {})}
      />
    </Space>
  );

  let body: ReactNode;
  if (form.isPending) body = <Skeleton active />;
  else if (form.isError)
    body = (
      <Result
        status="warning"
        title={t('loadFailed')}
        extra={<Button onClick={() => void form.refetch()}>{t('retry')}</Button>}
      />
    );
  else
    body = (
      <AntForm<EditorValues>
        form={editor}
        layout="vertical"
        name="prechat-form"
        initialValues={toEditor(form.data)}
      >
        {form.data.fid === '' && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('inherited')} />
        )}
        <AntForm.Item
          name="title"
          label={t('formTitle')}
          rules={[{ max: 100, message: t('tooLong', { max: 100 }) }]}
        >
          <Input maxLength={100} placeholder={t('formTitlePlaceholder')} />
        </AntForm.Item>
        <Typography.Title level={5}>{t('builtin')}</Typography.Title>
        <AntForm.List name="builtins">
          {(rows) =>
            rows.map((row) => {
              const key = formBuiltinKeys[row.name] as FormBuiltinKey;
              const name = t(`builtins.${key}`);
              return (
                <Space key={row.key} align="baseline" wrap data-testid={`builtin-${key}`}>
                  <Typography.Text strong style={{ display: 'inline-block', width: 110 }}>
                    {name}
                  </Typography.Text>
                  <AntForm.Item name={[row.name, 'ask']} valuePropName="checked">
                    <Checkbox aria-label={`${name}: ${t('ask')}`}>{t('ask')}</Checkbox>
                  </AntForm.Item>
                  <AntForm.Item name={[row.name, 'required']} valuePropName="checked">
                    <Checkbox aria-label={`${name}: ${t('required')}`}>{t('required')}</Checkbox>
                  </AntForm.Item>
                  <AntForm.Item
                    name={[row.name, 'label']}
                    rules={[{ max: 64, message: t('tooLong', { max: 64 }) }]}
                  >
                    <Input
                      aria-label={`${name}: ${t('label')}`}
                      placeholder={t('labelDefault', { label: name })}
                      maxLength={64}
                    />
                  </AntForm.Item>
                </Space>
              );
            })
          }
        </AntForm.List>
        <Typography.Title level={5}>{t('custom')}</Typography.Title>
        <AntForm.List
          name="custom"
          rules={[
            {
              validator: async (_, custom: CustomRow[] | undefined) => {
                const builtins = (editor.getFieldValue('builtins') as BuiltinRow[] | undefined) ?? [];
                if ((custom?.length ?? 0) + builtins.filter((row) => row.ask).length > MAX_FIELDS)
                  throw new Error(t('tooMany', { max: MAX_FIELDS }));
              },
            },
          ]}
        >
          {(rows, { add, remove }, { errors }) => (
            <>
              {rows.length === 0 && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noCustom')} />
              )}
              {rows.map((row, index) => (
                <Space key={row.key} align="baseline" wrap data-testid={`custom-${index}`}>
                  <AntForm.Item
                    name={[row.name, 'label']}
                    rules={[
                      { required: true, whitespace: true, message: t('labelRequired') },
                      { max: 64, message: t('tooLong', { max: 64 }) },
                    ]}
                  >
                    <Input
                      aria-label={`${t('label')} ${index + 1}`}
                      placeholder={t('label')}
                      maxLength={64}
                    />
                  </AntForm.Item>
                  <AntForm.Item name={[row.name, 'type']}>
                    <Select
                      aria-label={`${t('type')} ${index + 1}`}
                      style={{ width: 110 }}
                      options={customFieldTypeValues.map((value) => ({ value, label: t(`types.${value}`) }))}
                    />
                  </AntForm.Item>
                  <AntForm.Item name={[row.name, 'required']} valuePropName="checked">
                    <Checkbox>{t('required')}</Checkbox>
                  </AntForm.Item>
                  <AntForm.Item noStyle dependencies={[['custom', row.name, 'type']]}>
                    {({ getFieldValue }) =>
                      getFieldValue(['custom', row.name, 'type']) === 'select' ? (
                        <AntForm.Item
                          name={[row.name, 'options']}
                          rules={[{ required: true, type: 'array', min: 1, message: t('optionsRequired') }]}
                        >
                          <Select
                            mode="tags"
                            aria-label={`${t('options')} ${index + 1}`}
                            style={{ minWidth: 220 }}
                            placeholder={t('optionsPlaceholder')}
                            open={false}
                          />
                        </AntForm.Item>
                      ) : null
                    }
                  </AntForm.Item>
                  <Button type="link" danger onClick={() => remove(row.name)}>
                    {t('removeField')}
                  </Button>
                </Space>
              ))}
              <AntForm.ErrorList errors={errors} />
              <Button
                onClick={() =>
                  add({ key: newCustomKey(), label: '', type: 'text', required: false, options: [] })
                }
              >
                {t('addField')}
              </Button>
            </>
          )}
        </AntForm.List>
        <Can permission={`${PERMISSION}.edit`}>
          <Space style={{ marginTop: 24 }}>
            <Button type="primary" loading={isSaving} onClick={() => void save().catch(() => undefined)}>
              {t('save')}
            </Button>
            {form.data.fid !== '' && (
              <Can permission={`${PERMISSION}.delete`}>
                <Popconfirm
                  title={t('resetConfirm')}
                  description={wid ? t('resetHintGroup') : t('resetHintOrg')}
                  okText={t('reset')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('cancel')}
                  onConfirm={() => reset(form.data.fid)}
                >
                  <Button danger>{t('reset')}</Button>
                </Popconfirm>
              </Can>
            )}
          </Space>
        </Can>
      </AntForm>
    );

  return (
    <Card title={t('title')} extra={scope}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {body}
    </Card>
  );
};
