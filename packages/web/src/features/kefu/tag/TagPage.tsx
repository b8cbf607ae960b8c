import './i18n';
import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Tag as AntTag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Tag, TagType } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { formatTime } from '../thread/display';
import { createTag, deleteTag, fetchTagPage, updateTag, type TagFilters } from './api';
import { KEFU_TAG_NS } from './i18n';
import { TagFormModal, type TagFormValues } from './TagFormModal';

const PERMISSION = 'kefu.tag';
const TYPES = ['thread', 'visitor'] as const satisfies readonly TagType[];

/**
 * Kefu → tags (`/stable/kefu/tag`): the organisation's labels for conversations and visitors.
 * Agents apply them in the workbench; the session records filter by them.
 */
export const TagPage = () => {
  const { t } = useTranslation(KEFU_TAG_NS);
  const { message: toast } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<Tag | null | undefined>(undefined);
  const request = usePageRequest<Tag, TagFilters>(fetchTagPage, { onError: reportUnlessHandled });
  const reload = () => void actionRef.current?.reload();

  const save = async (values: TagFormValues, tag: Tag | null) => {
    if (tag) {
      await updateTag({ tgid: tag.tgid, name: values.name, color: values.color });
      void toast.success(t('done.updated'));
    } else {
      await createTag(values);
      void toast.success(t('done.created'));
    }
    reload();
  };

  const remove = async (tag: Tag) => {
    try {
      await deleteTag(tag.tgid);
      void toast.success(t('done.deleted'));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<Tag>[] = [
    { title: t('filters.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('filters.type'),
      dataIndex: 'type',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: TYPES.map((value) => ({ value, label: t(`type.${value}`) })) },
    },
    {
      title: t('columns.name'),
      key: 'name',
      search: false,
      render: (_, tag) => <AntTag color={tag.color}>{tag.name}</AntTag>,
    },
    {
      title: t('columns.type'),
      key: 'type',
      search: false,
      width: 140,
      render: (_, tag) => t(`type.${tag.type}`),
    },
    { title: t('columns.color'), key: 'color', search: false, width: 120, render: (_, tag) => tag.color },
    {
      title: t('columns.updatedAt'),
      key: 'updatedAt',
      search: false,
      width: 170,
      render: (_, tag) => formatTime(tag.updatedAt),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      width: 140,
      render: (_, tag) => [
        <Can key="edit" permission={`${PERMISSION}.edit`}>
          <a onClick={() => setEditing(tag)}>{t('actions.edit')}</a>
        </Can>,
        <Can key="delete" permission={`${PERMISSION}.delete`}>
          <Popconfirm
            title={t('actions.deleteConfirm', { name: tag.name })}
            description={t('actions.deleteHint')}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove(tag)}
          >
            <a className="ok-danger-link">{t('actions.delete')}</a>
          </Popconfirm>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<Tag, TagFilters>
        rowKey="tgid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          <Can key="add" permission={`${PERMISSION}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('add')}
            </Button>
          </Can>,
        ]}
      />
      <TagFormModal tag={editing} onClose={() => setEditing(undefined)} onSubmit={save} />
    </>
  );
};
