import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n';
import { BasicLayout } from '../../layouts/BasicLayout';
import { BootFallback } from '../boot/BootScreens';
import { useDeviceMode } from '../../shared/device/device';
import { AntdProvider } from '../../shared/providers/AntdProvider';
import { createQueryClient } from '../../shared/api/queryClient';
import { titleOf, type RouteTable } from '../../shared/routing/buildRoutes';
import { resolvePath } from '../../shared/routing/resolvePath';
import { ConsoleFeedProvider } from '../../shared/realtime/ConsoleFeed';
import { useSession } from '../../shared/routing/session';
import { setDocumentTitle } from '../../shared/title/pageTitle';
import { buildShellRoutes } from './shellRoutes';
import '../../shared/i18n/appBundle';

/** Server state of the authenticated pages (DESIGN §5); one client per page life. */
export const queryClient = createQueryClient();

/** The route title of a path in the current language: the menu item's label, or the error code. */
export const useRouteTitle = (table: RouteTable | undefined) => {
  const language = useLanguage();
  return useCallback(
    (path: string): string => {
      if (!table) return '';
      const resolution = resolvePath(table, path.split('?')[0]);
      if (resolution.kind === 'page') return titleOf(resolution.page, language);
      if (resolution.kind === 'forbidden') return '403';
      if (resolution.kind === 'notFound') return '404';
      return '';
    },
    [table, language],
  );
};

/**
 * The authenticated console (lazy chunk: antd, ProLayout, icons and the `app` locale load here).
 * The guard has loaded the profile and the menu; this renders the routes built from it.
 */
export const AppShell = () => {
  const session = useSession();
  const device = useDeviceMode();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const table = session?.table;
  const routes = useMemo(() => (table ? buildShellRoutes(table, device) : []), [table, device]);
  const element = useRoutes(routes);
  const routeTitle = useRouteTitle(table);

  useEffect(() => {
    setDocumentTitle(routeTitle(pathname), t('shared:product.tagline'));
  }, [routeTitle, pathname, t]);

  if (!session) return <BootFallback />;
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <ConsoleFeedProvider>
          <BasicLayout session={session} device={device} titleOfPath={routeTitle}>
            {element}
          </BasicLayout>
        </ConsoleFeedProvider>
      </AntdProvider>
    </QueryClientProvider>
  );
};
