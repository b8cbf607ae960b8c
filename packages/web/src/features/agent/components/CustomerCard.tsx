import '../../crm/shared/i18n';
import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CrmField, Customer, Envelope, Visitor } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { CustomerTimeline, NoteForm, Notes, ProfileForm } from '../../crm/customer/CustomerDrawer';
import { createCustomer, fetchCustomerPage } from '../../crm/shared/api';
import { useCrmFields } from '../../crm/shared/hooks';
import { CRM_NS } from '../../crm/shared/i18n';

/*
 * The workbench's customer card (issue 15): the CRM customer behind the visitor, edited in place
 * (the CRM's own profile form), a note added, the timeline opened in a drawer without leaving the
 * conversation — or, when none is linked yet, link or create one.
 */

const fetchVisitorCustomer = async (vid: string): Promise<Customer | null> =>
  (await http.get<Envelope<Customer | null>>('/api/customer/visitor', { params: { vid } })).data;

const linkVisitor = async (body: { cid: string; vid: string }): Promise<Customer> =>
  (await http.post<Envelope<Customer>>('/api/customer/link', body)).data;

const cardKey = (vid: string) => ['crm', 'visitorCustomer', vid] as const;

/** Shown in the visitor panel to roles that may read customers (`crm.list.get`). */
export const CustomerCard = ({ visitor }: { visitor: Visitor }) => {
  const { t } = useTranslation(CRM_NS);
  const canDo = useCan();
  const mayRead = canDo('crm.list.get');
  const [dialog, setDialog] = useState<'link' | 'create' | null>(null);
  const query = useQuery({
    queryKey: cardKey(visitor.vid),
    queryFn: () => fetchVisitorCustomer(visitor.vid),
    enabled: mayRead,
    staleTime: 30_000,
  });
  if (!mayRead) return null;

  const customer = query.data;
  return (
    <section className="ok-wb-customer" aria-label={t('card.title')}>
      <Typography.Title level={5}>{t('card.title')}</Typography.Title>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(query.error).message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : customer ? (
        <LinkedCustomer customer={customer} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('card.none')}</Typography.Paragraph>
          {canDo('crm.list.edit') ? (
            <Space wrap>
              <Button size="small" onClick={() => setDialog('link')}>
                {t('card.link')}
              </Button>
              {canDo('crm.list.add') ? (
                <Button size="small" type="primary" onClick={() => setDialog('create')}>
                  {t('card.create')}
                </Button>
              ) : null}
            </Space>
          ) : null}
        </>
      )}
      {dialog === 'link' ? <LinkModal vid={visitor.vid} onClose={() => setDialog(null)} /> : null}
      {dialog === 'create' ? <CreateModal visitor={visitor} onClose={() => setDialog(null)} /> : null}
    </section>
  );
};

type Mode = 'view' | 'edit' | 'note';

const LinkedCustomer = ({ customer }: { customer: Customer }) => {
  const { t } = useTranslation(CRM_NS);
  const canDo = useCan();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const [isTimelineOpen, setTimelineOpen] = useState(false);
  const mayEdit = canDo('crm.list.edit');
  // The definitions are listed with `query`; without it the card shows and edits the built-in fields.
  const fields = useCrmFields(canDo('crm.list.query'));
  const definitions = fields.data ?? [];

  if (mode === 'edit')
    return fields.isPending && canDo('crm.list.query') ? (
      <Skeleton active paragraph={{ rows: 4 }} />
    ) : (
      <ProfileForm
        customer={customer}
        fields={definitions}
        onDone={async (isSaved) => {
          setMode('view');
          if (isSaved) await queryClient.invalidateQueries({ queryKey: ['crm'] });
        }}
      />
    );

  return (
    <>
      <CustomerSummary customer={customer} fields={definitions} />
      {mode === 'note' ? (
        <div className="ok-wb-customer__note">
          <NoteForm cid={customer.cid} onAdded={() => setMode('view')} />
          <Button size="small" type="link" onClick={() => setMode('view')}>
            {t('actions.cancel')}
          </Button>
        </div>
      ) : null}
      <Space wrap size={[8, 4]}>
        {mayEdit ? (
          <Button size="small" onClick={() => setMode('edit')}>
            {t('actions.edit')}
          </Button>
        ) : null}
        {mayEdit && mode !== 'note' ? (
          <Button size="small" onClick={() => setMode('note')}>
            {t('card.addNote')}
          </Button>
        ) : null}
        <Button size="small" onClick={() => setTimelineOpen(true)}>
          {t('card.timeline')}
        </Button>
        <Link to={`/stable/crm/list?cid=${encodeURIComponent(customer.cid)}`}>{t('card.open')}</Link>
      </Space>
      <Drawer
        open={isTimelineOpen}
        onClose={() => setTimelineOpen(false)}
        size={520}
        title={t('card.timelineTitle', { name: customer.name })}
        destroyOnHidden
      >
        <Tabs
          items={[
            {
              key: 'timeline',
              label: t('customer.timeline'),
              children: <CustomerTimeline cid={customer.cid} />,
            },
            { key: 'notes', label: t('customer.notes'), children: <Notes cid={customer.cid} /> },
          ]}
        />
      </Drawer>
    </>
  );
};

