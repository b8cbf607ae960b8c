import { useMemo } from 'react';
import { Card, Empty, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Language, MenuNode, Permission, Role } from '@openkefu/contract';
import { useProfile } from '../../../shared/auth/profileStore';
import { useLanguage } from '../../../shared/i18n';
import { useRoleText } from '../../../shared/roles/roleText';
import { useSession } from '../../../shared/routing/session';
import { titleOf } from '../../../shared/routing/buildRoutes';
import { SETTINGS_NS } from '../i18n';
import '../settings.css';

/** Menu name (= permissionId) → its label, from the menu tree the session loaded. */
export const buildMenuTitles = (menu: MenuNode[], language: Language): Map<string, string> => {
  const titles = new Map<string, string>();
  const visit = (nodes: MenuNode[]) => {
    for (const node of nodes) {
      titles.set(node.name, titleOf(node, language));
      visit(node.children ?? []);
    }
  };
  visit(menu);
  return titles;
};

const RoleCard = ({ role, titles }: { role: Role; titles: Map<string, string> }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const roleText = useRoleText();
  const description = roleText.description(role);
  const columns: TableColumnsType<Permission> = [
    {
      title: t('role.columns.page'),
      dataIndex: 'permissionId',
      key: 'page',
      width: 200,
      // Pages outside this user's menu have no title here: the id is what is known.
      render: (permissionId: string) => titles.get(permissionId) ?? permissionId,
    },
    {
      title: t('role.columns.permissionId'),
      dataIndex: 'permissionId',
      key: 'permissionId',
      width: 200,
      render: (permissionId: string) => <Typography.Text code>{permissionId}</Typography.Text>,
    },
    {
      title: t('role.columns.actions'),
      dataIndex: 'actionList',
      key: 'actions',
      render: (actions: Permission['actionList']) =>
        actions.length === 0 ? (
          <Typography.Text type="secondary">{t('role.noActions')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {actions.map((action) => (
              <Tag key={action} color={action === 'delete' ? 'red' : 'blue'}>
                {t(`actions.${action}`)}
              </Tag>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <Card
      className="ok-settings__role"
      data-role={role.value}
      title={
        <Space>
          {roleText.name(role)}
          <Tag>{role.value}</Tag>
        </Space>
      }
    >
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      <Typography.Title level={5}>{t('role.authorities')}</Typography.Title>
      <Typography.Paragraph>
        {role.authorities.length === 0 ? (
          <Typography.Text type="secondary">{t('role.noAuthorities')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {role.authorities.map((authority) => (
              <Tag key={authority} title={authority}>
                {t(`authorities.${authority}`)}
              </Tag>
            ))}
          </Space>
        )}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('role.permissions')}</Typography.Title>
      <Table<Permission>
        size="small"
        rowKey="permissionId"
        columns={columns}
        dataSource={role.permissions}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('role.noPermissions') }}
      />
    </Card>
  );
};

/**
 * Settings → roles (`/stable/settings/role`, spec's AccountRole; a debug-only menu item): the
 * signed-in user's roles, their authorities and, per page, the actions they allow.
 */
export const AccountRolePage = () => {
  const { t } = useTranslation(SETTINGS_NS);
  const profile = useProfile();
  const session = useSession();
  const language = useLanguage();
  const titles = useMemo(() => buildMenuTitles(session?.menu ?? [], language), [session, language]);

  if (!profile) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <div className="ok-settings-roles">
      <Typography.Title level={4}>{t('role.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('role.intro')}</Typography.Paragraph>
      {profile.roles.length === 0 ? (
        <Card>
          <Empty description={t('role.empty')} />
        </Card>
      ) : (
        profile.roles.map((role) => <RoleCard key={role.rid} role={role} titles={titles} />)
      )}
    </div>
  );
};
