import type { ErrorCode, FieldError, OAuthError } from '@openkefu/contract';
import type { MessageKey, MessageParams } from './i18n.js';

type OAuthErrorCode = OAuthError['error'];

type AppErrorOptions = {
  params?: MessageParams;
  fields?: FieldError[];
  /** Seconds until a rate-limited call may be retried. */
  retryAfter?: number;
  /** The `error` field when the route answers in OAuth style (token endpoints). */
  oauthError?: OAuthErrorCode;
};

/**
 * The one error type of the server. Carries a catalogue key rather than a message, so the error
 * handler can answer in the request's language.
 */
export class AppError extends Error {
  readonly params: MessageParams;
  readonly fields: FieldError[] | undefined;
  readonly retryAfter: number | undefined;
  readonly oauthError: OAuthErrorCode | undefined;

  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    options: AppErrorOptions = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
    this.oauthError = options.oauthError;
  }

  static validation(fields: FieldError[]): AppError {
    return new AppError('BAD_REQUEST', 400, 'error.validation', {
      params: { fields: fields.map((field) => field.field).join(', ') },
      fields,
      oauthError: 'invalid_request',
    });
  }

  static badRequest(messageKey: MessageKey, options: AppErrorOptions = {}): AppError {
    return new AppError('BAD_REQUEST', 400, messageKey, options);
  }

  static unauthorized(
    messageKey: MessageKey = 'error.unauthorized',
    options: AppErrorOptions = {},
  ): AppError {
    return new AppError('UNAUTHORIZED', 401, messageKey, options);
  }

  static forbidden(messageKey: MessageKey = 'error.forbidden', params: MessageParams = {}): AppError {
    return new AppError('FORBIDDEN', 403, messageKey, { params });
  }

  static notFound(messageKey: MessageKey = 'error.notFound', params: MessageParams = {}): AppError {
    return new AppError('NOT_FOUND', 404, messageKey, { params });
  }

  static conflict(messageKey: MessageKey = 'error.conflict', options: AppErrorOptions = {}): AppError {
    return new AppError('CONFLICT', 409, messageKey, options);
  }

  static rateLimited(
    retryAfter: number,
    messageKey: MessageKey = 'error.rateLimited',
    options: AppErrorOptions = {},
  ): AppError {
    return new AppError('RATE_LIMITED', 429, messageKey, {
      ...options,
      retryAfter,
      params: { seconds: retryAfter, ...options.params },
      oauthError: options.oauthError ?? 'too_many_attempts',
    });
  }
}
