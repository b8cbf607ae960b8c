import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../app/routing/resolvePath';
import './layouts.css';

/** The agent workbench's own frame (spec §2 "agent"); its pages come with live chat. */
export const AgentLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('app');
  return (
    <Layout className="ok-agent">
      <header className="ok-agent__header">
        <span className="ok-agent__brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
          {t('agent.title')}
        </span>
        <Link to={HOME_PATH}>{t('agent.backToConsole')}</Link>
      </header>
      <Layout.Content className="ok-agent__content">{children}</Layout.Content>
    </Layout>
  );
};
