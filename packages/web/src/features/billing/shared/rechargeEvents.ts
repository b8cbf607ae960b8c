import type { ServerEventPayload } from '@openkefu/contract';

export type RechargeOrderEvent = ServerEventPayload<'recharge:update'>;
export type RechargeEventListener = (event: RechargeOrderEvent) => void;
/** Subscribes to the organisation's `recharge:update` pushes; returns the unsubscribe. */
export type SubscribeRechargeEvents = (listener: RechargeEventListener) => () => void;
