import '../../crm/shared/i18n';
import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Customer, Envelope, Visitor } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled, showFormError } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { createCustomer, fetchCustomerPage } from '../../crm/shared/api';
import { CRM_NS } from '../../crm/shared/i18n';

/* The workbench's customer card (issue 15): the CRM customer behind the visitor, or link / create one. */

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
        <>
          <Descriptions
            size="small"
            column={1}
            colon={false}
            items={[
              { key: 'name', label: t('columns.name'), children: customer.name },
              ...(customer.email
                ? [{ key: 'email', label: t('columns.email'), children: customer.email }]
                : []),
              ...(customer.mobile
                ? [{ key: 'mobile', label: t('columns.mobile'), children: customer.mobile }]
                : []),
              ...(customer.company
                ? [{ key: 'company', label: t('columns.company'), children: customer.company }]
                : []),
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
            ]}
          />
          <Link to={`/stable/crm/list?cid=${encodeURIComponent(customer.cid)}`}>{t('card.open')}</Link>
        </>
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
