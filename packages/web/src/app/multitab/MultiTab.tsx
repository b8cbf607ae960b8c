import { useEffect, useState } from 'react';
import { App, Dropdown, Tabs } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  applyTabMenuAction,
  closeTab,
  emptyTabs,
  openTab,
  type TabMenuAction,
  type TabResult,
  type TabsState,
} from './multitab';

export type MultiTabProps = {
  /** The label of a tab from its full path (the route's title in the current language). */
  titleOf: (fullPath: string) => string;
};

/**
 * Multi-tab mode (spec §2/§5): every opened page is a tab (editable-card), each with a context
 * menu: close current, close right, close left, close all. Refusals show the spec's messages.
 */
export const MultiTab = ({ titleOf }: MultiTabProps) => {
  const { t } = useTranslation('app');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const fullPath = `${location.pathname}${location.search}`;
  const [state, setState] = useState<TabsState>(() => openTab(emptyTabs, fullPath));

  useEffect(() => {
    setState((previous) => openTab(previous, fullPath));
  }, [fullPath]);

  const apply = (result: TabResult) => {
    if (result.warning) {
      void message.warning(t(result.warning));
      return;
    }
    setState(result.state);
    if (result.state.activeKey && result.state.activeKey !== fullPath) navigate(result.state.activeKey);
  };

  const menuItems: MenuProps['items'] = [
    { key: 'closeCurrent', label: t('multiTab.closeCurrent') },
    { key: 'closeRight', label: t('multiTab.closeRight') },
    { key: 'closeLeft', label: t('multiTab.closeLeft') },
    { key: 'closeAll', label: t('multiTab.closeAll') },
  ];

  return (
    <Tabs
      className="ok-multitab"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={state.activeKey ?? fullPath}
      onChange={(key) => navigate(key)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') apply(closeTab(state, key));
      }}
      items={state.keys.map((key) => ({
        key,
        label: (
          <Dropdown
            trigger={['contextMenu']}
            menu={{
              items: menuItems,
              onClick: ({ key: action, domEvent }) => {
                // The menu sits inside the tab: without this the click would also select the tab.
                domEvent.stopPropagation();
                apply(applyTabMenuAction(state, action as TabMenuAction, key));
              },
            }}
          >
            <span className="ok-multitab__label" data-tab={key}>
              {titleOf(key)}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
};
