import './i18n';
import type { RefObject } from 'react';
import { App, Button, Popconfirm, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  canAuthorize,
  isAuthorizedAccount,
  isSdkChannel,
  type ChannelAccount,
  type ChannelType,
} from '@openkefu/contract';
import { reportUnlessHandled } from '../../shared/api/reportError';
import { usePageRequest } from '../../shared/table/usePageRequest';
import { deleteChannel, fetchChannelPage, setChannelEnabled, testChannel, type ChannelFilters } from './api';
import { AccountStatus, LastTime } from './AccountStatus';
import { CHANNEL_NS } from './i18n';
import { hasWebhook } from './platforms';

export type AccountTableProps = {
  type: ChannelType;
  actionRef: RefObject<ActionType | undefined>;
  onAdd: () => void;
  onEdit: (account: ChannelAccount) => void;
  onAuthorize: (account: ChannelAccount) => void;
  /** After any change (enable, disconnect, test): the page refreshes what depends on the accounts. */
  onChanged: () => void;
  onLoad: (accounts: ChannelAccount[]) => void;
};

/** One channel's accounts: status, skill group, last traffic, and what an admin can do with each. */
export const AccountTable = ({
  type,
  actionRef,
  onAdd,
  onEdit,
  onAuthorize,
  onChanged,
  onLoad,
}: AccountTableProps) => {
  const { t } = useTranslation(CHANNEL_NS);
  const { message: toast, modal } = App.useApp();
  const request = usePageRequest<ChannelAccount, ChannelFilters>(fetchChannelPage, {
    onError: reportUnlessHandled,
  });

  const changed = () => {
    void actionRef.current?.reload();
    onChanged();
  };

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void toast.success(done);
      changed();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const test = async (account: ChannelAccount) => {
    try {
      const result = await testChannel(account.caid);
      const detail =
        result.detail === 'sdk' ? t('test.sdk') : result.detail || (result.ok ? t('test.okEmpty') : '');
      const show = result.ok ? modal.success : modal.error;
      show({
        title: result.ok ? t('test.okTitle') : t('test.failTitle'),
        content: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{detail}</Typography.Paragraph>,
        okText: t('test.close'),
      });
      changed();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const addressColumn: ProColumns<ChannelAccount>[] = isSdkChannel(type)
    ? [
        {
          title: t('list.columns.appKey'),
          key: 'appKey',
          width: 260,
          render: (_, account) =>
            account.appKey ? (
              <Typography.Text copyable code>
                {account.appKey}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
      ]
    : hasWebhook(type)
      ? [
          {
            title: t('list.columns.address'),
            key: 'address',
            width: 280,
            render: (_, account) =>
              account.webhookUrl ? (
                <Typography.Text copyable={{ text: account.webhookUrl }} ellipsis style={{ maxWidth: 260 }}>
                  {account.webhookUrl}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
        ]
      : [];

  const columns: ProColumns<ChannelAccount>[] = [
    {
      title: t('list.columns.name'),
      key: 'name',
      width: 180,
      render: (_, account) => <Typography.Text strong>{account.name}</Typography.Text>,
    },
    {
      title: t('list.columns.status'),
      key: 'status',
      width: 220,
      render: (_, account) => <AccountStatus account={account} />,
    },
    {
      title: t('list.columns.workgroup'),
      key: 'workgroup',
      width: 140,
      render: (_, account) =>
        account.workgroup ? account.workgroup.nickname : <Tag>{t('list.defaultGroup')}</Tag>,
    },
    ...addressColumn,
    {
      title: t('list.columns.lastInbound'),
      key: 'lastInbound',
      width: 130,
      render: (_, account) => <LastTime time={account.lastInboundAt} />,
    },
    {
      title: t('list.columns.lastOutbound'),
      key: 'lastOutbound',
      width: 130,
      render: (_, account) => <LastTime time={account.lastOutboundAt} />,
    },
    {
      title: t('list.columns.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_, account) => [
        <a key="edit" onClick={() => onEdit(account)}>
          {t('actions.edit')}
        </a>,
        <a key="test" onClick={() => void test(account)}>
          {t('actions.test')}
        </a>,
        isAuthorizedAccount(type, account.config) ? (
          <a key="authorize" onClick={() => onAuthorize(account)}>
            {t(canAuthorize(type) ? 'actions.authorize' : 'actions.authorizeAccount')}
          </a>
        ) : null,
        <a
          key="toggle"
          onClick={() =>
            void run(
              () => setChannelEnabled(account.caid, !account.enabled),
              t(account.enabled ? 'done.disabled' : 'done.enabled', { name: account.name }),
            )
          }
        >
          {account.enabled ? t('actions.disable') : t('actions.enable')}
        </a>,
        <Popconfirm
          key="disconnect"
          title={t('actions.disconnectConfirm', { name: account.name })}
          description={<div style={{ maxWidth: 320 }}>{t('actions.disconnectHint')}</div>}
          okText={t('actions.disconnect')}
          okButtonProps={{ danger: true }}
          cancelText={t('actions.cancel')}
          onConfirm={() =>
            run(() => deleteChannel(account.caid), t('done.disconnected', { name: account.name }))
          }
        >
          <Typography.Link type="danger">{t('actions.disconnect')}</Typography.Link>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <ProTable<ChannelAccount, ChannelFilters>
      rowKey="caid"
      headerTitle={t('list.title')}
      actionRef={actionRef}
      columns={columns}
      params={{ type }}
      request={request}
      onLoad={onLoad}
      search={false}
      options={{ density: false, setting: false, reload: true }}
      pagination={{ defaultPageSize: 20, showTotal: request.showTotal }}
      scroll={{ x: 1100 }}
      locale={{ emptyText: t('list.empty') }}
      toolBarRender={() => [
        <Button key="add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
          {t('list.add')}
        </Button>,
      ]}
    />
  );
};
