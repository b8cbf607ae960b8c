import {
  ackErrorSchema,
  clientEvents,
  type ClientEventAck,
  type ClientEventName,
  type ClientEventPayload,
  type FieldError,
} from '@openkefu/contract';
import { i18n } from '../i18n';
import type { ChatSocket } from './chatSocket';

export type AckData<E extends ClientEventName> = Extract<ClientEventAck<E>, { ok: true }>['data'];

/** A refused or unanswered emit: the server's status and message (0 when it never answered). */
export class AckFailure extends Error {
  readonly status: number;
  readonly fields: FieldError[];

  constructor(status: number, message: string, fields: FieldError[] = []) {
    super(message);
    this.name = 'AckFailure';
    this.status = status;
    this.fields = fields;
  }
}

/** Long enough for a slow reconnect; a message that times out is resent with the same localId. */
export const ACK_TIMEOUT_MS = 15_000;

/**
 * Emits a client event (contract realtime.ts) and resolves with its acknowledged data, validated
 * against the contract; rejects with an AckFailure on a refusal, a malformed answer or a timeout.
 */
export const emitWithAck = <E extends ClientEventName>(
  socket: ChatSocket,
  event: E,
  payload: ClientEventPayload<E>,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<AckData<E>> =>
  new Promise((resolve, reject) => {
    let isSettled = false;
    const timer = setTimeout(() => {
      if (isSettled) return;
      isSettled = true;
      reject(new AckFailure(0, i18n.t('workbench:connection.timeout')));
    }, timeoutMs);
    socket.emit(event, payload, (response: unknown) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      const isOk =
        typeof response === 'object' && response !== null && (response as { ok?: unknown }).ok === true;
      if (isOk) {
        const parsed = clientEvents[event].ack.safeParse((response as { data?: unknown }).data);
        if (parsed.success) resolve(parsed.data as AckData<E>);
        else reject(new AckFailure(0, i18n.t('shared:http.unknown')));
        return;
      }
      const failure = ackErrorSchema.safeParse(response);
      reject(
        failure.success
          ? new AckFailure(failure.data.status, failure.data.message, failure.data.fields)
          : new AckFailure(0, i18n.t('shared:http.unknown')),
      );
    });
  });

/** Fire-and-forget emits (typing, receipts): the ack is awaited by no one and failures are harmless. */
export const emitQuietly = <E extends ClientEventName>(
  socket: ChatSocket,
  event: E,
  payload: ClientEventPayload<E>,
): void => {
  emitWithAck(socket, event, payload).catch(() => undefined);
};
