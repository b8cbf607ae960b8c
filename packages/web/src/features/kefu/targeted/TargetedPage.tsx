import './i18n';
import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Targeted } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import {
  createRule,
  deleteRule,
  fetchTargetedPage,
  updateRule,
  type RuleValues,
  type TargetedFilters,
} from './api';
import { KEFU_TARGETED_NS } from './i18n';
import { RuleModal } from './RuleModal';

const PERMISSION = 'kefu.targeted';

/**
 * Kefu → proactive invitations (`/stable/kefu/targeted`): rules that invite visitors on matching pages
 * (the embed loader shows them as a bubble), with how often each was shown, accepted and declined.
 */
export const TargetedPage = () => {
  const { t } = useTranslation(KEFU_TARGETED_NS);
  const { message: toast } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<{ rule: Targeted | null } | null>(null);
  const request = usePageRequest<Targeted, TargetedFilters>(fetchTargetedPage, {
    onError: reportUnlessHandled,
  });
  const reload = () => void actionRef.current?.reload();

  const save = async (values: RuleValues) => {
    if (editing?.rule) {
      await updateRule(editing.rule.tgid, values);
      void toast.success(t('done.updated'));
    } else {
      await createRule(values);
      void toast.success(t('done.created'));
    }
    reload();
  };

  const remove = async (rule: Targeted) => {
    try {
      await deleteRule(rule.tgid);
      void toast.success(t('done.deleted'));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<Targeted>[] = [
    { title: t('filters.name'), dataIndex: 'name', hideInTable: true },
    {
      title: t('filters.enabled'),
      dataIndex: 'enabled',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: [
          { value: true, label: t('enabled.true') },
          { value: false, label: t('enabled.false') },
        ],
      },
    },
    { title: t('columns.name'), key: 'name', search: false, width: 160, render: (_, rule) => rule.name },
    {
      title: t('columns.enabled'),
      key: 'enabled',
      search: false,
      width: 80,
      render: (_, rule) => (
        <Tag color={rule.enabled ? 'green' : 'default'}>
          {t(rule.enabled ? 'enabled.true' : 'enabled.false')}
        </Tag>
      ),
    },
    {
      title: t('columns.rule'),
      key: 'rule',
      search: false,
      width: 260,
      render: (_, rule) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text type="secondary">{t(`matchTypes.${rule.matchType}`)}</Typography.Text>
          <Typography.Text code ellipsis={{ tooltip: rule.pattern }}>
            {rule.pattern}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('columns.conditions'),
      key: 'conditions',
      search: false,
      width: 200,
      render: (_, rule) => t('conditions', { seconds: rule.minSeconds, visits: rule.minVisits }),
    },
    {
      title: t('columns.message'),
      key: 'message',
      search: false,
      render: (_, rule) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: rule.message }} style={{ marginBottom: 0 }}>
          {rule.message}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('columns.workgroup'),
      key: 'workgroup',
      search: false,
      width: 120,
      render: (_, rule) => rule.workgroup.nickname,
    },
    {
      title: t('columns.counts'),
      key: 'counts',
      search: false,
      width: 170,
      render: (_, rule) => (
        <span data-testid={`counts-${rule.tgid}`}>
          {rule.shownCount} / {rule.acceptedCount} / {rule.declinedCount}
        </span>
      ),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, rule) => [
        <Can key="edit" permission={`${PERMISSION}.edit`}>
          <a onClick={() => setEditing({ rule })}>{t('actions.edit')}</a>
        </Can>,
        <Can key="delete" permission={`${PERMISSION}.delete`}>
          <Popconfirm
            title={t('actions.deleteConfirm', { name: rule.name })}
            description={t('actions.deleteHint')}
            okText={t('actions.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove(rule)}
          >
            <a className="ok-danger-link">{t('actions.delete')}</a>
          </Popconfirm>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<Targeted, TargetedFilters>
        rowKey="tgid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          <Can key="add" permission={`${PERMISSION}.add`}>
            <Button type="primary" onClick={() => setEditing({ rule: null })}>
              {t('add')}
            </Button>
          </Can>,
        ]}
      />
      <RuleModal
        isOpen={editing !== null}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
    </>
  );
};
