import { useEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Dropdown, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { DownOutlined, PlusOutlined, UserOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleValue, User } from '@openkefu/contract';
import { useLanguage } from '../../../shared/i18n';
import { Can, useCan } from '../../../shared/components/Authorized';
import { useRoleText } from '../../../shared/roles/roleText';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { ROLES_QUERY_KEY, fetchRoles } from '../shared/api';
import { formatDateTime, formatMoney, validityOf } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchUserPage, setUserEnabled, type UserFilters } from './api';
import { BalanceHistoryDrawer } from './BalanceHistoryDrawer';
import { CreateAdminModal } from './CreateAdminModal';
import {
  BalanceModal,
  NoteModal,
  PasswordModal,
  RenewModal,
  RolesModal,
  ValidityModal,
  type UserDialogKind,
} from './UserModals';

const ROLE_COLORS: Partial<Record<RoleValue, string>> = {
  ROLE_SUPER: 'red',
  ROLE_ADMIN: 'blue',
  ROLE_VIP: 'gold',
  ROLE_TRY: 'cyan',
  ROLE_PROXY: 'purple',
  ROLE_FREE: 'geekblue',
};

const displayName = (user: User) => user.nickname || user.username;

const ValidUntil = ({ value }: { value: string | null }) => {
  const { t } = useTranslation(PLATFORM_NS);
  const validity = validityOf(value);
  switch (validity.state) {
    case 'unlimited':
      return <Typography.Text type="secondary">{t('common.noExpiry')}</Typography.Text>;
    case 'valid':
      return <span>{validity.date}</span>;
    case 'expired':
      return (
        <Space orientation="vertical" size={0}>
          <Tag color="red">{validity.date}</Tag>
          <Typography.Text type="danger">{t('userPage.validity.expired')}</Typography.Text>
        </Space>
      );
    case 'expiring': {
      const note =
        validity.days === 0
          ? t('userPage.validity.expiresToday')
          : validity.days === 1
            ? t('userPage.validity.expiresTomorrow')
            : t('userPage.validity.expiresSoon', { days: validity.days });
      return (
        <Space orientation="vertical" size={0}>
          <Tag color="orange">{validity.date}</Tag>
          <Typography.Text type="warning">{note}</Typography.Text>
        </Space>
      );
    }
  }
};

