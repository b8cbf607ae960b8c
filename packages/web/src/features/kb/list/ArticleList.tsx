import '../shared/i18n';
import '../shared/kb.css';
import { useMemo, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { App, Button, Dropdown, Popconfirm, Rate, Space, Tag, Typography } from 'antd';
import {
  DownloadOutlined,
  PlusOutlined,
  PushpinOutlined,
  StarOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArticleBatchBody, ArticleType } from '@openkefu/contract';
import { downloadFile } from '../../../shared/api/download';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useProfile } from '../../../shared/auth/profileStore';
import { useCan } from '../../../shared/components/Authorized';
import { ExcelImportModal } from '../../../shared/components/ExcelImport';
import { preloadRichTextEditor } from '../../../shared/editor';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { batchArticles, fetchArticlePage, fetchAuthors, type ArticleFilters } from '../shared/api';
import { permissionOf, type ArticleRow } from '../shared/articleTypes';
import { CategoryTreePanel } from '../shared/CategoryTreePanel';
import { ArticleStatusTag, CategoryTags, formatDay, formatTime, Votes } from '../shared/display';
import { useCategoryTree } from '../shared/hooks';
import { KB_NS } from '../shared/i18n';
import { ArticleEditorDrawer } from '../editor/ArticleEditorDrawer';
import { MoveArticlesModal } from './MoveArticlesModal';

/** The search form's fields (`updated` becomes `from`/`to`). */
type SearchFields = ArticleFilters & { updated?: [string, string] };

/** The URL parameter that opens the editor: an article's aid or `new`. */
export const EDIT_PARAM = 'edit';

export type ArticleListProps = {
  type: ArticleType;
};

/**
 * One article list for every article type (help centre, blog, internal, tenders, daily English,
 * question bank and its Q&A): the type's category tree on the left, the articles on the right
 * with filters, bulk actions, the trash, and the editor drawer (`?edit=<aid>` or `?edit=new`).
 */
