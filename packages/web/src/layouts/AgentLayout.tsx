import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../shared/routing/resolvePath';
import { LanguageSwitch } from './components/LanguageSwitch';
import './layouts.css';

export type AgentLayoutProps = {
  children: ReactNode;
  /** Right side of the header before the language switch (the workbench's connection state). */
  extra?: ReactNode;
};

/**
 * The agent workbench's own frame (spec §2 "agent"): a slim header and the full height below it
 * for the workbench's columns. Kept free of chat code: the console's chunk imports it too. The
 * product name in the header is the page's level-one heading.
 */
export const AgentLayout = ({ children, extra }: AgentLayoutProps) => {
  const { t } = useTranslation('app');
  return (
    <Layout className="ok-agent">
      <header className="ok-agent__header">
        <h1 className="ok-agent__brand">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
          {t('agent.title')}
        </h1>
        <span className="ok-agent__extra">
          {extra}
          <LanguageSwitch className="ok-agent__lang" />
          <Link to={HOME_PATH}>{t('agent.backToConsole')}</Link>
        </span>
      </header>
      {/* The page inside holds the one <main> (the workbench has its lists and profile beside it). */}
      <div className="ok-agent__content">{children}</div>
    </Layout>
  );
};
