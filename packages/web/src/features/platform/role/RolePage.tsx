import { useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleDetail } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { Can } from '../../../shared/components/Authorized';
import { useRoleText } from '../../../shared/roles/roleText';
import { AUTHORITIES_QUERY_KEY, ROLES_QUERY_KEY, fetchRoles } from '../shared/api';
import { PLATFORM_NS } from '../shared/i18n';
import { RoleEditDrawer } from './RoleEditDrawer';

/**
 * Platform → roles (`/stable/platform/role`): what each role grants — authorities (sections) and
 * permissions (buttons) — and how many accounts hold it.
 */
export const RolePage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ROLES_QUERY_KEY, queryFn: fetchRoles });
  const [editing, setEditing] = useState<RoleDetail | null>(null);
  const roleText = useRoleText();

  const columns: ProColumns<RoleDetail>[] = [
    {
      title: t('rolePage.columns.value'),
      dataIndex: 'value',
      width: 210,
      render: (_, role) => <Tag color={role.value === 'ROLE_SUPER' ? 'red' : 'blue'}>{role.value}</Tag>,
    },
    // Shown by role key in the reader's language; the edit drawer shows the stored text.
    { title: t('rolePage.columns.name'), key: 'name', width: 180, render: (_, role) => roleText.name(role) },
    {
      title: t('rolePage.columns.description'),
      key: 'description',
      ellipsis: true,
      width: 260,
      render: (_, role) => roleText.description(role),
    },
    { title: t('rolePage.columns.userCount'), dataIndex: 'userCount', align: 'right', width: 90 },
    {
      title: t('rolePage.columns.authorities'),
      key: 'authorities',
      render: (_, role) => (
        <Space size={[0, 4]} wrap>
          {role.authorities.map((key) => (
            <Tag key={key} title={key} color={key === 'internal' ? 'red' : undefined}>
              {t(`authorities.${key}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_, role) => [
        <Can key="edit" permission="platform.role.edit">
          <a onClick={() => setEditing(role)}>{t('rolePage.edit')}</a>
        </Can>,
      ],
    },
  ];

  return (
    <>
      <ProTable<RoleDetail>
        rowKey="rid"
        headerTitle={t('rolePage.title')}
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        search={false}
        pagination={false}
        options={{ reload: () => void roles.refetch(), density: false, setting: false }}
        scroll={{ x: 1200 }}
        locale={{
          emptyText: roles.isError ? (
            <Typography.Text type="danger">
              {t('common.loadFailed', { message: parseError(roles.error).message })}
            </Typography.Text>
          ) : (
            t('rolePage.empty')
          ),
        }}
      />
      {editing && (
        <RoleEditDrawer
          key={editing.rid}
          role={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void queryClient.invalidateQueries({ queryKey: ROLES_QUERY_KEY });
            void queryClient.invalidateQueries({ queryKey: AUTHORITIES_QUERY_KEY });
          }}
        />
      )}
    </>
  );
};
