import { useCallback } from 'react';
import { serverEvents } from '@openkefu/contract';
import { useRealtime } from '../agent/realtime/RealtimeProvider';
import { NoticeBell, type SubscribeNoticePushes } from './NoticeBell';

/**
 * The notification bell inside the agent workbench, refreshed by its socket's `notice:new` pushes
 * (checked against the contract) instead of polling.
 */
export const LiveNoticeBell = ({ className }: { className?: string }) => {
  const { socket } = useRealtime();
  const subscribe = useCallback<SubscribeNoticePushes>(
    (listener) => {
      const handler = (payload: unknown) => {
        const parsed = serverEvents['notice:new'].safeParse(payload);
        if (parsed.success) listener(parsed.data);
      };
      socket.on('notice:new', handler);
      return () => socket.off('notice:new', handler);
    },
    [socket],
  );
  return <NoticeBell subscribe={subscribe} className={className} />;
};
