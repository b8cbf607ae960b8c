import '../shared/i18n';
import { useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, DownloadOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Customer, CustomerFilter } from '@openkefu/contract';
import { downloadFile } from '../../../shared/api/download';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { CustomerDrawer } from '../customer/CustomerDrawer';
import {
  assignCustomers,
  createView,
  deleteCustomers,
  deleteView,
  fetchCustomerPage,
  fetchViews,
  tagCustomers,
} from '../shared/api';
import { formatTime } from '../shared/display';
import { useCrmFields, useOwnerOptions, viewsKey } from '../shared/hooks';
import { CRM_NS } from '../shared/i18n';
import { crmPermission } from '../shared/permissions';
import { FieldsDrawer } from './FieldsDrawer';
import { ImportModal } from './ImportModal';
import { MergeModal } from './MergeModal';

type FilterForm = {
  keyword?: string;
  tag?: string;
  owner?: string;
  channel?: string;
  lastContact?: [Dayjs, Dayjs] | null;
  fieldKey?: string;
  fieldValue?: string;
};

const CHANNELS = ['web', 'app', 'import', 'lead', 'widget'];

const toFilter = (values: FilterForm): CustomerFilter => {
  const filter: CustomerFilter = {};
  const text = (value?: string) => (value && value.trim() !== '' ? value.trim() : undefined);
  filter.keyword = text(values.keyword);
  filter.tag = text(values.tag);
  filter.owner = values.owner || undefined;
  filter.channel = text(values.channel);
  if (values.lastContact?.[0] && values.lastContact[1]) {
    filter.lastContactFrom = values.lastContact[0].startOf('day').valueOf();
    filter.lastContactTo = values.lastContact[1].endOf('day').valueOf();
  }
  if (values.fieldKey && text(values.fieldValue)) {
    filter.fieldKey = values.fieldKey;
    filter.fieldValue = text(values.fieldValue);
  }
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
};

const toForm = (filter: CustomerFilter): FilterForm => ({
  keyword: filter.keyword,
  tag: filter.tag,
  owner: filter.owner,
  channel: filter.channel,
  lastContact:
    filter.lastContactFrom !== undefined && filter.lastContactTo !== undefined
      ? [dayjs(filter.lastContactFrom), dayjs(filter.lastContactTo)]
      : null,
  fieldKey: filter.fieldKey,
  fieldValue: filter.fieldValue,
});

/**
 * CRM → customers (`/stable/crm/list`): filters and saved views, bulk tag / assign / delete,
 * merging, import and export, custom fields; `?cid=` opens a customer.
 */