/** Enabled switch; changing it asks first (a disabled account is signed out). */
const EnabledSwitch = ({ user, onChanged }: { user: User; onChanged: () => Promise<void> }) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const [isPending, setPending] = useState(false);
  const next = !user.enabled;
  const isAllowed = canDo(next ? 'platform.user.enable' : 'platform.user.disable');
  const name = displayName(user);
  const confirm = async () => {
    setPending(true);
    try {
      await setUserEnabled(user.uid, next);
      void message.success(t(next ? 'userPage.enable.enabled' : 'userPage.enable.disabled', { name }));
      await onChanged();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Popconfirm
      title={t(next ? 'userPage.enable.confirmEnable' : 'userPage.enable.confirmDisable', { name })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      disabled={!isAllowed}
      onConfirm={confirm}
    >
      <Switch
        checked={user.enabled}
        loading={isPending}
        disabled={!isAllowed}
        aria-label={t('userPage.columns.enabled')}
      />
    </Popconfirm>
  );
};

type Dialog = { kind: UserDialogKind | 'history'; user: User } | { kind: 'create' } | null;

/**
 * Platform → users (`/stable/platform/user`): every organisation's accounts for platform staff,
 * with renewal, balance, validity, notes, roles, password resets, the balance history and new
 * admin accounts.
 */
export const UserPage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const language = useLanguage();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isOwnersOnly, setOwnersOnly] = useState(false);
  const roles = useQuery({ queryKey: ROLES_QUERY_KEY, queryFn: fetchRoles });
  const roleText = useRoleText();
  const request = usePageRequest<User, UserFilters>(
    (query) => fetchUserPage({ ...query, ownersOnly: isOwnersOnly }),
    { onError: reportUnlessHandled },
  );

  // The request reads the switch when it runs; a change starts again from the first page.
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    void actionRef.current?.reloadAndRest?.();
  }, [isOwnersOnly]);

  const reload = async () => {
    await actionRef.current?.reload();
  };
  const close = () => setDialog(null);
  const open = (kind: UserDialogKind | 'history', user: User) => setDialog({ kind, user });

  const columns: ProColumns<User>[] = [
    { title: t('userPage.filters.username'), dataIndex: 'username', hideInTable: true },
    { title: t('userPage.filters.nickname'), dataIndex: 'nickname', hideInTable: true },
    { title: t('userPage.filters.email'), dataIndex: 'email', hideInTable: true },
    { title: t('userPage.filters.mobile'), dataIndex: 'mobile', hideInTable: true },
    {
      title: t('userPage.columns.account'),
      key: 'account',
      search: false,
      fixed: 'left',
      width: 220,
      render: (_, user) => (
        <Space>
          <Avatar src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
          <Space orientation="vertical" size={0}>
            <Typography.Text strong>{user.nickname || user.username}</Typography.Text>
            <Typography.Text type="secondary">{user.username}</Typography.Text>
          </Space>
        </Space>
      ),
    },
    {
      title: t('userPage.columns.organization'),
      key: 'organization',
      search: false,
      width: 170,
      render: (_, user) => (
        <Space orientation="vertical" size={0}>
          <span>{user.organization.name}</span>
          <Typography.Text type="secondary">{user.organization.subDomain}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('userPage.columns.roles'),
      key: 'roles',
      search: false,
      width: 200,
      render: (_, user) => (
        <Space size={[0, 4]} wrap>
          {user.roles.map((role) => (
            <Tag key={role.value} color={ROLE_COLORS[role.value]} title={role.value}>
              {roleText.name(role)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('userPage.columns.balance'),
      dataIndex: 'balance',
      search: false,
      align: 'right',
      width: 120,
      render: (_, user) => formatMoney(user.balance, language),
    },
    {
      title: t('userPage.columns.validUntil'),
      dataIndex: 'validateUntilDate',
      search: false,
      width: 130,
      render: (_, user) => <ValidUntil value={user.validateUntilDate} />,
    },
    {
      title: t('userPage.columns.enabled'),
      dataIndex: 'enabled',
      search: false,
      width: 80,
      render: (_, user) => <EnabledSwitch user={user} onChanged={reload} />,
    },
    {
      title: t('userPage.columns.lastLogin'),
      dataIndex: 'lastLoginAt',
      search: false,
      width: 140,
      render: (_, user) => formatDateTime(user.lastLoginAt) ?? t('common.never'),
    },
    {
      title: t('userPage.columns.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 140,
      render: (_, user) => formatDateTime(user.createdAt),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_, user) => [
        <Can key="renew" permission="platform.user.edit">
          <a onClick={() => open('renew', user)}>{t('userPage.rowActions.renew')}</a>
        </Can>,
        <Can key="roles" permission="platform.user.edit">
          <a onClick={() => open('roles', user)}>{t('userPage.rowActions.roles')}</a>
        </Can>,
        <a key="history" onClick={() => open('history', user)}>
          {t('userPage.rowActions.history')}
        </a>,
        <Can key="more" permission="platform.user.edit">
          <Dropdown
            trigger={['click']}
            menu={{
              items: (['balance', 'validity', 'note', 'password'] as const).map((kind) => ({
                key: kind,
                label: t(`userPage.rowActions.${kind}`),
                onClick: () => open(kind, user),
              })),
            }}
          >
            <a>
              {t('common.more')} <DownOutlined />
            </a>
          </Dropdown>
        </Can>,
      ],
    },
  ];

  const modalProps = (user: User) => ({ user, onClose: close, onDone: () => void reload() });

  return (
    <>
      <ProTable<User, UserFilters>
        rowKey="uid"
        headerTitle={t('userPage.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('userPage.empty') }}
        toolBarRender={() => [
          <Space key="owners">
            <Switch
              checked={isOwnersOnly}
              onChange={setOwnersOnly}
              aria-label={t('userPage.ownersOnly')}
              id="platform-user-owners-only"
            />
            <label htmlFor="platform-user-owners-only">{t('userPage.ownersOnly')}</label>
          </Space>,
          <Can key="create" permission="platform.user.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
              {t('userPage.create')}
            </Button>
          </Can>,
        ]}
      />
      {dialog?.kind === 'create' && <CreateAdminModal onClose={close} onDone={() => void reload()} />}
      {dialog?.kind === 'renew' && <RenewModal key={dialog.user.uid} {...modalProps(dialog.user)} />}
      {dialog?.kind === 'balance' && <BalanceModal key={dialog.user.uid} {...modalProps(dialog.user)} />}
      {dialog?.kind === 'validity' && <ValidityModal key={dialog.user.uid} {...modalProps(dialog.user)} />}
      {dialog?.kind === 'note' && <NoteModal key={dialog.user.uid} {...modalProps(dialog.user)} />}
      {dialog?.kind === 'password' && <PasswordModal key={dialog.user.uid} {...modalProps(dialog.user)} />}
      {dialog?.kind === 'roles' && (
        <RolesModal
          key={dialog.user.uid}
          {...modalProps(dialog.user)}
          roles={roles.data}
          isLoadingRoles={roles.isLoading}
        />
      )}
      {dialog?.kind === 'history' && (
        <BalanceHistoryDrawer key={dialog.user.uid} user={dialog.user} onClose={close} />
      )}
    </>
  );
};
