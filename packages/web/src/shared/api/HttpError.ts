export type HttpErrorInit = {
  /** HTTP status; 0 when no response arrived (network error, timeout, cancelled). */
  status: number;
  /** Envelope `code` (e.g. `FORBIDDEN`), OAuth `error` (e.g. `invalid_grant`), or NETWORK / TIMEOUT / ABORTED. */
  code: string;
  message: string;
  /** Field name → message, from a 400's `fields`. */
  fields?: Record<string, string>;
  /** Seconds until a rate-limited call may be retried. */
  retryAfter?: number;
  /** The parsed response body, when there was one. */
  body?: unknown;
};

/** What every failed call of the HTTP client rejects with. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly retryAfter: number | undefined;
  readonly body: unknown;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.name = 'HttpError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.retryAfter = init.retryAfter;
    this.body = init.body;
  }
}

export const isHttpError = (error: unknown): error is HttpError => error instanceof HttpError;