export const CustomerListPage = () => {
  const { t } = useTranslation(CRM_NS);
  const canDo = useCan();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [form] = Form.useForm<FilterForm>();
  const filterFieldKey = Form.useWatch('fieldKey', form);
  const [filters, setFilters] = useState<CustomerFilter>({});
  const [selected, setSelected] = useState<Customer[]>([]);
  const [dialog, setDialog] = useState<'tag' | 'assign' | 'merge' | 'view' | 'import' | 'fields' | null>(
    null,
  );
  const [viewId, setViewId] = useState<string | undefined>(undefined);
  const [isExporting, setExporting] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const cid = searchParams.get('cid');
  const fields = useCrmFields();
  const ownerOptions = useOwnerOptions();
  const views = useQuery({ queryKey: viewsKey, queryFn: fetchViews });

  const request = usePageRequest<Customer, CustomerFilter>(
    (query: PageQuery<CustomerFilter>) => fetchCustomerPage(query),
    { onError: reportUnlessHandled },
  );

  const reload = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
    void actionRef.current?.reload();
  };

  const openCustomer = (id: string | null) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id) next.set('cid', id);
        else next.delete('cid');
        return next;
      },
      { replace: false },
    );

  const applyFilters = (next: CustomerFilter) => {
    setFilters(next);
    actionRef.current?.setPageInfo?.({ current: 1 });
  };

  const pickView = (id: string | undefined) => {
    setViewId(id);
    const view = views.data?.find((candidate) => candidate.viewId === id);
    const next = view ? view.filters : {};
    form.resetFields();
    form.setFieldsValue(toForm(next));
    applyFilters(next);
  };

  const removeView = useMutation({
    mutationFn: deleteView,
    onSuccess: async () => {
      message.success(t('views.deleted'));
      setViewId(undefined);
      await queryClient.invalidateQueries({ queryKey: viewsKey });
    },
    onError: reportUnlessHandled,
  });

  const bulkDelete = useMutation({
    mutationFn: () => deleteCustomers(selected.map((row) => row.cid)),
    onSuccess: (result) => {
      message.success(t('bulk.deletedCount', { count: result.count }));
      reload();
    },
    onError: reportUnlessHandled,
  });

  const confirmDelete = () =>
    modal.confirm({
      title: t('bulk.deleteTitle', { count: selected.length }),
      content: t('bulk.deleteContent'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => bulkDelete.mutateAsync().catch(() => undefined),
    });

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadFile(
        '/api/customer/export',
        filters.channel ? { channel: filters.channel } : {},
        'customers.xlsx',
      );
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setExporting(false);
    }
  };

  const fieldOptions = (fields.data ?? []).map((field) => ({ value: field.key, label: field.label }));
  const filterField = (fields.data ?? []).find((field) => field.key === filterFieldKey);
  const hasFilters = Object.keys(filters).length > 0;

  const columns: ProColumns<Customer>[] = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (_, row) => <Typography.Link onClick={() => openCustomer(row.cid)}>{row.name}</Typography.Link>,
    },
    { title: t('columns.email'), dataIndex: 'email', ellipsis: true, render: (_, row) => row.email || '—' },
    { title: t('columns.mobile'), dataIndex: 'mobile', render: (_, row) => row.mobile || '—' },
    {
      title: t('columns.company'),
      dataIndex: 'company',
      ellipsis: true,
      render: (_, row) => row.company || '—',
    },
    {
      title: t('columns.tags'),
      dataIndex: 'tags',
      render: (_, row) =>
        row.tags.length === 0
          ? '—'
          : row.tags.map((tag) => (
              <Tag key={tag} style={{ marginBottom: 2 }}>
                {tag}
              </Tag>
            )),
    },
    {
      title: t('columns.owner'),
      key: 'owner',
      render: (_, row) => row.owner?.nickname ?? t('common.nobody'),
    },
    { title: t('columns.channel'), dataIndex: 'channel', width: 90 },
    {
      title: t('columns.lastContact'),
      dataIndex: 'lastContactAt',
      width: 150,
      render: (_, row) => formatTime(row.lastContactAt),
    },
  ];

  const count = selected.length;

  return (
    <>
      <div style={{ background: 'var(--ant-color-bg-container)', padding: 16, marginBottom: 16 }}>
        <Form<FilterForm>
          form={form}
          layout="inline"
          aria-label={t('filters.title')}
          onFinish={(values) => {
            setViewId(undefined);
            applyFilters(toFilter(values));
          }}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="keyword" label={t('filters.keyword')}>
            <Input allowClear placeholder={t('filters.keywordHint')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="tag" label={t('filters.tag')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="owner" label={t('filters.owner')}>
            <Select
              allowClear
              style={{ width: 150 }}
              options={[{ value: 'none', label: t('common.nobody') }, ...ownerOptions]}
            />
          </Form.Item>
          <Form.Item name="channel" label={t('filters.channel')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={CHANNELS.map((value) => ({ value, label: value }))}
            />
          </Form.Item>
          <Form.Item name="lastContact" label={t('filters.lastContact')}>
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="fieldKey" label={t('filters.field')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={fieldOptions}
              notFoundContent={t('filters.noFields')}
            />
          </Form.Item>
          <Form.Item
            name="fieldValue"
            label={t('filters.fieldValue')}
            dependencies={['fieldKey']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  getFieldValue('fieldKey') && !value?.trim()
                    ? Promise.reject(new Error(t('filters.fieldValueRequired')))
                    : Promise.resolve(),
              }),
            ]}
          >
            {filterField?.type === 'select' ? (
              <Select
                allowClear
                style={{ width: 140 }}
                options={filterField.options.map((option) => ({ value: option, label: option }))}
              />
            ) : (
              <Input
                allowClear
                style={{ width: 140 }}
                placeholder={filterField?.type === 'date' ? 'YYYY-MM-DD' : undefined}
              />
            )}
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('filters.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setViewId(undefined);
                applyFilters({});
              }}
            >
              {t('filters.reset')}
            </Button>
          </Space>
        </Form>
        <Space style={{ marginTop: 12 }} wrap>
          <Typography.Text>{t('views.label')}</Typography.Text>
          <Select
            aria-label={t('views.label')}
            allowClear
            style={{ width: 200 }}
            placeholder={views.isError ? t('views.loadFailed') : t('views.placeholder')}
            loading={views.isPending}
            value={viewId}
            onChange={(value: string | undefined) => pickView(value)}
            options={(views.data ?? []).map((view) => ({ value: view.viewId, label: view.name }))}
            notFoundContent={t('views.empty')}
          />
          {viewId ? (
            <Popconfirm
              title={t('views.deleteConfirm')}
              okText={t('actions.delete')}
              cancelText={t('actions.cancel')}
              onConfirm={() => removeView.mutateAsync(viewId).catch(() => undefined)}
            >
              <Button icon={<DeleteOutlined />} danger>
                {t('views.delete')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button disabled={!hasFilters} onClick={() => setDialog('view')}>
            {t('views.save')}
          </Button>
        </Space>
      </div>
      <ProTable<Customer, CustomerFilter>
        rowKey="cid"
        headerTitle={t('list.title')}
        actionRef={actionRef}
        columns={columns}
        params={filters}
        request={request}
        search={false}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: hasFilters ? t('list.emptyFiltered') : t('list.empty') }}
        rowSelection={
          canDo(crmPermission('edit')) || canDo(crmPermission('delete'))
            ? { onChange: (_, rows) => setSelected(rows) }
            : undefined
        }
        tableAlertRender={() => t('bulk.selected', { count })}
        tableAlertOptionRender={() => (
          <Space wrap>
            {canDo(crmPermission('edit')) ? (
              <>
                <Button size="small" onClick={() => setDialog('tag')}>
                  {t('bulk.tag')}
                </Button>
                <Button size="small" onClick={() => setDialog('assign')}>
                  {t('bulk.assign')}
                </Button>
                <Button
                  size="small"
                  disabled={count !== 2}
                  title={t('bulk.mergeHint')}
                  onClick={() => setDialog('merge')}
                >
                  {t('bulk.merge')}
                </Button>
              </>
            ) : null}
            {canDo(crmPermission('delete')) ? (
              <Button size="small" danger onClick={confirmDelete}>
                {t('bulk.delete')}
              </Button>
            ) : null}
          </Space>
        )}
        toolBarRender={() => [
          canDo(crmPermission('add')) || canDo(crmPermission('edit')) ? (
            <Button key="fields" icon={<SettingOutlined />} onClick={() => setDialog('fields')}>
              {t('fields.open')}
            </Button>
          ) : null,
          canDo(crmPermission('import')) ? (
            <Button key="import" icon={<UploadOutlined />} onClick={() => setDialog('import')}>
              {t('import.open')}
            </Button>
          ) : null,
          canDo(crmPermission('export')) ? (
            <Button
              key="export"
              icon={<DownloadOutlined />}
              loading={isExporting}
              onClick={() => void exportAll()}
            >
              {t('list.export')}
            </Button>
          ) : null,
        ]}
      />
      <BulkTagModal
        open={dialog === 'tag'}
        cids={selected.map((row) => row.cid)}
        onClose={() => setDialog(null)}
        onDone={reload}
      />
      <BulkAssignModal
        open={dialog === 'assign'}
        cids={selected.map((row) => row.cid)}
        ownerOptions={ownerOptions}
        onClose={() => setDialog(null)}
        onDone={reload}
      />
      {dialog === 'merge' && selected.length === 2 ? (
        <MergeModal
          customers={[selected[0] as Customer, selected[1] as Customer]}
          onClose={() => setDialog(null)}
          onMerged={reload}
        />
      ) : null}
      <SaveViewModal
        open={dialog === 'view'}
        filters={filters}
        onClose={() => setDialog(null)}
        onSaved={(id) => setViewId(id)}
      />
      <ImportModal open={dialog === 'import'} onClose={() => setDialog(null)} onImported={reload} />
      <FieldsDrawer open={dialog === 'fields'} onClose={() => setDialog(null)} />
      <CustomerDrawer cid={cid} onClose={() => openCustomer(null)} onChanged={reload} />
    </>
  );
};

