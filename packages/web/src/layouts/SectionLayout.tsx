import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../shared/i18n';
import { normalizePath, titleOf, type SectionRoute } from '../shared/routing/buildRoutes';
import type { DeviceMode } from '../shared/device/device';
import { getSectionLayout } from './sectionLayouts';
import { MenuIcon } from '../shared/routing/menuIcons';

/** Spec §2/§9: every section's side menu is 120 px wide. */
export const SECTION_MENU_WIDTH = 120;

export type SectionLayoutProps = {
  section: SectionRoute;
  device: DeviceMode;
};

/**
 * One layout for every area (basic, CRM, KB, robot, …): the section's 120 px side menu of its
 * listed items, then the page. Choosing an item replaces the current route (spec §2).
 * On phones the menu becomes a horizontal strip above the page.
 */
export const SectionLayout = ({ section, device }: SectionLayoutProps) => {
  const language = useLanguage();
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const config = getSectionLayout(section.layout);
  const current = normalizePath(pathname);
  const selected = section.menuPages.find(
    (page) => page.path === current || current.startsWith(`${page.path}/`),
  );

  const isMobile = device === 'mobile';
  // Labels only: 120 px leaves no room for icons beside the longer English labels.
  const items: MenuProps['items'] = section.menuPages.map((page) => ({
    key: page.path,
    icon: isMobile ? <MenuIcon name={page.icon} /> : undefined,
    label: page.isExternal ? (
      <a href={page.path} target="_blank" rel="noopener noreferrer">
        {titleOf(page, language)}
      </a>
    ) : (
      titleOf(page, language)
    ),
    title: titleOf(page, language),
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const page = section.menuPages.find((candidate) => candidate.path === key);
    if (!page || page.isExternal) return;
    navigate(page.path, { replace: true });
  };

  const hasMenu = items.length > 0;
  const menu = hasMenu ? (
    <nav aria-label={t('frame.sectionMenu', { section: titleOf(section, language) })}>
      <Menu
        className="ok-section__menu"
        mode={isMobile ? 'horizontal' : 'inline'}
        selectedKeys={selected ? [selected.path] : []}
        items={items}
        onClick={onClick}
      />
    </nav>
  ) : null;

  return (
    <Layout
      className={`ok-section ${config.className}`}
      data-section={section.name}
      data-layout={section.layout}
    >
      {isMobile ? (
        menu
      ) : hasMenu ? (
        <Layout.Sider className="ok-section__sider" width={SECTION_MENU_WIDTH} theme="light">
          {menu}
        </Layout.Sider>
      ) : null}
      {/* Not Layout.Content: that is a <main>, and the frame (ProLayout) already has the page's one main. */}
      <div className="ok-section__content">
        <Outlet />
      </div>
    </Layout>
  );
};
