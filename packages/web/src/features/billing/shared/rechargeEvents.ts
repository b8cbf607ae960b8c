import { serverEvents, type ServerEventPayload } from '@openkefu/contract';
import type { ChatSocket } from '../../agent/realtime/chatSocket';

export type RechargeOrderEvent = ServerEventPayload<'recharge:update'>;
export type RechargeEventListener = (event: RechargeOrderEvent) => void;
/** Subscribes to the organisation's `recharge:update` pushes; returns the unsubscribe. */
export type SubscribeRechargeEvents = (listener: RechargeEventListener) => () => void;

/** The pushes of a console socket, checked against the contract (a malformed one is dropped). */
export const rechargeEventsOf =
  (socket: Pick<ChatSocket, 'on' | 'off'>): SubscribeRechargeEvents =>
  (listener) => {
    const handler = (payload: unknown) => {
      const parsed = serverEvents['recharge:update'].safeParse(payload);
      if (parsed.success) listener(parsed.data);
    };
    socket.on('recharge:update', handler);
    return () => socket.off('recharge:update', handler);
  };
