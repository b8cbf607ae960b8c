import { Navigate, useLocation, type RouteObject } from 'react-router';
import { ExceptionPage } from '../../features/exception/ExceptionPage';
import { SectionLayout } from '../../layouts/SectionLayout';
import type { DeviceMode } from '../../shared/device/device';
import type { RouteTable } from '../../shared/routing/buildRoutes';
import { resolvePath } from '../../shared/routing/resolvePath';
import { PageHost } from './PageHost';

/** What an unmatched path shows: 403 for a product page outside the user's menu, else 404. */
const Fallback = ({ table }: { table: RouteTable }) => {
  const { pathname } = useLocation();
  const resolution = resolvePath(table, pathname);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  return <ExceptionPage code={resolution.kind === 'forbidden' ? '403' : '404'} />;
};

/**
 * The menu-built routes (spec §2): a section route with its SectionLayout, an index that redirects
 * to the default item, one child per routable item rendering its lazy page module; anything else
 * falls back to 403/404 inside the frame.
 */
export const buildShellRoutes = (table: RouteTable, device: DeviceMode): RouteObject[] => {
  const fallback = <Fallback table={table} />;
  const routes: RouteObject[] = [];
  for (const section of table.sections) {
    if (section.isExternal) continue;
    const internal = section.pages.filter((page) => !page.isExternal);
    if (internal.length === 1 && internal[0].path === section.path) {
      routes.push({
        path: section.path,
        element: <PageHost key={section.path} component={internal[0].component} />,
      });
      continue;
    }
    const prefix = `${section.path}/`;
    const nested = internal.filter((page) => page.path.startsWith(prefix));
    const elsewhere = internal.filter((page) => !page.path.startsWith(prefix));
    const layout = <SectionLayout section={section} device={device} />;
    routes.push({
      path: section.path,
      element: layout,
      children: [
        { index: true, element: section.redirect ? <Navigate to={section.redirect} replace /> : fallback },
        ...nested.map((page) => ({
          path: page.path.slice(prefix.length),
          element: <PageHost key={page.path} component={page.component} />,
        })),
        { path: '*', element: fallback },
      ],
    });
    // Items edited to live outside their section's path keep the section's layout.
    for (const page of elsewhere) {
      routes.push({
        path: page.path,
        element: layout,
        children: [{ index: true, element: <PageHost key={page.path} component={page.component} /> }],
      });
    }
  }
  routes.push({ path: '*', element: fallback });
  return routes;
};