export const ArticleList = ({ type }: ArticleListProps) => {
  const { t } = useTranslation(KB_NS);
  const { message: toast, modal } = App.useApp();
  const canDo = useCan();
  const profile = useProfile();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [searchParams, setSearchParams] = useSearchParams();
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [isTrash, setTrash] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [isMoveOpen, setMoveOpen] = useState(false);
  const [isImportOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState<'zip' | 'xlsx' | null>(null);
  /** The filters of the list as last loaded: an export takes the same articles. */
  const lastFilters = useRef<ArticleFilters>({});
  const tree = useCategoryTree(type);
  const authors = useQuery({ queryKey: ['kb', 'authors'], queryFn: fetchAuthors, retry: false });
  const editing = searchParams.get(EDIT_PARAM);

  const canAdd = canDo(permissionOf(type, 'add'));
  const canEdit = canDo(permissionOf(type, 'edit'));
  const canDelete = canDo(permissionOf(type, 'delete'));

  const reload = () => {
    setSelected([]);
    void actionRef.current?.reload();
  };
  const { polling } = useListRefresh(actionRef, { onRefresh: () => void tree.refetch() });

  const request = usePageRequest<ArticleRow, SearchFields>(
    ({ updated, ...query }: PageQuery<SearchFields>) => {
      const filters: ArticleFilters = {
        status: query.status,
        keyword: query.keyword,
        author: query.author,
        category: query.category,
        from: updated ? dayjs(updated[0]).startOf('day').valueOf() : undefined,
        to: updated ? dayjs(updated[1]).endOf('day').valueOf() : undefined,
      };
      setTrash(query.status === 'deleted');
      lastFilters.current = filters;
      return fetchArticlePage({ type, page: query.page, size: query.size, ...filters });
    },
    { onError: reportUnlessHandled },
  );

  const exportList = async (format: 'zip' | 'xlsx') => {
    setExporting(format);
    try {
      const saved = await downloadFile(
        '/api/article/export',
        { type, format, ...lastFilters.current },
        `articles.${format}`,
      );
      if (saved.rows !== null && saved.total !== null && saved.total > saved.rows)
        void toast.warning(t('transfer.partial', { rows: saved.rows, total: saved.total }));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setExporting(null);
    }
  };

  const openEditor = (aid: string) => {
    preloadRichTextEditor();
    setSearchParams(
      (params) => {
        params.set(EDIT_PARAM, aid);
        return params;
      },
      { replace: false },
    );
  };

  const closeEditor = () =>
    setSearchParams((params) => {
      params.delete(EDIT_PARAM);
      return params;
    });

  const runBatch = async (body: ArticleBatchBody) => {
    try {
      const count = await batchArticles(body);
      void toast.success(t(`batch.done.${body.action}`, { count }));
      reload();
      if (
        body.action === 'move' ||
        body.action === 'purge' ||
        body.action === 'delete' ||
        body.action === 'restore'
      )
        void tree.refetch();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const confirmBatch = (action: 'delete' | 'purge', aids: string[]) =>
    modal.confirm({
      title: t(`batch.confirm.${action}`, { count: aids.length }),
      content: t(`batch.confirmHint.${action}`),
      okText: action === 'purge' ? t('actions.purge') : t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => runBatch({ action, aids }),
    });

  const authorOptions = useMemo(() => {
    const options = (authors.data ?? []).map((user) => ({
      value: user.uid,
      label: user.nickname || user.username,
    }));
    if (profile && !options.some((option) => option.value === profile.uid))
      options.unshift({
        value: profile.uid,
        label: t('filters.me', { name: profile.nickname || profile.username }),
      });
    return options;
  }, [authors.data, profile, t]);

  const typeColumns = ((): ProColumns<ArticleRow>[] => {
    if (type === 'zhaobiao')
      return [
        {
          title: t('tender.buyer'),
          key: 'buyer',
          search: false,
          width: 140,
          render: (_, row) => row.tender?.buyer || t('none'),
        },
        {
          title: t('tender.region'),
          key: 'region',
          search: false,
          width: 100,
          render: (_, row) => row.tender?.region || t('none'),
        },
        {
          title: t('tender.budget'),
          key: 'budget',
          search: false,
          width: 120,
          align: 'right',
          render: (_, row) =>
            row.tender?.budget === null || row.tender?.budget === undefined
              ? t('none')
              : t('tender.budgetValue', { value: row.tender.budget.toLocaleString() }),
        },
        {
          title: t('tender.deadline'),
          key: 'deadline',
          search: false,
          width: 110,
          render: (_, row) => formatDay(row.tender?.deadline),
        },
      ];
    if (type === 'tiku')
      return [
        {
          title: t('question.type'),
          key: 'questionType',
          search: false,
          width: 110,
          render: (_, row) => (row.question ? t(`question.types.${row.question.questionType}`) : t('none')),
        },
        {
          title: t('question.difficulty'),
          key: 'difficulty',
          search: false,
          width: 130,
          render: (_, row) =>
            row.question ? (
              <Rate
                disabled
                count={5}
                value={row.question.difficulty}
                style={{ fontSize: 12 }}
                aria-label={t('question.difficultyValue', { value: row.question.difficulty })}
              />
            ) : (
              t('none')
            ),
        },
      ];
    if (type === 'tikuqa')
      return [
        {
          title: t('columns.answer'),
          key: 'answer',
          search: false,
          render: (_, row) => (
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: row.summary }} style={{ marginBottom: 0 }}>
              {row.summary || t('none')}
            </Typography.Paragraph>
          ),
        },
      ];
    return [];
  })();

  const columns: ProColumns<ArticleRow>[] = [
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('filters.keywordHint') },
    },
    {
      title: t('filters.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (['published', 'scheduled', 'draft', 'deleted'] as const).map((status) => ({
          value: status,
          label: t(`status.${status}`),
        })),
      },
    },
    {
      title: t('filters.author'),
      dataIndex: 'author',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: authorOptions, showSearch: true, optionFilterProp: 'label' },
    },
    { title: t('filters.updated'), dataIndex: 'updated', hideInTable: true, valueType: 'dateRange' },
    {
      title: type === 'tiku' || type === 'tikuqa' ? t('columns.question') : t('columns.title'),
      key: 'title',
      search: false,
      width: 260,
      render: (_, row) => (
        <Space size={4} wrap>
          {row.top && (
            <Tag color="gold" icon={<PushpinOutlined />}>
              {t('columns.top')}
            </Tag>
          )}
          {row.recommend && (
            <Tag color="purple" icon={<StarOutlined />}>
              {t('columns.recommend')}
            </Tag>
          )}
          {isTrash || !canDo(permissionOf(type, 'get')) ? (
            <Typography.Text strong>{row.title}</Typography.Text>
          ) : (
            <Typography.Link strong onClick={() => openEditor(row.aid)}>
              {row.title}
            </Typography.Link>
          )}
        </Space>
      ),
    },
    ...typeColumns,
    {
      title: t('columns.categories'),
      key: 'categories',
      search: false,
      width: 160,
      render: (_, row) => <CategoryTags categories={row.categories} />,
    },
    {
      title: t('columns.status'),
      key: 'statusTag',
      search: false,
      width: 170,
      render: (_, row) => <ArticleStatusTag article={row} />,
    },
    {
      title: t('columns.views'),
      key: 'readCount',
      search: false,
      width: 80,
      align: 'right',
      render: (_, row) => row.readCount,
    },
    {
      title: t('columns.votes'),
      key: 'votes',
      search: false,
      width: 110,
      render: (_, row) => <Votes helpful={row.rateHelpful} useless={row.rateUseless} />,
    },
    {
      title: t('columns.author'),
      key: 'authorName',
      search: false,
      width: 110,
      render: (_, row) => row.author?.nickname ?? t('none'),
    },
    {
      title: isTrash ? t('columns.deletedAt') : t('columns.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 150,
      render: (_, row) => formatTime(isTrash ? row.deletedAt : row.updatedAt),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      valueType: 'option',
      width: 150,
      fixed: 'right',
      render: (_, row) =>
        isTrash
          ? [
              canEdit ? (
                <a key="restore" onClick={() => void runBatch({ action: 'restore', aids: [row.aid] })}>
                  {t('actions.restore')}
                </a>
              ) : null,
              canDelete ? (
                <Popconfirm
                  key="purge"
                  title={t('actions.purgeConfirm', { title: row.title })}
                  description={t('batch.confirmHint.purge')}
                  okText={t('actions.purge')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('actions.cancel')}
                  onConfirm={() => runBatch({ action: 'purge', aids: [row.aid] })}
                >
                  <a className="ok-danger-link">{t('actions.purge')}</a>
                </Popconfirm>
              ) : null,
            ]
          : [
              canEdit ? (
                <a key="edit" onClick={() => openEditor(row.aid)}>
                  {t('actions.edit')}
                </a>
              ) : null,
              canDelete ? (
                <Popconfirm
                  key="delete"
                  title={t('actions.deleteConfirm', { title: row.title })}
                  description={t('batch.confirmHint.delete')}
                  okText={t('actions.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('actions.cancel')}
                  onConfirm={() => runBatch({ action: 'delete', aids: [row.aid] })}
                >
                  <a className="ok-danger-link">{t('actions.delete')}</a>
                </Popconfirm>
              ) : null,
            ],
    },
  ];

  const hasBulk = canEdit || canDelete;

  return (
    <div className="ok-kb-list">
      <CategoryTreePanel
        type={type}
        tree={tree.data ?? []}
        isLoading={tree.isPending}
        selected={category}
        onSelect={(cid) => {
          setCategory(cid);
          setSelected([]);
        }}
        canManage={canEdit}
        onChanged={() => {
          void tree.refetch();
          reload();
        }}
      />
      <div className="ok-kb-list__table">
        <ProTable<ArticleRow, SearchFields>
          rowKey="aid"
          headerTitle={isTrash ? t('trashTitle') : t(`titles.${type}`)}
          actionRef={actionRef}
          columns={columns}
          params={{ category }}
          request={request}
          polling={polling}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          search={{ labelWidth: 'auto', defaultCollapsed: false }}
          scroll={{ x: 1200 }}
          locale={{ emptyText: isTrash ? t('emptyTrash') : t('empty') }}
          rowSelection={
            hasBulk
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(String)),
                  preserveSelectedRowKeys: false,
                }
              : false
          }
          tableAlertRender={({ selectedRowKeys }) => t('batch.selected', { count: selectedRowKeys.length })}
          tableAlertOptionRender={() => (
            <Space size={12} wrap>
              {isTrash ? (
                <>
                  {canEdit && (
                    <Button size="small" onClick={() => void runBatch({ action: 'restore', aids: selected })}>
                      {t('actions.restore')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button size="small" danger onClick={() => confirmBatch('purge', selected)}>
                      {t('actions.purge')}
                    </Button>
                  )}
                </>
              ) : (
                <>
                  {canEdit && (
                    <Button size="small" onClick={() => void runBatch({ action: 'publish', aids: selected })}>
                      {t('batch.publish')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button
                      size="small"
                      onClick={() => void runBatch({ action: 'unpublish', aids: selected })}
                    >
                      {t('batch.unpublish')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button size="small" onClick={() => setMoveOpen(true)}>
                      {t('batch.move')}
                    </Button>
                  )}
                  {canDelete && (
                    <Button size="small" danger onClick={() => confirmBatch('delete', selected)}>
                      {t('actions.delete')}
                    </Button>
                  )}
                </>
              )}
              <Button size="small" type="link" onClick={() => setSelected([])}>
                {t('batch.clear')}
              </Button>
            </Space>
          )}
          toolBarRender={() => [
            canAdd ? (
              <Button key="import" icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                {t('transfer.import')}
              </Button>
            ) : null,
            <Dropdown
              key="export"
              trigger={['click']}
              menu={{
                items: [
                  { key: 'zip', label: t('transfer.exportZip') },
                  { key: 'xlsx', label: t('transfer.exportXlsx') },
                ],
                onClick: ({ key }) => void exportList(key as 'zip' | 'xlsx'),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exporting !== null}>
                {t('transfer.export')}
              </Button>
            </Dropdown>,
            canAdd ? (
              <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => openEditor('new')}>
                {t(`add.${type}`)}
              </Button>
            ) : null,
          ]}
        />
      </div>
      <ExcelImportModal
        open={isImportOpen}
        onClose={() => setImportOpen(false)}
        title={t('transfer.importTitle')}
        templateUrl={`/api/article/template?type=${type}`}
        templateName={`articles-${type}.xlsx`}
        importUrl={`/api/article/import?type=${type}`}
        accept=".zip,.xlsx,.csv,application/zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        steps={{ template: t('transfer.stepTemplate'), upload: t('transfer.stepUpload') }}
        describeReport={(report) => {
          const counts = report as typeof report & { created?: number; updated?: number; images?: number };
          return (
            <div>
              {t('transfer.details', {
                created: counts.created ?? 0,
                updated: counts.updated ?? 0,
                images: counts.images ?? 0,
              })}
            </div>
          );
        }}
        fieldLabels={{
          title: t('transferFields.title'),
          images: t('transferFields.images'),
          frontMatter: t('transferFields.frontMatter'),
        }}
        onImported={(report) => {
          if (report.imported > 0) {
            reload();
            void tree.refetch();
          }
        }}
      />
      {editing !== null && (
        <ArticleEditorDrawer
          key={editing}
          type={type}
          aid={editing === 'new' ? null : editing}
          categoryTree={tree.data ?? []}
          defaultCategory={category}
          canEdit={editing === 'new' ? canAdd : canEdit}
          onClose={closeEditor}
          onSaved={(article, isNew) => {
            reload();
            void tree.refetch();
            if (isNew)
              setSearchParams(
                (params) => {
                  params.set(EDIT_PARAM, article.aid);
                  return params;
                },
                { replace: true },
              );
          }}
        />
      )}
      <MoveArticlesModal
        open={isMoveOpen}
        count={selected.length}
        tree={tree.data ?? []}
        onClose={() => setMoveOpen(false)}
        onMove={async (cid) => {
          await runBatch({ action: 'move', aids: selected, category: cid });
          setMoveOpen(false);
        }}
      />
    </div>
  );
};
