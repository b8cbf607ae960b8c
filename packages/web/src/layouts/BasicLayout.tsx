import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ProLayout, type ProLayoutProps } from '@ant-design/pro-components';
import { Link, useLocation } from 'react-router';
import { UserOutlined } from '@ant-design/icons';
import { useProfile } from '../shared/auth/profileStore';
import { useLanguage } from '../shared/i18n';
import { findSectionOfPath, listMenuSections, titleOf, type RouteTable } from '../shared/routing/buildRoutes';
import type { AppSession } from '../shared/routing/session';
import { useSettings, settingsStore } from '../shared/settings/useSettings';
import type { DisplaySettings } from '../shared/settings/settings';
import type { DeviceMode } from '../shared/device/device';
import { useAutoHideHeader } from '../shared/device/autoHideHeader';
import { MenuIcon } from '../shared/routing/menuIcons';
import { getSectionLayout } from './sectionLayouts';
import { AvatarDropdown } from './components/AvatarDropdown';
import { useHeaderActions } from './components/HeaderActions';
import { GlobalFooter, IllegalUseBanner } from './components/GlobalFooter';
import { SettingsDrawer } from './components/SettingsDrawer';
import { MultiTab } from '../app/multitab/MultiTab';
import './layouts.css';

// Billing state and announcements (issue 20): their own chunk, loaded after the frame.
const ConsoleBanners = lazy(() =>
  import('../features/billing/banner/ConsoleBanners').then((module) => ({ default: module.ConsoleBanners })),
);

// Loaded on first open: the drawer is not part of every page's chunks.
const EmbedCodeDrawer = lazy(() =>
  import('../features/embed-code/EmbedCodeDrawer').then((module) => ({ default: module.EmbedCodeDrawer })),
);

/** Spec §9: header 64 px; the main menu 109 px wide, 80 px collapsed (the content's left padding). */
export const HEADER_HEIGHT = 64;
export const MAIN_MENU_WIDTH = 109;
export const MAIN_MENU_COLLAPSED_WIDTH = 80;
/** In the phone drawer the menu is always open (spec §4), with room for the labels beside the icons. */
const MOBILE_MENU_WIDTH = 208;

const DARK_BG = '#001529';

/** Spec §3 theme: dark or light navigation (header and main menu); the pages stay light. */
export const layoutToken = (settings: DisplaySettings): ProLayoutProps['token'] => {
  const isDark = settings.theme === 'dark';
  const darkMenu = {
    colorMenuBackground: DARK_BG,
    colorTextMenu: 'rgba(255,255,255,0.75)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuItemHover: '#fff',
    colorTextMenuActive: '#fff',
    colorTextMenuTitle: '#fff',
    colorBgMenuItemSelected: settings.primaryColor,
    colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
    colorBgMenuItemActive: 'rgba(255,255,255,0.12)',
    colorBgCollapsedButton: DARK_BG,
    colorTextCollapsedButton: 'rgba(255,255,255,0.75)',
    colorTextCollapsedButtonHover: '#fff',
    colorMenuItemDivider: 'rgba(255,255,255,0.15)',
  };
  const darkHeader = {
    colorBgHeader: DARK_BG,
    colorBgScrollHeader: DARK_BG,
    colorHeaderTitle: '#fff',
    colorTextMenu: 'rgba(255,255,255,0.75)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorBgMenuItemSelected: settings.primaryColor,
    colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
    colorTextRightActionsItem: 'rgba(255,255,255,0.85)',
    colorBgRightActionsItemHover: 'rgba(255,255,255,0.12)',
    heightLayoutHeader: HEADER_HEIGHT,
  };
  const lightHeader = {
    heightLayoutHeader: HEADER_HEIGHT,
    colorBgHeader: '#fff',
    colorBgScrollHeader: '#fff',
  };
  return {
    colorPrimary: settings.primaryColor,
    bgLayout: '#f0f2f5',
    sider: isDark
      ? darkMenu
      : {
          colorMenuBackground: '#fff',
          colorBgMenuItemSelected: `${settings.primaryColor}1a`,
          colorTextMenuSelected: settings.primaryColor,
        },
    header: isDark ? darkHeader : lightHeader,
    pageContainer: { paddingInlinePageContainerContent: 0, paddingBlockPageContainerContent: 0 },
  };
};

export type BasicLayoutProps = {
  session: AppSession;
  device: DeviceMode;
  /** The label of a full path for multi-tab mode. */
  titleOfPath: (fullPath: string) => string;
  children: ReactNode;
};

/**
 * The main frame (spec §2 "basic"): ProLayout with the thirteen sections as its menu, the header
 * links, display settings, multi-tab strip, the illegal-use banner and — in the dashboard — the footer.
 */