const CustomerSummary = ({ customer, fields }: { customer: Customer; fields: CrmField[] }) => {
  const { t } = useTranslation(CRM_NS);
  const optional = (key: string, label: string, value: string) =>
    value ? [{ key, label, children: value }] : [];
  return (
    <Descriptions
      size="small"
      column={1}
      colon={false}
      items={[
        { key: 'name', label: t('columns.name'), children: customer.name },
        ...optional('email', t('columns.email'), customer.email),
        ...optional('mobile', t('columns.mobile'), customer.mobile),
        ...optional('company', t('columns.company'), customer.company),
        {
          key: 'owner',
          label: t('columns.owner'),
          children: customer.owner?.nickname ?? t('common.nobody'),
        },
        ...(customer.tags.length
          ? [
              {
                key: 'tags',
                label: t('columns.tags'),
                children: customer.tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
              },
            ]
          : []),
        ...optional('description', t('columns.description'), customer.description),
        ...fields.flatMap((field) => {
          const value = customer.customFields[field.key];
          return value === undefined || value === ''
            ? []
            : optional(`cf-${field.key}`, field.label, String(value));
        }),
      ]}
    />
  );
};

const useLinked = (vid: string, onClose: () => void) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (customer: Customer) => {
    queryClient.setQueryData(cardKey(vid), customer);
    message.success(t('card.linked', { name: customer.name }));
    onClose();
  };
};

const LinkModal = ({ vid, onClose }: { vid: string; onClose: () => void }) => {
  const { t } = useTranslation(CRM_NS);
  const [keyword, setKeyword] = useState('');
  const [cid, setCid] = useState<string | undefined>(undefined);
  const done = useLinked(vid, onClose);
  const search = useQuery({
    queryKey: ['crm', 'cardSearch', keyword],
    queryFn: () => fetchCustomerPage({ page: 0, size: 20, ...(keyword ? { keyword } : {}) }),
  });
  const link = useMutation({
    mutationFn: () => linkVisitor({ cid: cid ?? '', vid }),
    onSuccess: done,
    onError: reportUnlessHandled,
  });
  return (
    <Modal
      open
      title={t('card.linkTitle')}
      okText={t('card.linkOk')}
      okButtonProps={{ disabled: !cid }}
      cancelText={t('actions.cancel')}
      confirmLoading={link.isPending}
      onOk={() => link.mutate()}
      onCancel={onClose}
    >
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        aria-label={t('card.pick')}
        placeholder={t('card.pick')}
        style={{ width: '100%' }}
        value={cid}
        onChange={setCid}
        loading={search.isFetching}
        notFoundContent={search.isError ? parseError(search.error).message : t('card.noMatch')}
        options={(search.data?.content ?? []).map((customer) => ({
          value: customer.cid,
          label: [customer.name, customer.email || customer.mobile].filter(Boolean).join(' · '),
        }))}
      />
    </Modal>
  );
};

type CreateValues = { name: string; email: string; mobile: string };

const CreateModal = ({ visitor, onClose }: { visitor: Visitor; onClose: () => void }) => {
  const { t } = useTranslation(CRM_NS);
  const [form] = Form.useForm<CreateValues>();
  const done = useLinked(visitor.vid, onClose);
  // A customer created before a failed link is linked on the retry rather than created twice.
  const created = useRef<string | null>(null);
  const create = useMutation({
    mutationFn: async (values: CreateValues) => {
      if (created.current) return linkVisitor({ cid: created.current, vid: visitor.vid });
      const customer = await createCustomer({
        name: values.name.trim(),
        email: values.email?.trim() ?? '',
        mobile: values.mobile?.trim() ?? '',
        company: '',
        avatar: '',
        description: '',
        tags: [],
        owner: null,
        channel: visitor.client === 'web' ? 'web' : 'app',
        customFields: {},
      });
      created.current = customer.cid;
      return linkVisitor({ cid: customer.cid, vid: visitor.vid });
    },
    onSuccess: done,
    onError: (error) => showFormError(form, error, ['name', 'email', 'mobile']),
  });
  return (
    <Modal
      open
      title={t('card.createTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ name: visitor.nickname, email: visitor.email, mobile: visitor.mobile }}
        onFinish={(values) => create.mutate(values)}
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
      </Form>
    </Modal>
  );
};
