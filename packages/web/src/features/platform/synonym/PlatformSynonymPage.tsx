import '../shared/i18n';
import { useRef, useState } from 'react';
import { Alert, App, Button, Form, Input, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { PlatformSynonym } from '@openkefu/contract';
import { useCan } from '../../../shared/components/Authorized';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { ActionModal } from '../shared/ActionModal';
import { formatDateTime } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { deletePlatformSynonym, fetchPlatformSynonyms, savePlatformSynonym } from './api';

/** Contract `robotWordMaxLength`, `robotSynonymLimit`. */
const WORD_MAX = 64;
const SYNONYMS_MAX = 50;

type SynonymValues = { standard: string; synonyms: string[] };

/**
 * Platform → synonyms (`/stable/platform/synonym`): the library every organisation's robot reads
 * under its own synonyms. Search, add, edit and delete (confirmed).
 */
export const PlatformSynonymPage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<PlatformSynonym | null | undefined>(undefined);
  const request = usePageRequest<PlatformSynonym, { keyword?: string }>(
    (query: PageQuery<{ keyword?: string }>) => fetchPlatformSynonyms(query),
    { onError: reportUnlessHandled },
  );
  const canAdd = canDo('platform.synonym.add');
  const canEdit = canDo('platform.synonym.edit');
  const canDelete = canDo('platform.synonym.delete');
  const reload = () => void actionRef.current?.reload();

  const remove = async (row: PlatformSynonym) => {
    try {
      await deletePlatformSynonym(row.psid);
      void toast.success(t('synonymPage.deleted', { word: row.standard }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<PlatformSynonym>[] = [
    {
      title: t('synonymPage.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('synonymPage.keywordHint') },
    },
    {
      title: t('synonymPage.standard'),
      dataIndex: 'standard',
      search: false,
      width: 220,
      render: (_, row) => <Typography.Text strong>{row.standard}</Typography.Text>,
    },
    {
      title: t('synonymPage.synonyms'),
      key: 'synonyms',
      search: false,
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.synonyms.map((word) => (
            <Tag key={word}>{word}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('synonymPage.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 160,
      render: (_, row) => formatDateTime(row.updatedAt),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      width: 120,
      render: (_, row) => [
        canEdit ? (
          <a key="edit" onClick={() => setEditing(row)}>
            {t('actions.edit')}
          </a>
        ) : null,
        canDelete ? (
          <Popconfirm
            key="delete"
            title={t('synonymPage.deleteConfirm', { word: row.standard })}
            description={t('synonymPage.deleteHint')}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(row)}
          >
            <a className="ok-danger-link">{t('actions.delete')}</a>
          </Popconfirm>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <Alert type="info" showIcon title={t('synonymPage.intro')} style={{ marginBottom: 16 }} />
      <ProTable<PlatformSynonym, { keyword?: string }>
        rowKey="psid"
        headerTitle={t('synonymPage.title')}
        actionRef={actionRef}
        columns={canEdit || canDelete ? columns : columns.filter((column) => column.key !== 'actions')}
        request={request}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        locale={{ emptyText: t('synonymPage.empty') }}
        toolBarRender={() => [
          canAdd ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('synonymPage.add')}
            </Button>
          ) : null,
        ]}
      />
      {editing !== undefined ? (
        <ActionModal<SynonymValues>
          name="platform-synonym"
          title={editing ? t('synonymPage.editTitle', { word: editing.standard }) : t('synonymPage.addTitle')}
          initialValues={editing ? { standard: editing.standard, synonyms: editing.synonyms } : undefined}
          onClose={() => setEditing(undefined)}
          onSubmit={async (values) => {
            const body = {
              standard: values.standard.trim(),
              synonyms: (values.synonyms ?? []).map((word) => word.trim()).filter(Boolean),
            };
            const saved = await savePlatformSynonym(editing ? { ...body, psid: editing.psid } : body);
            void toast.success(t('synonymPage.saved', { word: saved.standard }));
            reload();
          }}
        >
          <Form.Item
            name="standard"
            label={t('synonymPage.standard')}
            extra={t('synonymPage.standardHint')}
            rules={[
              { required: true, whitespace: true, message: t('synonymPage.standardRequired') },
              { max: WORD_MAX, message: t('synonymPage.tooLong', { max: WORD_MAX }) },
            ]}
          >
            <Input maxLength={WORD_MAX} />
          </Form.Item>
          <Form.Item
            name="synonyms"
            label={t('synonymPage.synonyms')}
            extra={t('synonymPage.synonymsHint')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('synonymPage.synonymsRequired') },
              { type: 'array', max: SYNONYMS_MAX, message: t('synonymPage.tooMany', { max: SYNONYMS_MAX }) },
              {
                validator: async (_, words: string[] | undefined) => {
                  if ((words ?? []).some((word) => word.trim().length > WORD_MAX))
                    throw new Error(t('synonymPage.tooLong', { max: WORD_MAX }));
                },
              },
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', '，', ';', '；']}
              open={false}
              suffixIcon={null}
              aria-label={t('synonymPage.synonyms')}
            />
          </Form.Item>
        </ActionModal>
      ) : null}
    </>
  );
};
