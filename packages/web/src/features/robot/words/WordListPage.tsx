import '../shared/i18n';
import { useRef, useState } from 'react';
import { Alert, App, Button, Popconfirm, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { deleteWord, fetchWordPage, type WordKind, type WordRow } from '../shared/api';
import { formatTime, NameTags } from '../shared/display';
import { ROBOT_NS } from '../shared/i18n';
import { robotPermission } from '../shared/permissions';
import { ThesaurusPanel } from './ThesaurusPanel';
import { isSynonym, WordFormModal, wordOf } from './WordFormModal';

/**
 * Stopwords have no menu item (spec §2): the synonym page links to them, and back. Each link shows
 * only to a role that may read the other list.
 */
const RELATED_LIST: Partial<Record<WordKind, 'synonym' | 'stopword'>> = {
  synonym: 'stopword',
  stopword: 'synonym',
};

export type WordListPageProps = {
  /** Which list: transfer keywords, synonyms or stopwords (each its own calls and permission). */
  kind: WordKind;
};

/**
 * One page for the matcher's word lists (`/stable/robot/transfer`, `synonym`, `stopword`): search,
 * add, edit and delete (confirmed). Synonym entries are a standard word and its synonyms; the
 * other lists hold single words.
 */
export const WordListPage = ({ kind }: WordListPageProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<WordRow | null | undefined>(undefined);
  const { polling } = useListRefresh(actionRef);
  const request = usePageRequest<WordRow, { keyword?: string }>(
    (query: PageQuery<{ keyword?: string }>) =>
      fetchWordPage(kind, { page: query.page, size: query.size, keyword: query.keyword }),
    { onError: reportUnlessHandled },
  );

  const canAdd = canDo(robotPermission(kind, 'add'));
  const canEdit = canDo(robotPermission(kind, 'edit'));
  const canDelete = canDo(robotPermission(kind, 'delete'));

  const related = RELATED_LIST[kind];
  const canSeeRelated = related !== undefined && canDo(robotPermission(related, 'query'));

  const reload = () => void actionRef.current?.reload();

  const remove = async (row: WordRow) => {
    try {
      await deleteWord(kind, row.rwid);
      void toast.success(t('words.deleted', { word: wordOf(row) }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<WordRow>[] = [
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t(`words.${kind}.keywordHint`) },
    },
    {
      title: kind === 'synonym' ? t('words.synonym.standard') : t(`words.${kind}.word`),
      key: 'word',
      search: false,
      width: 220,
      render: (_, row) => <Typography.Text strong>{wordOf(row)}</Typography.Text>,
    },
    ...(kind === 'synonym'
      ? ([
          {
            title: t('words.synonym.synonyms'),
            key: 'synonyms',
            search: false,
            render: (_, row) => (
              <NameTags
                names={(isSynonym(row) ? row.synonyms : []).map((word) => ({ key: word, name: word }))}
              />
            ),
          },
        ] satisfies ProColumns<WordRow>[])
      : []),
    {
      title: t('columns.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 160,
      render: (_, row) => formatTime(row.updatedAt),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, row) => [
        canEdit ? (
          <a key="edit" onClick={() => setEditing(row)}>
            {t('actions.edit')}
          </a>
        ) : null,
        canDelete ? (
          <Popconfirm
            key="delete"
            title={t('words.deleteConfirm', { word: wordOf(row) })}
            description={t(`words.${kind}.deleteHint`)}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
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
      <Alert
        type="info"
        showIcon
        title={t(`words.${kind}.intro`)}
        action={
          canSeeRelated ? (
            <Link to={`/stable/robot/${related}`}>{t(`words.${related}.title`)}</Link>
          ) : undefined
        }
        style={{ marginBottom: 16 }}
      />
      <ProTable<WordRow, { keyword?: string }>
        rowKey="rwid"
        headerTitle={t(`words.${kind}.title`)}
        actionRef={actionRef}
        columns={canEdit || canDelete ? columns : columns.filter((column) => column.key !== 'actions')}
        request={request}
        polling={polling}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 700 }}
        locale={{ emptyText: t(`words.${kind}.empty`) }}
        toolBarRender={() => [
          canAdd ? (
            <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t(`words.${kind}.add`)}
            </Button>
          ) : null,
        ]}
      />
      {kind === 'synonym' ? <ThesaurusPanel /> : null}
      <WordFormModal
        kind={kind}
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          reload();
        }}
      />
    </>
  );
};
