import { Dropdown, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import {
  CodeOutlined,
  CustomerServiceOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  SkinOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@openkefu/contract';
import { NoticeBell } from '../../features/notice/NoticeBell';
import { TicketNoticeBell } from '../../features/ticket/notice/TicketNoticeBell';
import { useConsoleEvent } from '../../shared/realtime/ConsoleFeed';
import { LanguageSwitch } from './LanguageSwitch';
import { ACCOUNT_SETTINGS_PATH, AGENT_WORKBENCH_URL, RECHARGE_PATH } from './AvatarDropdown';

export type HeaderActionsProps = {
  config: PublicConfig | null;
  onOpenSettings: () => void;
  /** Opens the embeddable-code drawer (spec §2). */
  onOpenCode?: () => void;
  /** Phones: only the language and display settings; the rest is in the avatar menu. */
  isCompact?: boolean;
};

export const openAgentWorkbench = () => {
  window.open(AGENT_WORKBENCH_URL, 'openkefu-agent-workbench');
};

const openExternal = (url: string) => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

/**
 * Header links of spec §1: agent workbench, recharge, account settings, support / help /
 * agreement, language, display settings. Private-server mode hides the provider links and recharge.
 */
export const useHeaderActions = ({
  config,
  onOpenSettings,
  onOpenCode,
  isCompact = false,
}: HeaderActionsProps) => {
  const { t } = useTranslation('app');
  // The console feed's pushes while it is connected; the bells poll otherwise.
  const ticketNotices = useConsoleEvent('ticket:notice');
  const platformNotices = useConsoleEvent('notice:new');
  const navigate = useNavigate();
  const isPrivate = config?.privateServer ?? false;
  const links = config?.links;

  const helpItems: MenuProps['items'] = isPrivate
    ? []
    : [
        links?.support ? { key: 'support', label: t('frame.support') } : null,
        links?.help ? { key: 'help', label: t('frame.help') } : null,
        links?.agreement ? { key: 'agreement', label: t('frame.agreement') } : null,
      ].filter((item) => item !== null);
  const onHelpClick: MenuProps['onClick'] = ({ key }) => {
    const url = links?.[key as 'support' | 'help' | 'agreement'];
    if (url) openExternal(url);
  };

  const action = (key: string, title: string, icon: React.ReactNode, onClick: () => void) => (
    <Tooltip key={key} title={title}>
      <span
        className="ok-header-action"
        role="button"
        tabIndex={0}
        aria-label={title}
        onClick={onClick}
        onKeyDown={(e) => e.key === 'Enter' && onClick()}
      >
        {icon}
      </span>
    </Tooltip>
  );

  // Ticket notices (users with the workorder authority; the bell hides itself otherwise).
  const bell = <TicketNoticeBell key="notices" subscribe={ticketNotices} className="ok-header-action" />;
  // Platform notices: every signed-in console user (hidden while signed out).
  const platformBell = (
    <NoticeBell key="platform-notices" subscribe={platformNotices} className="ok-header-action" />
  );

  if (isCompact) {
    return [
      platformBell,
      bell,
      <LanguageSwitch key="language" className="ok-header-action" />,
      action('display', t('frame.settings'), <SkinOutlined />, onOpenSettings),
    ];
  }
  return [
    onOpenCode ? action('code', t('frame.embedCode'), <CodeOutlined />, onOpenCode) : null,
    action('agent', t('frame.agent'), <CustomerServiceOutlined />, openAgentWorkbench),
    isPrivate
      ? null
      : action('recharge', t('frame.recharge'), <WalletOutlined />, () => navigate(RECHARGE_PATH)),
    action('account', t('frame.accountSettings'), <SettingOutlined />, () => navigate(ACCOUNT_SETTINGS_PATH)),
    helpItems.length > 0 ? (
      <Dropdown key="help" menu={{ items: helpItems, onClick: onHelpClick }} placement="bottomRight">
        <span className="ok-header-action" role="button" tabIndex={0} aria-label={t('frame.helpMenu')}>
          <QuestionCircleOutlined />
        </span>
      </Dropdown>
    ) : null,
    platformBell,
    bell,
    <LanguageSwitch key="language" className="ok-header-action" />,
    action('display', t('frame.settings'), <SkinOutlined />, onOpenSettings),
  ].filter(Boolean);
};
