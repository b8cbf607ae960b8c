import './i18n';
import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Tabs, Typography } from 'antd';
import { DownloadOutlined, FolderOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Cuw, CuwScope, Profile } from '@openkefu/contract';
import { useProfile } from '../../../shared/auth/profileStore';
import { useCan } from '../../../shared/components/Authorized';
import { ExcelImportModal } from '../../../shared/components/ExcelImport';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { formatTime } from '../thread/display';
import {
  createCuw,
  deleteCuw,
  exportCuw,
  fetchCategories,
  fetchCuwPage,
  updateCuw,
  type CuwFilters,
} from './api';
import { CategoryModal } from './CategoryModal';
import { CuwFormModal, type CuwFormValues } from './CuwFormModal';
import { KEFU_CUW_NS } from './i18n';

const PERMISSION = 'kefu.cuw';
const SCOPES = ['mine', 'company', 'platform'] as const satisfies readonly CuwScope[];

const isPlatformStaff = (profile: Profile | null): boolean =>
  Boolean(profile?.roles.some((role) => role.authorities.includes('internal')));

/**
 * Kefu → quick replies (`/stable/kefu/cuw`): one tab per scope — the agent's own, the
 * organisation's, the platform's — with categories, Excel import and export. The rules of who
 * changes what mirror the server's (docs/architecture.md "Agent tools").
 */
export const CuwPage = () => {
  const { t } = useTranslation(KEFU_CUW_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const profile = useProfile();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [scope, setScope] = useState<CuwScope>('mine');
  const [editing, setEditing] = useState<Cuw | null | undefined>(undefined);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isCategoriesOpen, setCategoriesOpen] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const lastFilters = useRef<CuwFilters>({ scope });
  const categories = useQuery({
    queryKey: ['kefu', 'cuw', 'categories', scope],
    queryFn: () => fetchCategories(scope),
  });

  const canManage = (action: 'add' | 'delete' | 'import' | 'export'): boolean => {
    if (scope === 'mine') return true;
    if (scope === 'platform')
      return action === 'export' ? canDo(`${PERMISSION}.export`) : isPlatformStaff(profile);
    return canDo(`${PERMISSION}.${action}`);
  };

  const request = usePageRequest<Cuw, CuwFilters>(
    (query: PageQuery<CuwFilters>) => {
      lastFilters.current = { scope: query.scope, category: query.category, keyword: query.keyword };
      return fetchCuwPage(query);
    },
    { onError: reportUnlessHandled },
  );
  const reload = () => void actionRef.current?.reload();

  const save = async (values: CuwFormValues, reply: Cuw | null) => {
    const body = {
      name: values.name,
      content: values.content,
      shortCut: values.shortCut ?? '',
      category: values.category ?? '',
    };
    if (reply) {
      await updateCuw({ cid: reply.cid, ...body });
      void toast.success(t('done.updated'));
    } else {
      await createCuw({ scope, ...body });
      void toast.success(t('done.created'));
    }
    reload();
  };

  const remove = async (reply: Cuw) => {
    try {
      await deleteCuw(reply.cid);
      void toast.success(t('done.deleted'));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      const file = await exportCuw({ ...lastFilters.current, scope }, t('exportName'));
      void toast.success(t('done.exported', { count: file.rows ?? 0 }));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<Cuw>[] = [
    { title: t('filters.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('filters.category'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (categories.data ?? []).map((category) => ({ value: category.cid, label: category.name })),
        loading: categories.isPending,
        showSearch: true,
        optionFilterProp: 'label',
      },
    },
    {
      title: t('columns.name'),
      key: 'name',
      search: false,
      width: 180,
      render: (_, reply) => <Typography.Text strong>{reply.name}</Typography.Text>,
    },
    {
      title: t('columns.shortCut'),
      key: 'shortCut',
      search: false,
      width: 120,
      render: (_, reply) =>
        reply.shortCut ? <Typography.Text code>/{reply.shortCut}</Typography.Text> : t('none'),
    },
    {
      title: t('columns.content'),
      key: 'content',
      search: false,
      render: (_, reply) => (
        <Typography.Paragraph
          ellipsis={{ rows: 2, tooltip: reply.content }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
        >
          {reply.content}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('columns.category'),
      key: 'categoryName',
      search: false,
      width: 130,
      render: (_, reply) => reply.category?.name ?? t('none'),
    },
    { title: t('columns.count'), key: 'count', search: false, width: 100, render: (_, reply) => reply.count },
    {
      title: t('columns.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 170,
      render: (_, reply) => formatTime(reply.updatedAt),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      width: 130,
      render: (_, reply) => [
        reply.editable ? (
          <a key="edit" onClick={() => setEditing(reply)}>
            {t('actions.edit')}
          </a>
        ) : null,
        reply.editable && canManage('delete') ? (
          <Popconfirm
            key="delete"
            title={t('actions.deleteConfirm', { name: reply.name })}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove(reply)}
          >
            <a className="ok-danger-link">{t('actions.delete')}</a>
          </Popconfirm>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <Tabs
        activeKey={scope}
        onChange={(key) => setScope(key as CuwScope)}
        items={SCOPES.map((key) => ({ key, label: t(`scope.${key}`) }))}
      />
      <Typography.Paragraph type="secondary">{t(`scopeHint.${scope}`)}</Typography.Paragraph>
      <ProTable<Cuw, CuwFilters>
        key={scope}
        rowKey="cid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        params={{ scope }}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1000 }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          <Button key="categories" icon={<FolderOutlined />} onClick={() => setCategoriesOpen(true)}>
            {t('categories')}
          </Button>,
          canManage('import') ? (
            <Button key="import" icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('import')}
            </Button>
          ) : null,
          canManage('export') ? (
            <Button
              key="export"
              icon={<DownloadOutlined />}
              loading={isExporting}
              onClick={() => void download()}
            >
              {t('export')}
            </Button>
          ) : null,
          canManage('add') ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('add')}
            </Button>
          ) : null,
        ]}
      />
      <CuwFormModal
        reply={editing}
        categories={categories.data ?? []}
        onClose={() => setEditing(undefined)}
        onSubmit={save}
      />
      <CategoryModal
        scope={scope}
        isOpen={isCategoriesOpen}
        categories={categories.data ?? []}
        isLoading={categories.isPending}
        canChange={canManage('add')}
        onClose={() => setCategoriesOpen(false)}
        onChanged={() => {
          void categories.refetch();
          reload();
        }}
      />
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        title={t('importTitle', { scope: t(`scope.${scope}`) })}
        templateUrl="/api/cuw/template"
        templateName={t('templateName')}
        importUrl="/api/cuw/import"
        fields={{ scope }}
        fieldLabels={{
          name: t('columns.name'),
          content: t('columns.content'),
          shortCut: t('columns.shortCut'),
          category: t('columns.category'),
        }}
        onImported={() => {
          void categories.refetch();
          reload();
        }}
      />
    </>
  );
};
