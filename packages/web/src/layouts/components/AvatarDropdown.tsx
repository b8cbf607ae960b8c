import type { ReactNode } from 'react';
import { App, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import {
  CustomerServiceOutlined,
  LogoutOutlined,
  SettingOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { logoutAndReload } from '../../shared/auth/session';
import { useProfile } from '../../shared/auth/profileStore';

export const ACCOUNT_SETTINGS_PATH = '/stable/settings/profile';
export const RECHARGE_PATH = '/stable/settings/recharge';
/** The agent workbench opens in its own window (spec §1); its page comes with live chat. */
export const AGENT_WORKBENCH_URL = `${import.meta.env.BASE_URL}agent`;

/** The avatar menu: the nickname, account settings and logout (confirm, then logout and reload — spec §4). */
export type AvatarDropdownProps = {
  children: ReactNode;
  /** Phones: the header's other links move into this menu. */
  isCompact?: boolean;
  isPrivateServer?: boolean;
};

export const AvatarDropdown = ({
  children,
  isCompact = false,
  isPrivateServer = false,
}: AvatarDropdownProps) => {
  const { t } = useTranslation('app');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const profile = useProfile();

  const confirmLogout = () => {
    modal.confirm({
      title: t('frame.logoutTitle'),
      content: t('frame.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => logoutAndReload(),
    });
  };

  const items: MenuProps['items'] = [
    {
      key: 'nickname',
      icon: <UserOutlined />,
      label: profile?.nickname || profile?.username || '',
      disabled: true,
    },
    { type: 'divider' },
    ...(isCompact
      ? [
          { key: 'agent', icon: <CustomerServiceOutlined />, label: t('frame.agent') },
          ...(isPrivateServer
            ? []
            : [{ key: 'recharge', icon: <WalletOutlined />, label: t('frame.recharge') }]),
        ]
      : []),
    { key: 'settings', icon: <SettingOutlined />, label: t('frame.accountSettings') },
    { key: 'logout', icon: <LogoutOutlined />, label: t('frame.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'agent') window.open(AGENT_WORKBENCH_URL, 'openkefu-agent-workbench');
    if (key === 'recharge') navigate(RECHARGE_PATH);
    if (key === 'settings') navigate(ACCOUNT_SETTINGS_PATH);
    if (key === 'logout') confirmLogout();
  };
  return (
    <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['click', 'hover']}>
      <span className="ok-avatar-trigger" role="button" tabIndex={0}>
        {children}
      </span>
    </Dropdown>
  );
};
