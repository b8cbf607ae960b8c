import '../shared/i18n';
import { useState } from 'react';
import dayjs from 'dayjs';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmField, Customer, CustomFieldValues } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { MergeModal } from '../list/MergeModal';
import {
  addNote,
  deleteNote,
  fetchCustomer,
  fetchDuplicates,
  fetchNotes,
  fetchTimeline,
  updateCustomer,
} from '../shared/api';
import { formatTime } from '../shared/display';
import { customerKey, useCrmFields, useOwnerOptions } from '../shared/hooks';
import { CRM_NS } from '../shared/i18n';
import { crmPermission } from '../shared/permissions';

const KIND_COLORS: Record<string, string> = {
  conversation: 'blue',
  ticket: 'orange',
  feedback: 'purple',
  note: 'gray',
};

/** A customer (`?cid=`): profile with edit, duplicates, timeline and notes. */
export const CustomerDrawer = ({
  cid,
  onClose,
  onChanged,
}: {
  cid: string | null;
  onClose: () => void;
  onChanged: () => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const customer = useQuery({
    queryKey: customerKey(cid ?? ''),
    queryFn: () => fetchCustomer(cid ?? ''),
    enabled: Boolean(cid),
  });
  return (
    <Drawer
      open={Boolean(cid)}
      onClose={onClose}
      size={720}
      title={customer.data?.name ?? t('customer.title')}
      destroyOnHidden
    >
      {customer.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(customer.error).message}
          action={<Button onClick={() => void customer.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : customer.isPending || !customer.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <CustomerView customer={customer.data} onChanged={onChanged} onGone={onClose} />
      )}
    </Drawer>
  );
};

const CustomerView = ({
  customer,
  onChanged,
  onGone,
}: {
  customer: Customer;
  onChanged: () => void;
  onGone: () => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const canDo = useCan();
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const [mergeWith, setMergeWith] = useState<Customer | null>(null);
  const fields = useCrmFields();
  const duplicates = useQuery({
    queryKey: ['crm', 'duplicates', customer.cid],
    queryFn: () => fetchDuplicates(customer.cid),
  });
  const others = (duplicates.data ?? []).filter((other) => other.cid !== customer.cid);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['crm'] });
    onChanged();
  };

  return (
    <>
      {others.length > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('duplicates.title', { count: others.length })}
          description={
            <Space orientation="vertical">
              {others.map((other) => (
                <Space key={other.cid}>
                  <Typography.Text strong>{other.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {[other.email, other.mobile].filter(Boolean).join(' · ')}
                  </Typography.Text>
                  {canDo(crmPermission('edit')) ? (
                    <Button size="small" onClick={() => setMergeWith(other)}>
                      {t('duplicates.merge')}
                    </Button>
                  ) : null}
                </Space>
              ))}
            </Space>
          }
        />
      ) : null}
      <Tabs
        items={[
          {
            key: 'profile',
            label: t('customer.profile'),
            children: isEditing ? (
              <ProfileForm
                customer={customer}
                fields={fields.data ?? []}
                onDone={async (saved) => {
                  setEditing(false);
                  if (saved) await refresh();
                }}
              />
            ) : (
              <Profile
                customer={customer}
                fields={fields.data ?? []}
                onEdit={canDo(crmPermission('edit')) ? () => setEditing(true) : undefined}
              />
            ),
          },
          {
            key: 'timeline',
            label: t('customer.timeline'),
            children: <CustomerTimeline cid={customer.cid} />,
          },
          { key: 'notes', label: t('customer.notes'), children: <Notes cid={customer.cid} /> },
        ]}
      />
      {mergeWith ? (
        <MergeModal
          customers={[customer, mergeWith]}
          onClose={() => setMergeWith(null)}
          onMerged={async (target) => {
            await refresh();
            if (target.cid !== customer.cid) onGone();
          }}
        />
      ) : null}
    </>
  );
};

const fieldText = (field: CrmField, value: string | number | undefined): string =>
  value === undefined || value === '' ? '—' : String(value);

