import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KEFU_NS } from '../shared/i18n';
import { AgentTable } from './AgentTable';
import { RobotTable } from './RobotTable';

type AccountTab = 'agents' | 'robots';

/**
 * Customer service → agents (`/stable/kefu/account`): the organisation's agents and robots, one
 * tab each. The tab is kept in `?tab=` so a reload or a shared link opens the same one.
 */
export const AccountPage = () => {
  const { t } = useTranslation(KEFU_NS);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: AccountTab = searchParams.get('tab') === 'robots' ? 'robots' : 'agents';

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            if (key === 'robots') next.set('tab', 'robots');
            else next.delete('tab');
            return next;
          },
          { replace: true },
        )
      }
      items={[
        { key: 'agents', label: t('account.tabs.agents'), children: <AgentTable /> },
        { key: 'robots', label: t('account.tabs.robots'), children: <RobotTable /> },
      ]}
    />
  );
};
