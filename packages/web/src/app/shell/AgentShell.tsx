import { useEffect } from 'react';
import { Badge, Result, Tooltip } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useRoutes } from 'react-router';
import { AgentLayout } from '../../layouts/AgentLayout';
import { AntdProvider } from '../../shared/providers/AntdProvider';
import { createQueryClient } from '../../shared/api/queryClient';
import { setDocumentTitle } from '../../shared/title/pageTitle';
import { useProfile } from '../../shared/auth/profileStore';
import { WORKBENCH_NS } from '../../features/agent/i18n';
import { RealtimeProvider, useRealtime } from '../../features/agent/realtime/RealtimeProvider';
import { WorkbenchPage } from '../../features/agent/WorkbenchPage';
import { LiveNoticeBell } from '../../features/notice/LiveNoticeBell';
import { LiveTicketNoticeBell } from '../../features/ticket/notice/LiveTicketNoticeBell';
import '../../shared/i18n/appBundle';

/** Server state of the workbench window (its own page life: it opens in a window of its own). */
const queryClient = createQueryClient();

const ConnectionIndicator = () => {
  const { t } = useTranslation(WORKBENCH_NS);
  const { connection } = useRealtime();
  const label =
    connection === 'connected'
      ? t('connection.online')
      : connection === 'connecting'
        ? t('connection.connecting')
        : t('connection.offline');
  return (
    <Tooltip title={label}>
      <span className="ok-agent__connection" data-testid="connection-state" data-state={connection}>
        <Badge
          status={
            connection === 'connected' ? 'success' : connection === 'connecting' ? 'processing' : 'error'
          }
          text={<span className="ok-agent__connection-text">{label}</span>}
        />
      </span>
    </Tooltip>
  );
};

const WorkbenchRoutes = () =>
  useRoutes([
    { path: ':tid?', element: <WorkbenchPage /> },
    { path: '*', element: <Navigate to="/agent" replace /> },
  ]);

const Frame = () => {
  const { t } = useTranslation(WORKBENCH_NS);
  const profile = useProfile();
  // Without the chat authority the server refuses the socket: say so instead of reconnecting forever.
  const isRefused = profile !== null && !profile.authorities.includes('chat');
  useEffect(() => {
    // The workbench titles itself (with its unread count); this screen has only the name.
    if (isRefused) setDocumentTitle(t('title'), t('shared:product.tagline'));
  }, [isRefused, t]);
  if (isRefused) {
    return (
      <AgentLayout>
        {/* The layout leaves the <main> landmark to its page (the workbench has its own). */}
        <main>
          <Result status="403" title="403" subTitle={t('noChatAuthority')} />
        </main>
      </AgentLayout>
    );
  }
  return (
    <RealtimeProvider>
      <AgentLayout
        extra={
          <>
            <LiveNoticeBell className="ok-agent__bell" />
            <LiveTicketNoticeBell className="ok-agent__bell" />
            <ConnectionIndicator />
          </>
        }
      >
        <WorkbenchRoutes />
      </AgentLayout>
    </RealtimeProvider>
  );
};

/**
 * `/agent/*` (lazy chunk; socket.io-client is only in here): the workbench in its own layout. The
 * guard (agentLoader) has signed the user in and loaded the profile.
 */
export const AgentShell = () => (
  <QueryClientProvider client={queryClient}>
    <AntdProvider>
      <Frame />
    </AntdProvider>
  </QueryClientProvider>
);
