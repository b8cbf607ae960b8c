import { Card, Grid, Menu, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NS } from '../i18n';
import { AccountCenter } from '../center/AccountCenter';
import { BaseView } from './BaseView';
import { BindingView } from './BindingView';
import { CustomView } from './CustomView';
import { NotificationView } from './NotificationView';
import { SecurityView } from './SecurityView';
import { accountTabs, DEFAULT_ACCOUNT_TAB, toAccountTab, type AccountTab } from './tabs';
import '../settings.css';

/**
 * Settings → account settings (`/stable/settings/profile`, spec's AccountSettings): a menu of the
 * views — the account centre, basic settings, security, personalisation, binding, notifications —
 * chosen by `?tab=`, so each view has its own address and survives a reload.
 */
export const AccountSettingsPage = () => {
  const { t } = useTranslation(SETTINGS_NS);
  const [searchParams, setSearchParams] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const tab = toAccountTab(searchParams.get('tab'));
  const isNarrow = !screens.md;

  const navigate = (next: AccountTab) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === DEFAULT_ACCOUNT_TAB) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  const items: MenuProps['items'] = accountTabs.map((key) => ({ key, label: t(`menu.${key}`) }));

  const view = (() => {
    switch (tab) {
      case 'center':
        return <AccountCenter onNavigate={navigate} />;
      case 'base':
        return <BaseView />;
      case 'security':
        return <SecurityView onNavigate={navigate} />;
      case 'custom':
        return <CustomView />;
      case 'binding':
        return <BindingView />;
      case 'notification':
        return <NotificationView />;
    }
  })();

  return (
    <Card
      className={`ok-settings ${isNarrow ? 'ok-settings--narrow' : ''}`}
      styles={{ body: { padding: 0 } }}
    >
      <div className="ok-settings__layout">
        <nav className="ok-settings__menu" aria-label={t('menu.label')}>
          <Menu
            mode={isNarrow ? 'horizontal' : 'inline'}
            selectedKeys={[tab]}
            items={items}
            onClick={({ key }) => navigate(key as AccountTab)}
          />
        </nav>
        <section className="ok-settings__content" data-tab={tab}>
          <Typography.Title level={4} className="ok-settings__title">
            {t(`menu.${tab}`)}
          </Typography.Title>
          {view}
        </section>
      </div>
    </Card>
  );
};
