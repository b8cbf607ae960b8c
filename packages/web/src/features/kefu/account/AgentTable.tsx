import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { Can, useCan } from '../../../shared/components/Authorized';
import { useProfile } from '../../../shared/auth/profileStore';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { KEFU_NS } from '../shared/i18n';
import { PersonCell, RoleTags, UserStatusTag, WorkgroupTags } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import {
  createAgent,
  deleteAgent,
  disableUser,
  enableUser,
  fetchAgentPage,
  resetAgentPassword,
  updateAgent,
  type AgentFilters,
} from '../shared/api';
import { AgentFormDrawer } from './AgentFormDrawer';
import { PasswordResetModal } from './PasswordResetModal';
import { hasOnlyAgentRoles, toAgentCreateBody, toAgentUpdateBody, type AgentFormValues } from './agentForm';

/** Permission ids of spec §5/§6: the page's menu item name plus the action. */
export const ACCOUNT_PERMISSIONS = {
  add: 'kefu.account.add',
  edit: 'kefu.account.edit',
  delete: 'kefu.account.delete',
  enable: 'kefu.account.enable',
  disable: 'kefu.account.disable',
} as const;

/** An enabled agent is switched off with `disable`, a disabled one on with `enable`. */
const EnabledSwitch = ({
  agent,
  isManageable,
  isPending,
  onToggle,
}: {
  agent: User;
  isManageable: boolean;
  isPending: boolean;
  onToggle: (agent: User) => Promise<void>;
}) => {
  const { t } = useTranslation(KEFU_NS);
  const canDo = useCan();
  const canToggle =
    isManageable && canDo(agent.enabled ? ACCOUNT_PERMISSIONS.disable : ACCOUNT_PERMISSIONS.enable);
  if (!canToggle) {
    return agent.enabled ? (
      <Tag color="green">{t('account.agents.enabled')}</Tag>
    ) : (
      <Tag>{t('account.agents.disabled')}</Tag>
    );
  }
  return (
    <Popconfirm
      title={t(agent.enabled ? 'account.agents.disableConfirm' : 'account.agents.enableConfirm', {
        name: agent.nickname,
      })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onConfirm={() => onToggle(agent)}
    >
      <Switch
        checked={agent.enabled}
        loading={isPending}
        aria-label={t(agent.enabled ? 'account.agents.enabled' : 'account.agents.disabled')}
      />
    </Popconfirm>
  );
};

/** Agents tab of `/stable/kefu/account`: `GET /api/user/query` with create, edit, password reset, enable/disable and delete. */
export const AgentTable = () => {
  const { t } = useTranslation(KEFU_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [editing, setEditing] = useState<User | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [pendingUid, setPendingUid] = useState<string | null>(null);
  const request = usePageRequest<User, AgentFilters>(fetchAgentPage, { onError: reportUnlessHandled });
  const profile = useProfile();
  const isSelf = (agent: User) => agent.uid === profile?.uid;
  /**
   * The server's rule (account.rules assertManageable): an organisation admin changes agents, not
   * administrator accounts, which only platform staff change. Your own row is edited here too, but
   * you neither disable, delete nor reset the password of yourself (account settings does that).
   */
  const canManage = (agent: User) => hasOnlyAgentRoles(agent) || profile?.isPlatformStaff === true;
  const canManageOther = (agent: User) => !isSelf(agent) && canManage(agent);

  const openForm = (agent: User | null) => {
    setEditing(agent);
    setFormOpen(true);
  };

  const submit = async (values: AgentFormValues) => {
    if (editing) await updateAgent(toAgentUpdateBody(editing.uid, values, hasOnlyAgentRoles(editing)));
    else await createAgent(toAgentCreateBody(values));
    void message.success(t(editing ? 'account.agents.updated' : 'account.agents.created'));
    await actionRef.current?.reload();
  };

  const toggle = async (agent: User) => {
    setPendingUid(agent.uid);
    try {
      if (agent.enabled) await disableUser(agent.uid);
      else await enableUser(agent.uid);
      void message.success(
        t(agent.enabled ? 'account.agents.disabledNow' : 'account.agents.enabledNow', {
          name: agent.nickname,
        }),
      );
      await actionRef.current?.reload();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setPendingUid(null);
    }
  };

  const remove = async (agent: User) => {
    try {
      await deleteAgent(agent.uid);
      void message.success(t('account.agents.deleted'));
      await actionRef.current?.reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const resetPassword = async (agent: User, password: string) => {
    await resetAgentPassword(agent.uid, password);
    void message.success(t('account.password.done', { name: agent.nickname }));
  };

  const columns: ProColumns<User>[] = [
    {
      title: t('account.agents.columns.nickname'),
      dataIndex: 'nickname',
      hideInTable: true,
    },
    {
      title: t('account.agents.columns.agent'),
      key: 'agent',
      search: false,
      width: 200,
      fixed: 'left',
      render: (_, agent) => (
        <PersonCell
          avatar={agent.avatar}
          name={agent.nickname}
          detail={isSelf(agent) ? t('account.agents.you') : undefined}
        />
      ),
    },
    { title: t('account.agents.columns.username'), dataIndex: 'username', width: 140, ellipsis: true },
    {
      title: t('account.agents.columns.realName'),
      dataIndex: 'realName',
      width: 120,
      render: (_, agent) => agent.realName || t('common.none'),
    },
    {
      title: t('account.agents.columns.contact'),
      key: 'contact',
      search: false,
      width: 200,
      render: (_, agent) =>
        agent.email || agent.mobile ? (
          <Space orientation="vertical" size={0}>
            {agent.email ? <span>{agent.email}</span> : null}
            {agent.mobile ? <span>{agent.mobile}</span> : null}
          </Space>
        ) : (
          t('common.none')
        ),
    },
    { title: t('account.agents.columns.email'), dataIndex: 'email', hideInTable: true },
    { title: t('account.agents.columns.mobile'), dataIndex: 'mobile', hideInTable: true },
    {
      title: t('account.agents.columns.roles'),
      key: 'roles',
      search: false,
      width: 180,
      render: (_, agent) => <RoleTags roles={agent.roles} />,
    },
    {
      title: t('account.agents.columns.workGroups'),
      key: 'workGroups',
      search: false,
      width: 180,
      render: (_, agent) => <WorkgroupTags workGroups={agent.workGroups} />,
    },
    {
      title: t('account.agents.columns.maxThreadCount'),
      dataIndex: 'maxThreadCount',
      search: false,
      width: 100,
      align: 'right',
    },
    {
      title: t('account.agents.columns.status'),
      key: 'status',
      search: false,
      width: 100,
      render: (_, agent) => <UserStatusTag status={agent.status} />,
    },
    {
      title: t('account.agents.columns.enabled'),
      key: 'enabled',
      search: false,
      width: 90,
      render: (_, agent) => (
        <EnabledSwitch
          agent={agent}
          isManageable={canManageOther(agent)}
          isPending={pendingUid === agent.uid}
          onToggle={toggle}
        />
      ),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, agent) => [
        isSelf(agent) || canManage(agent) ? (
          <Can key="edit" permission={ACCOUNT_PERMISSIONS.edit}>
            <a onClick={() => openForm(agent)}>{t('common.edit')}</a>
          </Can>
        ) : null,
        canManageOther(agent) ? (
          <Can key="password" permission={ACCOUNT_PERMISSIONS.edit}>
            <a onClick={() => setPasswordFor(agent)}>{t('account.agents.resetPassword')}</a>
          </Can>
        ) : null,
        canManageOther(agent) ? (
          <Can key="delete" permission={ACCOUNT_PERMISSIONS.delete}>
            <Popconfirm
              title={t('account.agents.deleteConfirm', { name: agent.nickname })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={() => remove(agent)}
            >
              <a className="ok-danger-link">{t('common.delete')}</a>
            </Popconfirm>
          </Can>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <ProTable<User, AgentFilters>
        rowKey="uid"
        headerTitle={t('account.agents.title')}
        actionRef={actionRef}
        // An agent without edit or delete rights gets no empty Actions column.
        columns={
          canDo(ACCOUNT_PERMISSIONS.edit) || canDo(ACCOUNT_PERMISSIONS.delete)
            ? columns
            : columns.filter((column) => column.key !== 'actions')
        }
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('account.agents.empty') }}
        toolBarRender={() => [
          <Can key="create" permission={ACCOUNT_PERMISSIONS.add}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              {t('account.agents.create')}
            </Button>
          </Can>,
        ]}
      />
      <AgentFormDrawer open={isFormOpen} editing={editing} onOpenChange={setFormOpen} onSubmit={submit} />
      <PasswordResetModal agent={passwordFor} onClose={() => setPasswordFor(null)} onSubmit={resetPassword} />
    </>
  );
};
