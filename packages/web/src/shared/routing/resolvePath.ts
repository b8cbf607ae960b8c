import { matchPath } from 'react-router';
import { normalizePath, type PageRoute, type RouteTable } from './buildRoutes';
import { knownPaths } from './catalog';

export const HOME_PATH = '/dashboard';
export const WORKPLACE_PATH = '/stable/dashboard/workplace';
export const LOGIN_PATH = '/antv/user/login';

export type Resolution =
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; page: PageRoute }
  | { kind: 'forbidden' }
  | { kind: 'notFound' };

const findPage = (table: RouteTable, path: string): PageRoute | undefined => {
  const exact = table.pages.get(path);
  if (exact) return exact;
  // Menu paths may carry parameters (`/stable/kefu/thread/:tid`).
  for (const page of table.pages.values()) {
    if (page.path.includes(':') && matchPath({ path: page.path, end: true }, path)) return page;
  }
  return undefined;
};

/**
 * Where an authenticated path leads (spec §2 general routing rules): `/` → `/dashboard` → the
 * dashboard section's default; a section path → its default item; a page of the user's menu →
 * that page; a product page outside the user's menu → 403; anything else → 404.
 */
export const resolvePath = (table: RouteTable, pathname: string): Resolution => {
  const path = normalizePath(pathname);
  if (path === '/') return { kind: 'redirect', to: HOME_PATH };
  if (path === HOME_PATH) {
    const dashboard = table.sections.find((section) => section.path === '/stable/dashboard');
    return { kind: 'redirect', to: dashboard?.redirect || WORKPLACE_PATH };
  }
  if (table.hiddenPaths.has(path)) return { kind: 'notFound' };
  const page = findPage(table, path);
  if (page)
    return page.redirect && page.redirect !== path
      ? { kind: 'redirect', to: page.redirect }
      : { kind: 'page', page };
  const section = table.sections.find((candidate) => candidate.path === path);
  if (section)
    return section.redirect && section.redirect !== path
      ? { kind: 'redirect', to: section.redirect }
      : { kind: 'notFound' };
  if (knownPaths.has(path)) return { kind: 'forbidden' };
  return { kind: 'notFound' };
};
