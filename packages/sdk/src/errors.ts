import type { ErrorCode, FieldError } from '@openkefu/contract';

/**
 * The server's error codes, plus the SDK's own: NETWORK (no answer at all), TIMEOUT (a send gave up),
 * CLOSED (disconnect() was called while waiting), NO_THREAD (a thread method without a thread).
 */
export type KefuErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'CLOSED' | 'NO_THREAD';

/** Every failure of the SDK: the HTTP-like status (0 without an answer) and the server's message. */
export class KefuError extends Error {
  override readonly name = 'KefuError';
  readonly status: number;
  readonly code: KefuErrorCode;
  /** For 400: each field at fault, with the server's message. */
  readonly fields: FieldError[];
  /** For 429: seconds until the call may be retried. */
  readonly retryAfter: number | undefined;

  constructor(
    status: number,
    code: KefuErrorCode,
    message: string,
    extra: { fields?: FieldError[]; retryAfter?: number } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = extra.fields ?? [];
    this.retryAfter = extra.retryAfter;
  }
}

// Socket acks carry a status but no code: the same mapping as the server's error handler.
const codeOfStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

export const toErrorCode = (status: number): ErrorCode => codeOfStatus[status] ?? 'INTERNAL';