const BulkTagModal = ({
  open,
  cids,
  onClose,
  onDone,
}: {
  open: boolean;
  cids: string[];
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ add: string[]; remove: string[] }>();
  const save = useMutation({
    mutationFn: (values: { add: string[]; remove: string[] }) =>
      tagCustomers({ cids, add: values.add ?? [], remove: values.remove ?? [] }),
    onSuccess: (result) => {
      message.success(t('bulk.taggedCount', { count: result.count }));
      onClose();
      onDone();
    },
    onError: reportUnlessHandled,
  });
  return (
    <Modal
      open={open}
      title={t('bulk.tagTitle', { count: cids.length })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => save.mutate(values)}
        initialValues={{ add: [], remove: [] }}
      >
        <Form.Item
          name="add"
          label={t('bulk.addTags')}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string[] | undefined) =>
                (value?.length ?? 0) + ((getFieldValue('remove') as string[] | undefined)?.length ?? 0) === 0
                  ? Promise.reject(new Error(t('bulk.tagRequired')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',']} aria-label={t('bulk.addTags')} />
        </Form.Item>
        <Form.Item name="remove" label={t('bulk.removeTags')}>
          <Select mode="tags" open={false} tokenSeparators={[',']} aria-label={t('bulk.removeTags')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const BulkAssignModal = ({
  open,
  cids,
  ownerOptions,
  onClose,
  onDone,
}: {
  open: boolean;
  cids: string[];
  ownerOptions: { value: string; label: string }[];
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ owner: string }>();
  const save = useMutation({
    mutationFn: (owner: string) => assignCustomers({ cids, owner: owner === 'none' ? null : owner }),
    onSuccess: (result) => {
      message.success(t('bulk.assignedCount', { count: result.count }));
      onClose();
      onDone();
    },
    onError: reportUnlessHandled,
  });
  return (
    <Modal
      open={open}
      title={t('bulk.assignTitle', { count: cids.length })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={(values) => save.mutate(values.owner)}>
        <Form.Item
          name="owner"
          label={t('bulk.owner')}
          rules={[{ required: true, message: t('bulk.ownerRequired') }]}
        >
          <Select
            aria-label={t('bulk.owner')}
            options={[{ value: 'none', label: t('common.nobody') }, ...ownerOptions]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const SaveViewModal = ({
  open,
  filters,
  onClose,
  onSaved,
}: {
  open: boolean;
  filters: CustomerFilter;
  onClose: () => void;
  onSaved: (viewId: string) => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const save = useMutation({
    mutationFn: (name: string) => createView({ name, filters }),
    onSuccess: async (view) => {
      message.success(t('views.saved'));
      await queryClient.invalidateQueries({ queryKey: viewsKey });
      onSaved(view.viewId);
      onClose();
    },
    onError: reportUnlessHandled,
  });
  return (
    <Modal
      open={open}
      title={t('views.saveTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(values) => save.mutate(values.name.trim())}
      >
        <Form.Item
          name="name"
          label={t('views.name')}
          rules={[
            { required: true, whitespace: true, message: t('views.nameRequired') },
            { max: 64, message: t('validation.tooLong', { max: 64 }) },
          ]}
        >
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
};
