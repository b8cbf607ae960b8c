import { Alert, Space, Tag, Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthorityDetail } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useLanguage } from '../../../shared/i18n';
import { useRoleText } from '../../../shared/roles/roleText';
import { titleOf } from '../../../shared/routing/buildRoutes';
import { AUTHORITIES_QUERY_KEY, fetchAuthorities } from '../shared/api';
import { PLATFORM_NS } from '../shared/i18n';

/**
 * Platform → authorities (`/stable/platform/authority`): read-only map of authority keys to the
 * menu sections they open and the roles that hold them. Roles are edited on the roles page.
 */
export const AuthorityPage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const language = useLanguage();
  const roleText = useRoleText();
  const authorities = useQuery({ queryKey: AUTHORITIES_QUERY_KEY, queryFn: fetchAuthorities });

  const columns: ProColumns<AuthorityDetail>[] = [
    {
      title: t('authorityPage.columns.key'),
      dataIndex: 'key',
      width: 130,
      render: (_, authority) => <Typography.Text code>{authority.key}</Typography.Text>,
    },
    {
      title: t('authorityPage.columns.label'),
      key: 'label',
      width: 180,
      render: (_, authority) => t(`authorities.${authority.key}`),
    },
    {
      title: t('authorityPage.columns.menus'),
      key: 'menus',
      render: (_, authority) =>
        authority.menus.length === 0 ? (
          <Typography.Text type="secondary">{t('authorityPage.noMenus')}</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {authority.menus.map((menu) => (
              <Tag key={menu.name} color="blue" title={menu.name}>
                {titleOf(menu, language)}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('authorityPage.columns.roles'),
      key: 'roles',
      render: (_, authority) =>
        authority.roles.length === 0 ? (
          <Typography.Text type="secondary">{t('authorityPage.noRoles')}</Typography.Text>
        ) : (
          <Space size={[0, 4]} wrap>
            {authority.roles.map((role) => (
              <Tag key={role} color={role === 'ROLE_SUPER' ? 'red' : undefined} title={role}>
                {roleText.name({ value: role })}
              </Tag>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <ProTable<AuthorityDetail>
      rowKey="key"
      headerTitle={t('authorityPage.title')}
      tableExtraRender={() => <Alert type="info" showIcon title={t('authorityPage.explanation')} />}
      columns={columns}
      dataSource={authorities.data ?? []}
      loading={authorities.isFetching}
      search={false}
      pagination={false}
      options={{ reload: () => void authorities.refetch(), density: false, setting: false }}
      scroll={{ x: 900 }}
      locale={{
        emptyText: authorities.isError ? (
          <Typography.Text type="danger">
            {t('common.loadFailed', { message: parseError(authorities.error).message })}
          </Typography.Text>
        ) : (
          t('authorityPage.empty')
        ),
      }}
    />
  );
};
