import type { Language, MenuNode } from '@openkefu/contract';

/**
 * Routes built from the menu tree of `GET /api/v1/menu/list` (spec §2): each top-level node is a
 * section (`/stable/kefu`, component = its layout key, redirect = its default item) and each child
 * an item (`/stable/kefu/account`, component `kefu/account`, name `kefu.account` = its permission).
 */
export type PageRoute = {
  /** The menu item name, also the permission that guards the page (spec §6). */
  name: string;
  key: string;
  path: string;
  component: string;
  title: string;
  titleEn: string;
  icon: string;
  sectionName: string;
  /** false for "routes without a menu item" (show: false): routable, not listed. */
  isInMenu: boolean;
  /** Paths starting with http open in a new tab instead of routing. */
  isExternal: boolean;
  redirect: string;
};

export type SectionRoute = {
  name: string;
  key: string;
  path: string;
  /** The section's layout key, e.g. `BasicLayout`, `CrmLayout`. */
  layout: string;
  title: string;
  titleEn: string;
  icon: string;
  redirect: string;
  isInMenu: boolean;
  isExternal: boolean;
  hideChildren: boolean;
  /** Every routable page of the section, menu order. */
  pages: PageRoute[];
  /** The pages its 120 px side menu lists. */
  menuPages: PageRoute[];
};

export type RouteTable = {
  sections: SectionRoute[];
  /** Routable pages by path. */
  pages: Map<string, PageRoute>;
  /** Paths in the tree that this build or configuration hides (debug-only in production, feature off): 404. */
  hiddenPaths: Set<string>;
};

export type BuildOptions = {
  /** `import.meta.env.PROD`: debug-only items appear only outside production builds (spec §6). */
  isProduction: boolean;
  /**
   * The operator's SHOW_DEBUG_MENUS (public config `showDebugMenus`): shows debug-only items in
   * production too, for the pages the next issues build behind them. Off by default.
   */
  showDebugMenus?: boolean;
  /** Menu names switched off by the public configuration's feature flags. */
  disabledNames?: ReadonlySet<string>;
};

export const isExternalPath = (path: string): boolean => /^https?:\/\//i.test(path);

/** Trailing slashes do not make a different page. */
export const normalizePath = (path: string): string => {
  if (path === '' || path === '/') return '/';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.startsWith('/') || isExternalPath(trimmed) ? trimmed : `/${trimmed}`;
};

const byOrder = (a: MenuNode, b: MenuNode) => a.order - b.order;

const flattenItems = (nodes: MenuNode[]): MenuNode[] =>
  [...nodes].sort(byOrder).flatMap((node) => [node, ...flattenItems(node.children ?? [])]);

export const buildRouteTable = (tree: MenuNode[], options: BuildOptions): RouteTable => {
  const pages = new Map<string, PageRoute>();
  const hiddenPaths = new Set<string>();
  const disabled = options.disabledNames ?? new Set<string>();
  const hidesDebug = options.isProduction && !options.showDebugMenus;
  const isHidden = (node: MenuNode) => (hidesDebug && node.debugOnly) || disabled.has(node.name);

  const sections: SectionRoute[] = [];
  for (const node of [...tree].sort(byOrder)) {
    const sectionPath = normalizePath(node.path);
    if (isHidden(node)) {
      hiddenPaths.add(sectionPath);
      for (const child of flattenItems(node.children ?? [])) hiddenPaths.add(normalizePath(child.path));
      continue;
    }
    const sectionPages: PageRoute[] = [];
    for (const child of flattenItems(node.children ?? [])) {
      const path = normalizePath(child.path);
      if (isHidden(child)) {
        hiddenPaths.add(path);
        continue;
      }
      const page: PageRoute = {
        name: child.name,
        key: child.key,
        path,
        component: child.component,
        title: child.title,
        titleEn: child.titleEn,
        icon: child.icon,
        sectionName: node.name,
        isInMenu: child.show && !node.hideChildren,
        isExternal: isExternalPath(path),
        redirect: child.redirect ? normalizePath(child.redirect) : '',
      };
      sectionPages.push(page);
      if (!page.isExternal) pages.set(path, page);
    }
    // A section whose every item this build hides (an agent's quality section holds only the
    // debug-only results) would be an empty entry in the menu.
    if ((node.children ?? []).length > 0 && sectionPages.length === 0) {
      hiddenPaths.add(sectionPath);
      continue;
    }
    // A top-level node without children is a page of its own (shown in the frame without a section menu).
    const isStandalonePage = (node.children ?? []).length === 0 && node.type !== 'section';
    const isMissingOwnPage = (path: string) =>
      path.startsWith(`${sectionPath}/`) && !sectionPages.some((page) => page.path === path);
    const firstListed =
      sectionPages.find((page) => page.isInMenu && !page.isExternal) ??
      sectionPages.find((page) => !page.isExternal);
    const section: SectionRoute = {
      name: node.name,
      key: node.key,
      path: sectionPath,
      layout: node.component,
      title: node.title,
      titleEn: node.titleEn,
      icon: node.icon,
      // A default item hidden by this build or configuration, or left out of this user's tree (an
      // agent's quality section has no scoring page), gives way to the first listed page.
      redirect:
        node.redirect &&
        !hiddenPaths.has(normalizePath(node.redirect)) &&
        !isMissingOwnPage(normalizePath(node.redirect))
          ? normalizePath(node.redirect)
          : (firstListed?.path ?? ''),
      isInMenu: node.show,
      isExternal: isExternalPath(sectionPath),
      hideChildren: node.hideChildren,
      pages: sectionPages,
      menuPages: sectionPages.filter((page) => page.isInMenu),
    };
    if (isStandalonePage && !section.isExternal) {
      const page: PageRoute = {
        name: node.name,
        key: node.key,
        path: sectionPath,
        component: node.component,
        title: node.title,
        titleEn: node.titleEn,
        icon: node.icon,
        sectionName: node.name,
        isInMenu: false,
        isExternal: false,
        redirect: section.redirect === sectionPath ? '' : section.redirect,
      };
      section.redirect = '';
      section.pages = [page];
      pages.set(sectionPath, page);
    }
    sections.push(section);
  }
  return { sections, pages, hiddenPaths };
};

/** The label of a menu entry in the given language (zh-CN shows the spec's Chinese labels). */
export const titleOf = (entry: { title: string; titleEn: string }, language: Language): string =>
  language === 'zh-CN' ? entry.title || entry.titleEn : entry.titleEn || entry.title;

export const findSectionOfPath = (table: RouteTable, pathname: string): SectionRoute | undefined => {
  const path = normalizePath(pathname);
  const page = table.pages.get(path);
  if (page) return table.sections.find((section) => section.name === page.sectionName);
  return table.sections.find(
    (section) => !section.isExternal && (path === section.path || path.startsWith(`${section.path}/`)),
  );
};

/** Visible sections (those with a menu entry), for the main frame's menu and the workplace's quick links. */
export const listMenuSections = (table: RouteTable): SectionRoute[] =>
  table.sections.filter((section) => section.isInMenu);
