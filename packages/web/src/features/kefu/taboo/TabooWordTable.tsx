import './i18n';
import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Taboo } from '@openkefu/contract';
import { downloadFile } from '../../../shared/api/download';
import { useCan } from '../../../shared/components/Authorized';
import { ExcelImportModal } from '../../../shared/components/ExcelImport';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { formatTime } from '../thread/display';
import { deleteTaboo, fetchTabooPage, tabooBase, type TabooFilters, type TabooScope } from './api';
import { KEFU_TABOO_NS } from './i18n';
import { TabooFormModal } from './TabooFormModal';

export type TabooWordTableProps = {
  scope: TabooScope;
  /** Platform pages are for platform staff, who may do everything there. */
  isPlatformStaff?: boolean;
};

/**
 * A list of sensitive words with add, edit, delete (confirmed), import and export. The
 * organisation's list also shows the platform's words, read-only.
 */
export const TabooWordTable = ({ scope, isPlatformStaff = false }: TabooWordTableProps) => {
  const { t } = useTranslation(KEFU_TABOO_NS);
  const { message: toast } = App.useApp();
  const can = useCan();
  const allows = (action: string) => (scope === 'platform' ? isPlatformStaff : can(`kefu.taboo.${action}`));
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<{ taboo: Taboo | null } | null>(null);
  const [isImporting, setImporting] = useState(false);
  const [isExporting, setExporting] = useState(false);
  const request = usePageRequest<Taboo, TabooFilters>(fetchTabooPage(scope), {
    onError: reportUnlessHandled,
  });
  const base = tabooBase(scope);

  const reload = () => void actionRef.current?.reload();

  const remove = async (taboo: Taboo) => {
    try {
      await deleteTaboo(scope, taboo.tbid);
      void toast.success(t('done.deleted', { standard: taboo.standard }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const exportWords = async () => {
    setExporting(true);
    try {
      await downloadFile(`${base}/export`, {}, 'sensitive-words.xlsx');
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setExporting(false);
    }
  };

  const isOwn = (taboo: Taboo) => scope === 'platform' || !taboo.platform;

  const columns: ProColumns<Taboo>[] = [
    { title: t('keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('columns.standard'),
      key: 'standard',
      search: false,
      width: 220,
      render: (_, taboo) => (
        <Space size={4}>
          <span>{taboo.standard}</span>
          {scope === 'org' && taboo.platform ? (
            <Tooltip title={t('platformReadOnly')}>
              <Tag color="purple">{t('platformTag')}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('columns.synonyms'),
      key: 'synonyms',
      search: false,
      render: (_, taboo) =>
        taboo.synonyms.length === 0 ? (
          '—'
        ) : (
          <Space size={[4, 4]} wrap>
            {taboo.synonyms.map((synonym) => (
              <Tag key={synonym}>{synonym}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('columns.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 170,
      render: (_, taboo) => formatTime(taboo.updatedAt),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      width: 130,
      render: (_, taboo) =>
        isOwn(taboo)
          ? [
              allows('edit') ? (
                <a key="edit" onClick={() => setEditing({ taboo })}>
                  {t('actions.edit')}
                </a>
              ) : null,
              allows('delete') ? (
                <Popconfirm
                  key="delete"
                  title={t('actions.deleteConfirm', { standard: taboo.standard })}
                  description={t('actions.deleteHint')}
                  okText={t('actions.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('actions.cancel')}
                  onConfirm={() => remove(taboo)}
                >
                  <a className="ok-danger-link">{t('actions.delete')}</a>
                </Popconfirm>
              ) : null,
            ]
          : [],
    },
  ];

  return (
    <>
      <ProTable<Taboo, TabooFilters>
        rowKey="tbid"
        headerTitle={scope === 'platform' ? t('platformTitle') : t('title')}
        tooltip={scope === 'platform' ? t('platformHint') : undefined}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          allows('add') ? (
            <Button
              key="add"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ taboo: null })}
            >
              {t('add')}
            </Button>
          ) : null,
          allows('add') ? (
            <Button key="import" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              {t('import')}
            </Button>
          ) : null,
          allows('export') ? (
            <Button
              key="export"
              icon={<DownloadOutlined />}
              loading={isExporting}
              onClick={() => void exportWords()}
            >
              {t('export')}
            </Button>
          ) : null,
        ]}
      />
      <TabooFormModal
        scope={scope}
        open={editing !== null}
        taboo={editing?.taboo ?? null}
        onClose={() => setEditing(null)}
        onSaved={(saved, isNew) => {
          void toast.success(t(isNew ? 'done.created' : 'done.updated', { standard: saved.standard }));
          reload();
        }}
      />
      <ExcelImportModal
        open={isImporting}
        onClose={() => setImporting(false)}
        title={t('importModal.title')}
        templateUrl={`${base}/template`}
        templateName={t('importModal.templateName')}
        importUrl={`${base}/import`}
        fieldLabels={{ standard: t('columns.standard'), synonyms: t('columns.synonyms') }}
        onImported={(report) => {
          if (report.imported > 0) {
            void toast.success(t('done.imported', { count: report.imported }));
            reload();
          }
        }}
      />
    </>
  );
};
