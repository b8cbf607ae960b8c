import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/i18n';
import { ExceptionPage } from '../../features/exception/ExceptionPage';
import { AgentLayout } from '../../layouts/AgentLayout';
import { BasicLayout } from '../../layouts/BasicLayout';
import { BootFallback } from '../boot/BootScreens';
import { useDeviceMode } from '../device/device';
import { AntdProvider } from '../providers/AntdProvider';
import { createQueryClient } from '../queryClient';
import { titleOf, type RouteTable } from '../routing/buildRoutes';
import { resolvePath } from '../routing/resolvePath';
import { useSession } from '../routing/session';
import { setDocumentTitle } from '../title/pageTitle';
import { buildShellRoutes } from './shellRoutes';
import '../i18nApp';

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
        <BasicLayout session={session} device={device} titleOfPath={routeTitle}>
          {element}
        </BasicLayout>
      </AntdProvider>
    </QueryClientProvider>
  );
};

/** `/agent`: the agent workbench's layout; its page arrives with live chat (404 "in development" until then). */
export const AgentShell = () => {
  const { t } = useTranslation('app');
  useEffect(() => {
    setDocumentTitle(t('agent.title'), t('shared:product.tagline'));
  }, [t]);
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProvider>
        <AgentLayout>
          <ExceptionPage code="404" />
        </AgentLayout>
      </AntdProvider>
    </QueryClientProvider>
  );
};
