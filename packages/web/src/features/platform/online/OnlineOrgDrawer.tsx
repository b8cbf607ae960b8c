import { useRef } from 'react';
import { App, Badge, Drawer, Popconfirm, Tabs, Tag } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { OnlineAgent, OnlineOrganization, OnlineVisitor } from '@openkefu/contract';
import { useCan } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { formatDateTime } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchOnlineAgents, fetchOnlineVisitors, signOutUser } from './api';

export type OnlineOrgDrawerProps = {
  organization: OnlineOrganization;
  onClose: () => void;
  /** After a user was signed out: the summary's counts changed. */
  onChanged: () => void;
};

/** One organisation's agents online or connected (with "Sign out") and its connected visitors. */
export const OnlineOrgDrawer = ({ organization, onClose, onChanged }: OnlineOrgDrawerProps) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const canSignOut = canDo('platform.online.edit');
  const agentsRef = useRef<ActionType | undefined>(undefined);
  const { subDomain } = organization;
  const agentRequest = usePageRequest<OnlineAgent>((query) => fetchOnlineAgents({ ...query, subDomain }), {
    onError: reportUnlessHandled,
  });
  const visitorRequest = usePageRequest<OnlineVisitor>(
    (query) => fetchOnlineVisitors({ ...query, subDomain }),
    {
      onError: reportUnlessHandled,
    },
  );

  const signOut = async (agent: OnlineAgent) => {
    try {
      await signOutUser(agent.uid);
      void toast.success(t('onlinePage.signedOut', { name: agent.nickname || agent.username }));
      void agentsRef.current?.reload();
      onChanged();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const agentColumns: ProColumns<OnlineAgent>[] = [
    {
      title: t('onlinePage.agent'),
      key: 'agent',
      render: (_, row) => (
        <span>
          {row.nickname} <Tag>{row.username}</Tag>
        </span>
      ),
    },
    {
      title: t('onlinePage.status'),
      dataIndex: 'status',
      width: 120,
      render: (_, row) => t(`onlinePage.statuses.${row.status}`, { defaultValue: row.status }),
    },
    {
      title: t('onlinePage.connection'),
      key: 'connected',
      width: 130,
      render: (_, row) =>
        row.connected ? (
          <Badge status="success" text={t('onlinePage.connected')} />
        ) : (
          <Badge status="default" text={t('onlinePage.notConnected')} />
        ),
    },
    {
      title: t('onlinePage.lastLogin'),
      key: 'lastLoginAt',
      width: 170,
      render: (_, row) =>
        row.lastLoginAt
          ? `${formatDateTime(row.lastLoginAt)} · ${row.lastLoginClient ?? ''}`
          : t('common.never'),
    },
    ...(canSignOut
      ? ([
          {
            title: t('common.actions'),
            key: 'actions',
            valueType: 'option',
            width: 100,
            render: (_, row) => [
              <Popconfirm
                key="signout"
                title={t('onlinePage.signOutConfirm', { name: row.nickname || row.username })}
                description={t('onlinePage.signOutHint')}
                okText={t('onlinePage.signOut')}
                okButtonProps={{ danger: true }}
                cancelText={t('common.cancel')}
                onConfirm={() => signOut(row)}
              >
                <a className="ok-danger-link">{t('onlinePage.signOut')}</a>
              </Popconfirm>,
            ],
          },
        ] satisfies ProColumns<OnlineAgent>[])
      : []),
  ];

  const visitorColumns: ProColumns<OnlineVisitor>[] = [
    { title: t('onlinePage.visitor'), dataIndex: 'nickname' },
    { title: t('onlinePage.client'), dataIndex: 'client', width: 120 },
    { title: t('onlinePage.connections'), dataIndex: 'connections', width: 110 },
    {
      title: t('onlinePage.lastVisit'),
      key: 'lastVisitAt',
      width: 170,
      render: (_, row) => formatDateTime(row.lastVisitAt),
    },
  ];

  return (
    <Drawer open width={760} title={`${organization.name} (${organization.subDomain})`} onClose={onClose}>
      <Tabs
        items={[
          {
            key: 'agents',
            label: t('onlinePage.agentsTab', { count: organization.agentsOnline }),
            children: (
              <ProTable<OnlineAgent>
                rowKey="uid"
                actionRef={agentsRef}
                columns={agentColumns}
                request={agentRequest}
                search={false}
                options={{ reload: true, density: false, setting: false }}
                pagination={{ defaultPageSize: 20, showTotal: agentRequest.showTotal }}
                locale={{ emptyText: t('onlinePage.noAgents') }}
              />
            ),
          },
          {
            key: 'visitors',
            label: t('onlinePage.visitorsTab', { count: organization.visitorsConnected }),
            children: (
              <ProTable<OnlineVisitor>
                rowKey="vid"
                columns={visitorColumns}
                request={visitorRequest}
                search={false}
                options={{ reload: true, density: false, setting: false }}
                pagination={{ defaultPageSize: 20, showTotal: visitorRequest.showTotal }}
                locale={{ emptyText: t('onlinePage.noVisitors') }}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
};
