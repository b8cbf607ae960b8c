import '../shared/i18n';
import '../shared/robot.css';
import { useRef, useState } from 'react';
import { App, Button, Drawer, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import {
  DislikeOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  LikeOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Faq } from '@openkefu/contract';
import { downloadFile } from '../../../shared/api/download';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { ExcelImportModal } from '../../../shared/components/ExcelImport';
import { preloadRichTextEditor } from '../../../shared/editor';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { deleteFaq, enableFaq, fetchFaqPage, type FaqFilters } from '../shared/api';
import { formatTime, NameTags } from '../shared/display';
import { useFaqCategories, useWorkgroupOptions } from '../shared/hooks';
import { ROBOT_NS } from '../shared/i18n';
import { MatchTestPanel } from '../shared/MatchTestPanel';
import { robotPermission } from '../shared/permissions';
import { FaqCategoryPanel } from './FaqCategoryPanel';
import { FaqEditorDrawer } from './FaqEditorDrawer';

/** The search form's fields: `enabled` comes as the select's string. */
type SearchFields = Omit<FaqFilters, 'enabled'> & { enabled?: 'true' | 'false' };

/** The URL parameter that opens the editor: a FAQ's aid or `new`. */
export const EDIT_PARAM = 'edit';

const can = (canDo: (permission: string) => boolean, action: Parameters<typeof robotPermission>[1]) =>
  canDo(robotPermission('faq', action));

/**
 * Robot → knowledge base (`/stable/robot/faq`, also the knowledge base's "Robot Q&A"): the FAQ
 * categories on the left, the FAQs on the right with filters, enable / disable, delete, Excel
 * import and export, the editor drawer (`?edit=<aid>` or `?edit=new`) and a box to test what the
 * robot would answer.
 */
export const FaqPage = () => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [searchParams, setSearchParams] = useSearchParams();
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [isImportOpen, setImportOpen] = useState(false);
  const [isTestOpen, setTestOpen] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const [switching, setSwitching] = useState<string | null>(null);
  const categories = useFaqCategories();
  const workgroups = useWorkgroupOptions();
  const editing = searchParams.get(EDIT_PARAM);

  const canGet = can(canDo, 'get');
  const canAdd = can(canDo, 'add');
  const canEdit = can(canDo, 'edit');
  const canDelete = can(canDo, 'delete');
  const canImport = can(canDo, 'import');
  const canExport = can(canDo, 'export');
  // The robots page has no menu item (spec §2): it is reached from here.
  const canSeeRobots = canDo(robotPermission('list', 'query'));

  const reload = () => void actionRef.current?.reload();
  const { polling } = useListRefresh(actionRef, { onRefresh: () => void categories.refetch() });

  const request = usePageRequest<Faq, SearchFields>(
    ({ enabled, ...query }: PageQuery<SearchFields>) =>
      fetchFaqPage({
        page: query.page,
        size: query.size,
        keyword: query.keyword,
        wid: query.wid,
        category: query.category,
        enabled: enabled === undefined ? undefined : enabled === 'true',
      }),
    { onError: reportUnlessHandled },
  );

  const openEditor = (aid: string) => {
    preloadRichTextEditor();
    setSearchParams((params) => {
      params.set(EDIT_PARAM, aid);
      return params;
    });
  };

  const closeEditor = () =>
    setSearchParams((params) => {
      params.delete(EDIT_PARAM);
      return params;
    });

  const toggle = async (faq: Faq, enabled: boolean) => {
    setSwitching(faq.aid);
    try {
      await enableFaq(faq.aid, enabled);
      void toast.success(t(enabled ? 'faq.enabledDone' : 'faq.disabledDone', { question: faq.question }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSwitching(null);
    }
  };

  const remove = async (faq: Faq) => {
    try {
      await deleteFaq(faq.aid);
      void toast.success(t('faq.deleted', { question: faq.question }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadFile('/api/faq/export', {}, 'faqs.xlsx');
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<Faq>[] = [
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('filters.keywordHint') },
    },
    {
      title: t('filters.workgroup'),
      dataIndex: 'wid',
      hideInTable: true,
      // Without access to skill groups (or none yet) there is nothing to choose.
      ...(workgroups.options.length === 0 ? { search: false as const } : {}),
      valueType: 'select',
      fieldProps: { options: workgroups.options, showSearch: true, optionFilterProp: 'label' },
    },
    {
      title: t('filters.enabled'),
      dataIndex: 'enabled',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: [
          { value: 'true', label: t('filters.enabledOn') },
          { value: 'false', label: t('filters.enabledOff') },
        ],
      },
    },
    {
      title: t('columns.question'),
      key: 'question',
      search: false,
      width: 300,
      render: (_, faq) => (
        <Space orientation="vertical" size={2}>
          {canGet ? (
            <Typography.Link strong onClick={() => openEditor(faq.aid)}>
              {faq.question}
            </Typography.Link>
          ) : (
            <Typography.Text strong>{faq.question}</Typography.Text>
          )}
          <Space size={4} wrap>
            {faq.welcome && <Tag color="green">{t('columns.welcome')}</Tag>}
            {faq.recommend && <Tag color="purple">{t('columns.recommend')}</Tag>}
            {faq.similarQuestions.length > 0 && (
              <Typography.Text type="secondary">
                {t('columns.similarCount', { count: faq.similarQuestions.length })}
              </Typography.Text>
            )}
          </Space>
        </Space>
      ),
    },
    {
      title: t('columns.categories'),
      key: 'categories',
      search: false,
      width: 150,
      render: (_, faq) => (
        <NameTags names={faq.categories.map((item) => ({ key: item.cid, name: item.name }))} />
      ),
    },
    {
      title: t('columns.workGroups'),
      key: 'workGroups',
      search: false,
      width: 150,
      render: (_, faq) => (
        <NameTags
          names={faq.workGroups.map((group) => ({ key: group.wid, name: group.nickname }))}
          emptyText={t('common.allGroups')}
        />
      ),
    },
    {
      title: t('columns.enabled'),
      key: 'enabledSwitch',
      search: false,
      width: 90,
      render: (_, faq) => (
        <Switch
          size="small"
          checked={faq.enabled}
          disabled={!canEdit}
          loading={switching === faq.aid}
          aria-label={t('columns.enabledOf', { question: faq.question })}
          onChange={(checked) => void toggle(faq, checked)}
        />
      ),
    },
    {
      title: t('columns.queryCount'),
      key: 'queryCount',
      search: false,
      width: 90,
      align: 'right',
      render: (_, faq) => faq.queryCount,
    },
    {
      title: t('columns.votes'),
      key: 'votes',
      search: false,
      width: 110,
      render: (_, faq) => (
        <Space size={12}>
          <span aria-label={t('columns.helpfulCount', { count: faq.rateHelpful })}>
            <LikeOutlined aria-hidden /> {faq.rateHelpful}
          </span>
          <span aria-label={t('columns.uselessCount', { count: faq.rateUseless })}>
            <DislikeOutlined aria-hidden /> {faq.rateUseless}
          </span>
        </Space>
      ),
    },
    {
      title: t('columns.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 150,
      render: (_, faq) => formatTime(faq.updatedAt),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, faq) => [
        canEdit ? (
          <a key="edit" onClick={() => openEditor(faq.aid)}>
            {t('actions.edit')}
          </a>
        ) : null,
        canDelete ? (
          <Popconfirm
            key="delete"
            title={t('faq.deleteConfirm', { question: faq.question })}
            description={t('faq.deleteHint')}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove(faq)}
          >
            <a className="ok-danger-link">{t('actions.delete')}</a>
          </Popconfirm>
        ) : null,
      ],
    },
  ];

  return (
    <div className="ok-robot-faq">
      <FaqCategoryPanel
        categories={categories.data ?? []}
        isLoading={categories.isPending}
        selected={category}
        onSelect={setCategory}
        canAdd={canAdd}
        canEdit={canEdit}
        canDelete={canDelete}
        onChanged={() => {
          void categories.refetch();
          reload();
        }}
      />
      <div className="ok-robot-faq__table">
        <ProTable<Faq, SearchFields>
          rowKey="aid"
          headerTitle={t('faq.title')}
          actionRef={actionRef}
          columns={columns}
          params={{ category }}
          request={request}
          polling={polling}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          search={{ labelWidth: 'auto', defaultCollapsed: false }}
          scroll={{ x: 1200 }}
          locale={{ emptyText: t('faq.empty') }}
          toolBarRender={() => [
            canSeeRobots ? (
              <Link key="robots" to="/stable/robot/list">
                {t('faq.robots')}
              </Link>
            ) : null,
            <Button key="test" icon={<ExperimentOutlined />} onClick={() => setTestOpen(true)}>
              {t('test.open')}
            </Button>,
            canImport ? (
              <Button key="import" icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                {t('faq.import')}
              </Button>
            ) : null,
            canExport ? (
              <Button
                key="export"
                icon={<DownloadOutlined />}
                loading={isExporting}
                onClick={() => void exportAll()}
              >
                {t('faq.export')}
              </Button>
            ) : null,
            canAdd ? (
              <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')}>
                {t('faq.add')}
              </Button>
            ) : null,
          ]}
        />
      </div>
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        title={t('faq.importTitle')}
        templateUrl="/api/faq/template"
        templateName="faq-template.xlsx"
        importUrl="/api/faq/import"
        steps={{ template: t('faq.importStepTemplate'), upload: t('faq.importStepUpload') }}
        fieldLabels={{
          question: t('fields.question'),
          similarQuestions: t('fields.similarQuestions'),
          answer: t('fields.answer'),
          categories: t('fields.categories'),
          enabled: t('fields.enabled'),
        }}
        onImported={(report) => {
          if (report.imported > 0) reload();
        }}
      />
      <Drawer
        open={isTestOpen}
        title={t('test.title')}
        size={520}
        onClose={() => setTestOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('test.intro')}</Typography.Paragraph>
        <MatchTestPanel />
      </Drawer>
      {editing !== null && (
        <FaqEditorDrawer
          key={editing}
          aid={editing === 'new' ? null : editing}
          categories={categories.data ?? []}
          defaultCategory={category}
          canEdit={editing === 'new' ? canAdd : canEdit}
          onClose={closeEditor}
          onSaved={(faq, isNew) => {
            reload();
            if (isNew)
              setSearchParams(
                (params) => {
                  params.set(EDIT_PARAM, faq.aid);
                  return params;
                },
                { replace: true },
              );
          }}
        />
      )}
    </div>
  );
};
