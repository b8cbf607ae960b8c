import '../shared/i18n';
import '../shared/ticket.css';
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  TreeSelect,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ticketPriorityValues,
  type TicketCustomField,
  type TicketPriority,
  type TicketTemplate,
  type TicketType,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { EMPTY_RICH_TEXT, RichTextEditor, type RichTextValue } from '../../../shared/editor';
import { deleteTemplate, fetchTemplates, saveTemplate } from '../shared/api';
import { formatTime } from '../shared/display';
import { useCategoryOptions, useGroupOptions } from '../shared/hooks';
import { TICKET_NS } from '../shared/i18n';

const FIELD_TYPES = ['text', 'number', 'date', 'select', 'checkbox'] as const;

type Values = {
  name: string;
  title: string;
  description: RichTextValue;
  priority: TicketPriority;
  type: TicketType;
  category: string | null;
  wid: string | null;
  fields: TicketCustomField[];
};

const FORM_FIELDS = [
  'name',
  'title',
  'description',
  'priority',
  'type',
  'category',
  'wid',
  'fields',
] as const;

/** Tickets → templates (debug-only): presets and custom fields new tickets start from. */
export const TicketTemplatePage = () => {
  const { t } = useTranslation(TICKET_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const canEdit = canDo('ticket.template.edit');
  const canDelete = canDo('ticket.template.delete');
  const query = useQuery({ queryKey: ['ticket', 'templates'], queryFn: fetchTemplates });
  /** The template in the editor: one of the list, `null` for a new one, `undefined` when closed. */
  const [editing, setEditing] = useState<TicketTemplate | null | undefined>(undefined);

  const remove = async (template: TicketTemplate) => {
    try {
      await deleteTemplate(template.ttid);
      void toast.success(t('template.deleted', { name: template.name }));
      await query.refetch();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  return (
    <div className="ok-ticket-section">
      <Card
        title={t('titles.template')}
        extra={
          canEdit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('template.add')}
            </Button>
          ) : null
        }
      >
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('template.loadFailed')}
            description={parseError(query.error).message}
            action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
          />
        ) : (
          <Table<TicketTemplate>
            rowKey="ttid"
            loading={query.isPending}
            dataSource={query.data ?? []}
            pagination={false}
            locale={{ emptyText: t('template.empty') }}
            columns={[
              {
                title: t('template.name'),
                key: 'name',
                render: (_, row) => <Typography.Text strong>{row.name}</Typography.Text>,
              },
              {
                title: t('fields.priority'),
                key: 'priority',
                width: 110,
                render: (_, row) => t(`priority.${row.preset.priority}`),
              },
              {
                title: t('fields.type'),
                key: 'type',
                width: 110,
                render: (_, row) => t(`type.${row.preset.type}`),
              },
              {
                title: t('template.customFields'),
                key: 'fields',
                width: 130,
                render: (_, row) => t('template.fieldCount', { count: row.fields.length }),
              },
              {
                title: t('columns.updatedAt'),
                key: 'updatedAt',
                width: 160,
                render: (_, row) => formatTime(row.updatedAt),
              },
              {
                title: t('columns.actions'),
                key: 'actions',
                width: 140,
                render: (_, row) => (
                  <Space>
                    {canEdit && <a onClick={() => setEditing(row)}>{t('actions.edit')}</a>}
                    {canDelete && (
                      <Popconfirm
                        title={t('template.deleteConfirm', { name: row.name })}
                        okText={t('actions.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('actions.cancel')}
                        onConfirm={() => remove(row)}
                      >
                        <a className="ok-danger-link">{t('actions.delete')}</a>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      {editing !== undefined && (
        <TemplateDrawer
          template={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void toast.success(t('template.saved'));
            void query.refetch();
          }}
        />
      )}
    </div>
  );
};

const TemplateDrawer = ({
  template,
  onClose,
  onSaved,
}: {
  template: TicketTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const groups = useGroupOptions();
  const categories = useCategoryOptions();

  const submit = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      await saveTemplate({
        ...(template ? { ttid: template.ttid } : {}),
        name: values.name.trim(),
        preset: {
          title: values.title.trim(),
          description: values.description.html,
          priority: values.priority,
          type: values.type,
          category: values.category ?? null,
          wid: values.wid ?? null,
        },
        fields: (values.fields ?? []).map((field) => ({
          key: field.key.trim(),
          label: field.label.trim(),
          type: field.type,
          required: field.required ?? false,
          options: field.type === 'select' ? (field.options ?? []) : [],
        })),
      });
      onSaved();
    } catch (caught) {
      showFormError(form, caught, FORM_FIELDS);
      setError(parseError(caught).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      size={720}
      title={template ? t('template.editTitle', { name: template.name }) : t('template.add')}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        initialValues={{
          name: template?.name ?? '',
          title: template?.preset.title ?? '',
          description: template ? { html: template.preset.description, markdown: '' } : EMPTY_RICH_TEXT,
          priority: template?.preset.priority ?? 'medium',
          type: template?.preset.type ?? 'external',
          category: template?.preset.category ?? null,
          wid: template?.preset.wid ?? null,
          fields: template?.fields ?? [],
        }}
      >
        <Form.Item
          name="name"
          label={t('template.name')}
          rules={[
            { required: true, whitespace: true, message: t('template.nameRequired') },
            { max: 100, message: t('template.nameMax') },
          ]}
        >
          <Input />
        </Form.Item>
        <Typography.Title level={5}>{t('template.preset')}</Typography.Title>
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[{ max: 200, message: t('validation.titleMax') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <RichTextEditor ariaLabel={t('fields.description')} hasMarkdown={false} minHeight={120} />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="priority" label={t('fields.priority')}>
            <Select
              style={{ width: 140 }}
              options={ticketPriorityValues.map((value) => ({ value, label: t(`priority.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="type" label={t('fields.type')}>
            <Select
              style={{ width: 140 }}
              options={(['external', 'internal'] as const).map((value) => ({
                value,
                label: t(`type.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="category" label={t('fields.category')}>
            <TreeSelect
              style={{ width: 200 }}
              allowClear
              showSearch
              treeDefaultExpandAll
              treeNodeFilterProp="title"
              placeholder={t('fields.noCategory')}
              treeData={categories}
              fieldNames={{ label: 'title', value: 'value', children: 'children' }}
            />
          </Form.Item>
          <Form.Item name="wid" label={t('fields.group')}>
            <Select style={{ width: 180 }} allowClear options={groups} />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>{t('template.customFields')}</Typography.Title>
        <Form.List
          name="fields"
          rules={[
            {
              validator: async (_, fields: TicketCustomField[] | undefined) => {
                const keys = (fields ?? []).map((field) => field?.key?.trim()).filter(Boolean);
                if (new Set(keys).size !== keys.length) throw new Error(t('template.keysUnique'));
              },
            },
          ]}
        >
          {(items, { add, remove }, { errors }) => (
            <>
              {items.map((item, index) => (
                <Card
                  key={item.key}
                  size="small"
                  style={{ marginBottom: 8 }}
                  title={t('template.fieldN', { n: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('template.removeField', { n: index + 1 })}
                      onClick={() => remove(item.name)}
                    />
                  }
                >
                  <Space wrap size={12} align="start">
                    <Form.Item
                      name={[item.name, 'key']}
                      label={t('template.fieldKey')}
                      rules={[
                        { required: true, message: t('template.keyRequired') },
                        { pattern: /^[A-Za-z][\w-]{0,63}$/, message: t('template.keyPattern') },
                      ]}
                    >
                      <Input style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'label']}
                      label={t('template.fieldLabel')}
                      rules={[{ required: true, whitespace: true, message: t('template.labelRequired') }]}
                    >
                      <Input style={{ width: 180 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'type']} label={t('template.fieldType')} initialValue="text">
                      <Select
                        style={{ width: 130 }}
                        options={FIELD_TYPES.map((value) => ({ value, label: t(`template.types.${value}`) }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'required']}
                      valuePropName="checked"
                      label=" "
                      initialValue={false}
                    >
                      <Checkbox>{t('template.required')}</Checkbox>
                    </Form.Item>
                  </Space>
                  <Form.Item noStyle dependencies={[['fields', item.name, 'type']]}>
                    {({ getFieldValue }) =>
                      getFieldValue(['fields', item.name, 'type']) === 'select' ? (
                        <Form.Item
                          name={[item.name, 'options']}
                          label={t('template.options')}
                          rules={[
                            { required: true, type: 'array', min: 1, message: t('template.optionsRequired') },
                          ]}
                        >
                          <Select mode="tags" open={false} aria-label={t('template.options')} />
                        </Form.Item>
                      ) : null
                    }
                  </Form.Item>
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                disabled={items.length >= 50}
                onClick={() => add({ key: '', label: '', type: 'text', required: false, options: [] })}
              >
                {t('template.addField')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
};