const Profile = ({
  customer,
  fields,
  onEdit,
}: {
  customer: Customer;
  fields: CrmField[];
  onEdit?: () => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const dash = (value: string) => value || '—';
  return (
    <Descriptions
      column={2}
      size="small"
      bordered
      extra={onEdit ? <Button onClick={onEdit}>{t('actions.edit')}</Button> : null}
    >
      <Descriptions.Item label={t('columns.name')}>{customer.name}</Descriptions.Item>
      <Descriptions.Item label={t('columns.email')}>{dash(customer.email)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.mobile')}>{dash(customer.mobile)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.company')}>{dash(customer.company)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.owner')}>
        {customer.owner?.nickname ?? t('common.nobody')}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.channel')}>{customer.channel}</Descriptions.Item>
      <Descriptions.Item label={t('columns.tags')} span={2}>
        {customer.tags.length ? customer.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.description')} span={2}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {dash(customer.description)}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.firstContact')}>
        {formatTime(customer.firstContactAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('columns.lastContact')}>
        {formatTime(customer.lastContactAt)}
      </Descriptions.Item>
      <Descriptions.Item label={t('customer.visitors')} span={2}>
        {customer.visitors.length
          ? customer.visitors.map((visitor) => <Tag key={visitor.vid}>{visitor.nickname || visitor.vid}</Tag>)
          : '—'}
      </Descriptions.Item>
      {fields.map((field, index) => (
        <Descriptions.Item
          key={field.fid}
          label={field.label}
          span={index === fields.length - 1 ? 'filled' : 1}
        >
          {fieldText(field, customer.customFields[field.key])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
};

type ProfileValues = {
  name: string;
  email: string;
  mobile: string;
  company: string;
  description: string;
  tags: string[];
  owner: string;
  custom: Record<string, unknown>;
};

const FORM_FIELDS = ['name', 'email', 'mobile', 'company', 'description', 'tags', 'owner'] as const;

/** The customer's profile and custom fields as a form (the CRM drawer and the workbench's card). */
export const ProfileForm = ({
  customer,
  fields,
  onDone,
}: {
  customer: Customer;
  fields: CrmField[];
  onDone: (saved: boolean) => void | Promise<void>;
}) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const ownerOptions = useOwnerOptions();
  const withCurrentOwner =
    customer.owner && !ownerOptions.some((option) => option.value === customer.owner?.uid)
      ? [...ownerOptions, { value: customer.owner.uid, label: customer.owner.nickname }]
      : ownerOptions;
  const save = useMutation({
    mutationFn: (values: ProfileValues) => {
      const customFields: CustomFieldValues = { ...customer.customFields };
      for (const field of fields) {
        const value = values.custom?.[field.key];
        if (value === undefined || value === null || value === '') delete customFields[field.key];
        else if (field.type === 'date')
          customFields[field.key] = dayjs(value as dayjs.Dayjs).format('YYYY-MM-DD');
        else if (field.type === 'number') customFields[field.key] = Number(value);
        else customFields[field.key] = String(value).trim();
      }
      return updateCustomer({
        cid: customer.cid,
        name: values.name.trim(),
        email: values.email?.trim() ?? '',
        mobile: values.mobile?.trim() ?? '',
        company: values.company?.trim() ?? '',
        description: values.description?.trim() ?? '',
        tags: values.tags ?? [],
        owner: values.owner === 'none' ? null : values.owner,
        customFields,
      });
    },
    onSuccess: async () => {
      message.success(t('customer.saved'));
      await onDone(true);
    },
    onError: (error) => {
      const { fields: errors } = parseError(error);
      const custom = Object.entries(errors).filter(([name]) => name.startsWith('customFields.'));
      if (custom.length > 0) {
        form.setFields(
          custom.map(([name, text]) => ({
            name: ['custom', name.slice('customFields.'.length)],
            errors: [text],
          })),
        );
        return;
      }
      showFormError(form, error, FORM_FIELDS);
    },
  });

  const initialCustom = Object.fromEntries(
    fields.map((field) => {
      const value = customer.customFields[field.key];
      return [field.key, field.type === 'date' && typeof value === 'string' && value ? dayjs(value) : value];
    }),
  );

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      initialValues={{
        name: customer.name,
        email: customer.email,
        mobile: customer.mobile,
        company: customer.company,
        description: customer.description,
        tags: customer.tags,
        owner: customer.owner?.uid ?? 'none',
        custom: initialCustom,
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="name"
        label={t('columns.name')}
        rules={[
          { required: true, whitespace: true, message: t('customer.nameRequired') },
          { max: 100, message: t('validation.tooLong', { max: 100 }) },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('columns.email')}
        rules={[{ type: 'email', message: t('customer.emailInvalid') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="mobile"
        label={t('columns.mobile')}
        rules={[{ pattern: /^\+?[0-9 -]{5,20}$/, message: t('customer.mobileInvalid') }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="company"
        label={t('columns.company')}
        rules={[{ max: 200, message: t('validation.tooLong', { max: 200 }) }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="owner" label={t('columns.owner')}>
        <Select options={[{ value: 'none', label: t('common.nobody') }, ...withCurrentOwner]} />
      </Form.Item>
      <Form.Item name="tags" label={t('columns.tags')}>
        <Select mode="tags" open={false} tokenSeparators={[',']} aria-label={t('columns.tags')} />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('columns.description')}
        rules={[{ max: 2000, message: t('validation.tooLong', { max: 2000 }) }]}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      {fields.map((field) => (
        <Form.Item
          key={field.fid}
          name={['custom', field.key]}
          label={field.label}
          rules={
            field.required
              ? [{ required: true, message: t('customer.fieldRequired', { label: field.label }) }]
              : []
          }
        >
          {field.type === 'number' ? (
            <InputNumber style={{ width: '100%' }} />
          ) : field.type === 'date' ? (
            <DatePicker style={{ width: '100%' }} />
          ) : field.type === 'select' ? (
            <Select allowClear options={field.options.map((option) => ({ value: option, label: option }))} />
          ) : (
            <Input />
          )}
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => void onDone(false)}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
};

/** Conversations, tickets, feedback and notes, newest first (the CRM drawer and the workbench). */
export const CustomerTimeline = ({ cid }: { cid: string }) => {
  const { t } = useTranslation(CRM_NS);
  const timeline = useQuery({ queryKey: ['crm', 'timeline', cid], queryFn: () => fetchTimeline(cid) });
  if (timeline.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={parseError(timeline.error).message}
        action={<Button onClick={() => void timeline.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  if (timeline.isPending) return <Skeleton active />;
  if (timeline.data.length === 0) return <Empty description={t('customer.timelineEmpty')} />;
  return (
    <Timeline
      items={timeline.data.map((entry) => ({
        key: `${entry.kind}-${entry.id}`,
        color: KIND_COLORS[entry.kind],
        content: (
          <div>
            <Space>
              <Tag color={KIND_COLORS[entry.kind]}>{t(`timeline.${entry.kind}`)}</Tag>
              <Typography.Text>{entry.title || entry.id}</Typography.Text>
              {entry.status ? <Tag>{entry.status}</Tag> : null}
            </Space>
            <div>
              <Typography.Text type="secondary">{formatTime(entry.at)}</Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
};

/** Adds a note to the customer; the notes list and timeline refresh. */
export const NoteForm = ({ cid, onAdded }: { cid: string; onAdded?: () => void }) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ content: string }>();
  const add = useMutation({
    mutationFn: (content: string) => addNote({ cid, content }),
    onSuccess: async () => {
      form.resetFields();
      message.success(t('notes.added'));
      await invalidateNotes(queryClient, cid);
      onAdded?.();
    },
    onError: (error) => showFormError(form, error, ['content']),
  });
  return (
    <Form form={form} onFinish={(values) => add.mutate(values.content.trim())}>
      <Form.Item
        name="content"
        rules={[
          { required: true, whitespace: true, message: t('notes.required') },
          { max: 5000, message: t('validation.tooLong', { max: 5000 }) },
        ]}
      >
        <Input.TextArea rows={3} aria-label={t('notes.new')} placeholder={t('notes.placeholder')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('notes.add')}
      </Button>
    </Form>
  );
};

const invalidateNotes = (queryClient: ReturnType<typeof useQueryClient>, cid: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['crm', 'notes', cid] }),
    queryClient.invalidateQueries({ queryKey: ['crm', 'timeline', cid] }),
  ]);

/** The customer's notes with the form to add one (for those who may edit). */
export const Notes = ({ cid }: { cid: string }) => {
  const { t } = useTranslation(CRM_NS);
  const canDo = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const notes = useQuery({ queryKey: ['crm', 'notes', cid], queryFn: () => fetchNotes(cid) });
  const remove = useMutation({
    mutationFn: deleteNote,
    onSuccess: async () => {
      message.success(t('notes.deleted'));
      await invalidateNotes(queryClient, cid);
    },
    onError: reportUnlessHandled,
  });

  return (
    <>
      {canDo(crmPermission('edit')) ? <NoteForm cid={cid} /> : null}
      {notes.isError ? (
        <Alert style={{ marginTop: 16 }} type="error" showIcon title={parseError(notes.error).message} />
      ) : (
        <div style={{ marginTop: 16 }}>
          {notes.isPending ? (
            <Skeleton active />
          ) : notes.data.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.empty')} />
          ) : (
            notes.data.map((note) => (
              <div
                key={note.nid}
                className="ok-crm-note"
                style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-split)' }}
              >
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Typography.Text type="secondary">
                    {note.author?.nickname ?? t('common.nobody')} · {formatTime(note.createdAt)}
                  </Typography.Text>
                  {canDo(crmPermission('delete')) ? (
                    <Popconfirm
                      title={t('notes.deleteConfirm')}
                      okText={t('actions.delete')}
                      cancelText={t('actions.cancel')}
                      onConfirm={() => remove.mutateAsync(note.nid).catch(() => undefined)}
                    >
                      <Button size="small" type="link" danger>
                        {t('actions.delete')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
                <Typography.Paragraph
                  className="ok-crm-note__content"
                  style={{ whiteSpace: 'pre-wrap', margin: 0 }}
                >
                  {note.content}
                </Typography.Paragraph>
              </div>
            ))
          )}
        </div>
      )}
    </>
  );
};
