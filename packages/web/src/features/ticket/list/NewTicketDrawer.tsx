import '../shared/i18n';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  List,
  Select,
  Space,
  TreeSelect,
  Typography,
} from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ticketPriorityValues,
  type Ticket,
  type TicketAttachment,
  type TicketPriority,
  type TicketTemplate,
  type TicketType,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { showFormError } from '../../../shared/api/reportError';
import { AttachmentUploadModal } from '../../../shared/components/Upload';
import { EMPTY_RICH_TEXT, RichTextEditor, type RichTextValue } from '../../../shared/editor';
import { createTicket, fetchTemplatesSilently } from '../shared/api';
import { CustomerPicker } from '../shared/CustomerPicker';
import { CustomFieldItems, toCustomFields, type CustomFieldFormValue } from '../shared/CustomFieldItems';
import { useCategoryOptions, useColleagueOptions, useGroupOptions } from '../shared/hooks';
import { TICKET_NS } from '../shared/i18n';

type Values = {
  title: string;
  description: RichTextValue;
  contactName: string;
  email: string;
  phone: string;
  priority: TicketPriority;
  type: TicketType;
  category?: string;
  wid?: string;
  assignee?: string;
  customerId?: string | null;
  dueAt?: Dayjs | null;
  customFields?: Record<string, CustomFieldFormValue>;
};

const FORM_FIELDS = [
  'title',
  'description',
  'contactName',
  'email',
  'phone',
  'priority',
  'type',
  'category',
  'wid',
  'assignee',
  'customerId',
  'dueAt',
  'customFields',
] as const;

export type NewTicketDrawerProps = {
  onClose: () => void;
  onCreated: (ticket: Ticket) => void;
};

/** "New ticket": the fields of `POST /api/ticket/create`, with attachments from the upload modal. */
export const NewTicketDrawer = ({ onClose, onCreated }: NewTicketDrawerProps) => {
  const { t } = useTranslation(TICKET_NS);
  const [form] = Form.useForm<Values>();
  const [attachments, setAttachments] = useState<TicketAttachment[]>([]);
  const [isUploadOpen, setUploadOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const colleagues = useColleagueOptions();
  const groups = useGroupOptions();
  const categories = useCategoryOptions();
  const templates = useQuery({
    queryKey: ['ticket', 'templates', 'silent'],
    queryFn: fetchTemplatesSilently,
    retry: false,
  });
  const [template, setTemplate] = useState<TicketTemplate | null>(null);

  const applyTemplate = (ttid: string | undefined) => {
    const chosen = templates.data?.find((entry) => entry.ttid === ttid) ?? null;
    setTemplate(chosen);
    if (!chosen) return;
    form.setFieldsValue({
      title: chosen.preset.title || form.getFieldValue('title'),
      description: chosen.preset.description
        ? { html: chosen.preset.description, markdown: '' }
        : form.getFieldValue('description'),
      priority: chosen.preset.priority,
      type: chosen.preset.type,
      category: chosen.preset.category ?? form.getFieldValue('category'),
      wid: chosen.preset.wid ?? undefined,
    });
  };

  const submit = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      const ticket = await createTicket({
        title: values.title.trim(),
        description: values.description.html,
        contactName: values.contactName.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        priority: values.priority,
        type: values.type,
        category: values.category ?? null,
        wid: values.wid ?? null,
        assignee: values.assignee ?? null,
        customerId: values.customerId ?? null,
        dueAt: values.dueAt ? values.dueAt.valueOf() : null,
        attachments,
        ...(template
          ? { template: template.ttid, customFields: toCustomFields(template.fields, values.customFields) }
          : {}),
      });
      onCreated(ticket);
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
      title={t('create.title')}
      size={720}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('create.submit')}
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
          title: '',
          description: EMPTY_RICH_TEXT,
          contactName: '',
          email: '',
          phone: '',
          priority: 'medium',
          type: 'external',
        }}
      >
        {(templates.data?.length ?? 0) > 0 && (
          <Form.Item label={t('fields.template')}>
            <Select
              aria-label={t('fields.template')}
              allowClear
              placeholder={t('create.noTemplate')}
              value={template?.ttid}
              onChange={applyTemplate}
              options={templates.data?.map((entry) => ({ value: entry.ttid, label: entry.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation.titleRequired') },
            { max: 200, message: t('validation.titleMax') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('fields.description')}>
          <RichTextEditor ariaLabel={t('fields.description')} hasMarkdown={false} minHeight={160} />
        </Form.Item>
        <Space wrap size={16} align="start">
          <Form.Item name="contactName" label={t('fields.contactName')} rules={[{ max: 100 }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('fields.email')}
            rules={[{ type: 'email', message: t('validation.email') }]}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="phone" label={t('fields.phone')} rules={[{ max: 32 }]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
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
          <Form.Item name="assignee" label={t('fields.assignee')}>
            <Select
              style={{ width: 180 }}
              allowClear
              showSearch
              optionFilterProp="label"
              options={colleagues}
            />
          </Form.Item>
          <Form.Item name="dueAt" label={t('fields.dueAt')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="customerId" label={t('fields.customer')}>
            <CustomerPicker />
          </Form.Item>
        </Space>
        {template && template.fields.length > 0 && <CustomFieldItems fields={template.fields} />}
        <Form.Item label={t('fields.attachments')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {attachments.length > 0 && (
              <List
                size="small"
                bordered
                dataSource={attachments}
                renderItem={(item) => (
                  <List.Item
                    actions={[
                      <Button
                        key="remove"
                        type="text"
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('attachments.remove', { name: item.fileName })}
                        onClick={() => setAttachments((list) => list.filter((entry) => entry !== item))}
                      />,
                    ]}
                  >
                    <Typography.Text>
                      <PaperClipOutlined /> {item.fileName}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
            <Button
              icon={<PaperClipOutlined />}
              disabled={attachments.length >= 20}
              onClick={() => setUploadOpen(true)}
            >
              {t('attachments.add')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <AttachmentUploadModal
        open={isUploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(attachment) => {
          setAttachments((list) => [
            ...list,
            {
              path: attachment.path,
              fileName: attachment.fileName,
              mediaType: attachment.mediaType,
              size: attachment.size,
            },
          ]);
          setUploadOpen(false);
        }}
      />
    </Drawer>
  );
};
