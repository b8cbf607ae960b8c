import type { ReactNode } from 'react';
import { Avatar, Space, Tag, Typography } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AgentRoleValue, RobotType, RoleBrief, UserStatus, WorkgroupBrief } from '@openkefu/contract';
import { useRoleText } from '../../../shared/roles/roleText';
import { fetchAllWorkgroups } from './api';
import { KEFU_NS } from './i18n';

/* Small pieces the customer-service pages share: who a row is, its roles, groups and status. */

/** Roles an admin may give an agent (contract `agentRoleValues`; listed here to keep zod off the page). */
export const AGENT_ROLE_VALUES = [
  'ROLE_WORKGROUP_AGENT',
  'ROLE_WORKGROUP_ADMIN',
  'ROLE_WORKGROUP_CHECKER',
] as const satisfies readonly AgentRoleValue[];

/** Spec §3 robot types (contract `robotTypeSchema`). */
export const ROBOT_TYPES = [
  'before',
  'saling',
  'after',
  'zhipuai_platform',
  'zhipuai_private',
] as const satisfies readonly RobotType[];

/** Keep in sync with the contract's `onlineUserStatuses`: statuses in which an agent is signed in. */
const ONLINE_STATUSES: readonly UserStatus[] = [
  'online',
  'busy',
  'away',
  'rest',
  'eat',
  'leave',
  'after',
  'sign_in',
  'login',
  'connected',
];
export const isOnline = (status: UserStatus): boolean => ONLINE_STATUSES.includes(status);

const STATUS_COLORS: Record<UserStatus, string> = {
  online: 'green',
  login: 'green',
  sign_in: 'green',
  connected: 'green',
  busy: 'red',
  away: 'orange',
  leave: 'orange',
  after: 'gold',
  eat: 'gold',
  rest: 'gold',
  offline: 'default',
  logout: 'default',
  sign_out: 'default',
  disconnected: 'default',
};

export const UserStatusTag = ({ status }: { status: UserStatus }) => {
  const { t } = useTranslation(KEFU_NS);
  return <Tag color={STATUS_COLORS[status]}>{t(`userStatus.${status}`)}</Tag>;
};

/** A role's name in the current language (the shared translation by role key). */
export const useRoleLabel = (): ((role: Pick<RoleBrief, 'value' | 'name'>) => string) => useRoleText().name;

export const RoleTags = ({ roles }: { roles: RoleBrief[] }) => {
  const roleLabel = useRoleLabel();
  const { t } = useTranslation(KEFU_NS);
  if (roles.length === 0) return <>{t('common.none')}</>;
  return (
    <Space size={[0, 4]} wrap>
      {roles.map((role) => (
        <Tag key={role.rid} color={role.value === 'ROLE_WORKGROUP_ADMIN' ? 'blue' : undefined}>
          {roleLabel(role)}
        </Tag>
      ))}
    </Space>
  );
};

export const WorkgroupTags = ({ workGroups }: { workGroups: WorkgroupBrief[] }) => {
  const { t } = useTranslation(KEFU_NS);
  if (workGroups.length === 0) return <>{t('common.none')}</>;
  return (
    <Space size={[0, 4]} wrap>
      {workGroups.map((group) => (
        <Tag key={group.wid} color="cyan">
          {group.nickname}
        </Tag>
      ))}
    </Space>
  );
};

export type PersonCellProps = {
  avatar: string;
  name: string;
  detail?: ReactNode;
  isRobot?: boolean;
};

/** Avatar and name, with an optional second line (username, real name). */
export const PersonCell = ({ avatar, name, detail, isRobot = false }: PersonCellProps) => (
  <Space>
    <Avatar
      src={avatar || undefined}
      icon={isRobot ? <RobotOutlined /> : <UserOutlined />}
      alt=""
      size="default"
    />
    <span>
      <Typography.Text strong>{name}</Typography.Text>
      {detail ? (
        <>
          <br />
          <Typography.Text type="secondary">{detail}</Typography.Text>
        </>
      ) : null}
    </span>
  </Space>
);

/** The organisation's skill groups; shared by pickers and filters (the group page refreshes the same key). */
export const WORKGROUPS_QUERY_KEY = ['workgroup', 'all'] as const;

export const useWorkgroupOptions = () => {
  const query = useQuery({ queryKey: WORKGROUPS_QUERY_KEY, queryFn: fetchAllWorkgroups, staleTime: 30_000 });
  const options = (query.data ?? []).map((group) => ({ value: group.wid, label: group.nickname }));
  /** Loaded, and the organisation has none (not a failed load). */
  const isEmpty = query.isSuccess && options.length === 0;
  return { options, isLoading: query.isLoading, isError: query.isError, isEmpty };
};
