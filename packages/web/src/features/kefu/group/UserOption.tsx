import { Avatar, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { UserBrief } from '@openkefu/contract';

/** The name a person is shown by: nickname, else real name, else username. */
export const displayNameOf = (user: Pick<UserBrief, 'nickname' | 'realName' | 'username'>): string =>
  user.nickname || user.realName || user.username;

export const UserAvatar = ({
  user,
  size = 'small',
}: {
  user: UserBrief;
  size?: 'small' | 'default' | number;
}) => (
  <Avatar
    size={size}
    src={user.avatar || undefined}
    icon={user.avatar ? undefined : <UserOutlined />}
    alt=""
  />
);

/** A person in a picker: avatar and name; in the open list also the username when it differs. */
export const UserOption = ({ user, withUsername = false }: { user: UserBrief; withUsername?: boolean }) => {
  const name = displayNameOf(user);
  return (
    <Space size={6}>
      <UserAvatar user={user} size={20} />
      <span>{name}</span>
      {withUsername && user.username !== name && <span style={{ opacity: 0.55 }}>{user.username}</span>}
    </Space>
  );
};

export type UserSelectOption = { value: string; label: ReactNode; search: string; user: UserBrief };

/** Select options for people, searchable (`optionFilterProp: 'search'`) by nickname, real name and username. */
export const toUserOptions = (users: readonly UserBrief[]): UserSelectOption[] =>
  users.map((user) => ({
    value: user.uid,
    label: <UserOption user={user} />,
    search: `${user.nickname} ${user.realName} ${user.username}`,
    user,
  }));

/** `optionRender` of those selects. */
export const renderUserOption = (option: { data: UserSelectOption }) => (
  <UserOption user={option.data.user} withUsername />
);
