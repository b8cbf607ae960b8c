import type { WidgetSettings } from '@openkefu/contract';
import type { ComponentChildren } from 'preact';
import type { Translate } from '../i18n.js';
import { ChatIcon } from '../icons.js';

/** The bar every screen shares: the group's avatar and nickname, and an action. */
export const Header = ({
  t,
  settings,
  children,
}: {
  t: Translate;
  settings: WidgetSettings | null;
  /** Actions at the end of the bar (End chat). */
  children?: ComponentChildren;
}) => (
  <header class="okw-header">
    {settings?.avatar ? (
      <img class="okw-avatar" src={settings.avatar} alt="" />
    ) : (
      <span class="okw-avatar okw-avatar--blank">
        <ChatIcon />
      </span>
    )}
    <h1 class="okw-title" data-testid="chat-title">
      {settings?.nickname || t('title')}
    </h1>
    {children}
  </header>
);

/** The group's top tip (showTopTip), above every screen's content. */
export const TopTip = ({ settings }: { settings: WidgetSettings | null }) =>
  settings?.showTopTip && settings.topTip ? (
    <div class="okw-toptip" data-testid="chat-toptip">
      {settings.topTip}
    </div>
  ) : null;