export const BasicLayout = ({ session, device, titleOfPath, children }: BasicLayoutProps) => {
  const language = useLanguage();
  const settings = useSettings();
  const profile = useProfile();
  const location = useLocation();
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isCodeOpen, setCodeOpen] = useState(false);
  const [hasOpenedCode, setHasOpenedCode] = useState(false);
  const [isMobileMenuCollapsed, setMobileMenuCollapsed] = useState(true);
  const isHeaderVisible = useAutoHideHeader(settings.fixedHeader && settings.autoHideHeader);
  const { table, config } = session;
  const isPrivate = config?.privateServer ?? false;
  const isMobile = device === 'mobile';
  const isTopMenu = settings.layout === 'topmenu';

  const section = findSectionOfPath(table, location.pathname);
  const hasFooter = !isPrivate && section !== undefined && getSectionLayout(section.layout).hasFooter;

  const route = useMemo(() => buildFrameRoute(table, language), [table, language]);
  const actions = useHeaderActions({
    config,
    onOpenSettings: () => setSettingsOpen(true),
    onOpenCode: () => {
      setHasOpenedCode(true);
      setCodeOpen(true);
    },
    isCompact: isMobile,
  });

  // On phones the menu lives in a drawer that opens on demand; elsewhere it follows the saved setting.
  const collapsed = isMobile ? isMobileMenuCollapsed : !settings.sidebarOpened;
  const onCollapse = (next: boolean) => {
    if (isMobile) setMobileMenuCollapsed(next);
    else settingsStore.update({ sidebarOpened: !next });
  };

  const classes = [
    'ok-frame',
    `ok-frame--${device}`,
    `ok-frame--${settings.theme}`,
    !isTopMenu && !isMobile ? 'ok-frame--rail' : '',
    isHeaderVisible ? '' : 'ok-frame--header-hidden',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <ProLayout
        className={classes}
        title={config?.productName || 'OpenKefu'}
        logo={<img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />}
        layout={isTopMenu ? 'top' : 'mix'}
        splitMenus={false}
        navTheme="light"
        contentWidth={settings.contentWidth}
        fixedHeader={settings.fixedHeader}
        fixSiderbar={settings.fixedSidebar}
        siderWidth={isMobile ? MOBILE_MENU_WIDTH : MAIN_MENU_WIDTH}
        menu={{ locale: false, collapsedWidth: MAIN_MENU_COLLAPSED_WIDTH }}
        collapsed={collapsed}
        onCollapse={onCollapse}
        disableMobile={!isMobile}
        token={layoutToken(settings)}
        route={route}
        location={{ pathname: section?.path ?? location.pathname }}
        pageTitleRender={false}
        menuItemRender={(item, dom) => {
          if (!item.path) return dom;
          if (item.isUrl) {
            return (
              <a href={item.path} target="_blank" rel="noopener noreferrer">
                {dom}
              </a>
            );
          }
          return (
            <Link to={item.path} onClick={() => isMobile && setMobileMenuCollapsed(true)}>
              {dom}
            </Link>
          );
        }}
        actionsRender={() => actions}
        avatarProps={{
          src: profile?.avatar || undefined,
          icon: <UserOutlined />,
          title: isMobile ? undefined : profile?.nickname || profile?.username,
          size: 'small',
          render: (_props, dom) => (
            <AvatarDropdown isCompact={isMobile} isPrivateServer={isPrivate}>
              {dom}
            </AvatarDropdown>
          ),
        }}
        footerRender={hasFooter ? () => <GlobalFooter config={config} /> : false}
        menuFooterRender={false}
        contentStyle={{ padding: 0 }}
        breadcrumbRender={false}
      >
        <IllegalUseBanner />
        <Suspense fallback={null}>
          <ConsoleBanners isPrivateServer={isPrivate} />
        </Suspense>
        {settings.multiTab && <MultiTab titleOf={titleOfPath} />}
        <div className="ok-frame__content">{children}</div>
      </ProLayout>
      <SettingsDrawer isOpen={isSettingsOpen} onClose={() => setSettingsOpen(false)} />
      {hasOpenedCode && (
        <Suspense fallback={null}>
          <EmbedCodeDrawer isOpen={isCodeOpen} onClose={() => setCodeOpen(false)} />
        </Suspense>
      )}
    </>
  );
};

const buildFrameRoute = (table: RouteTable, language: 'en-US' | 'zh-CN'): ProLayoutProps['route'] => ({
  path: '/',
  routes: listMenuSections(table).map((section) => ({
    path: section.path,
    key: section.path,
    name: titleOf(section, language),
    icon: <MenuIcon name={section.icon} />,
    ...(section.isExternal ? { target: '_blank' } : {}),
  })),
});
