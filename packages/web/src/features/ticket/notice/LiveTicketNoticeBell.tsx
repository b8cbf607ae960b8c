import { useCallback } from 'react';
import { serverEvents } from '@openkefu/contract';
import { useRealtime } from '../../agent/realtime/RealtimeProvider';
import { TicketNoticeBell, type SubscribeTicketNotices } from './TicketNoticeBell';

/**
 * The bell inside the agent workbench, fed by its socket's `ticket:notice` pushes (checked against
 * the contract). Tickets open in the console's window, so the workbench keeps its conversations.
 */
export const LiveTicketNoticeBell = ({ className }: { className?: string }) => {
  const { socket } = useRealtime();
  const subscribe = useCallback<SubscribeTicketNotices>(
    (listener) => {
      const handler = (payload: unknown) => {
        const parsed = serverEvents['ticket:notice'].safeParse(payload);
        if (parsed.success) listener(parsed.data);
      };
      socket.on('ticket:notice', handler);
      return () => socket.off('ticket:notice', handler);
    },
    [socket],
  );
  return <TicketNoticeBell subscribe={subscribe} isInNewWindow className={className} />;
};
