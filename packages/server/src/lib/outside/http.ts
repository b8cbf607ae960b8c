/*
 * The one HTTP client for calls to outside platforms (channels, payments, webhooks): a time limit
 * on every call, the platform's own error words kept, and each failure classed as worth retrying
 * or not, so the job runner retries a 503 or a timeout with back-off but gives up at once on a
 * refused credential. Signing is the caller's: each platform's client builds its own headers.
 */

export type OutsideErrorKind = 'http' | 'timeout' | 'network' | 'protocol' | 'platform';

export class OutsideError extends Error {
  constructor(
    readonly kind: OutsideErrorKind,
    message: string,
    /** The HTTP status, when the platform answered. */
    readonly status: number | null = null,
    /** Worth trying again later: the platform was down, slow or busy, or asked us to wait. */
    readonly isRetryable = false,
    /** The platform's own error code (WeChat's errcode, Feishu's code…), as text. */
    readonly platformCode = '',
  ) {
    super(message);
    this.name = 'OutsideError';
  }
}

export type OutsideRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or bytes as they are (set the content type in headers). */
  body?: unknown;
  /** Default 15 s for the whole exchange. */
  timeoutMs?: number;
};

export type OutsideResponse = { status: number; headers: Headers; body: Buffer };

const isRetryableStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** The platform's words from a JSON error body, else the status line. */
const errorWordsOf = (body: Buffer, fallback: string): string => {
  const text = body.toString('utf8').slice(0, 2000);
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const nested = parsed.error;
    for (const candidate of [
      typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>).message : nested,
      parsed.message,
      parsed.msg,
      parsed.errmsg,
      parsed.error_description,
    ])
      if (typeof candidate === 'string' && candidate) return candidate.slice(0, 300);
  } catch {
    // Not JSON: the status says enough.
  }
  return text && text.length < 200 && !text.includes('<') ? text : fallback;
};

const urlOf = (request: OutsideRequest): string => {
  if (!request.query) return request.url;
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(request.query))
    if (value !== undefined) url.searchParams.set(key, String(value));
  return url.toString();
};

/**
 * Reads a platform's error answer (status 400 and above) into its own error, carrying the code
 * that decides what happens next (a refused token, a rate limit, a closed window); undefined
 * leaves callOutside's own error.
 */
export type PlatformErrorReader = (body: Buffer, status: number) => OutsideError | undefined;

/**
 * One call. Answers any status below 400 with its bytes; a status of 400 and above throws an
 * OutsideError of kind `http` (retryable for 408, 429 and 5xx), or what `readError` makes of the
 * body, as do time-outs and network errors.
 */
export const callOutside = async (
  request: OutsideRequest,
  fetchImpl: typeof fetch = fetch,
  readError?: PlatformErrorReader,
): Promise<OutsideResponse> => {
  const headers: Record<string, string> = { ...request.headers };
  let body: string | Uint8Array | undefined;
  if (request.body === undefined || request.body === null) body = undefined;
  else if (typeof request.body === 'string' || request.body instanceof Uint8Array) body = request.body;
  else {
    body = JSON.stringify(request.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? 15_000);
  try {
    const response = await fetchImpl(urlOf(request), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      // Bytes are valid fetch bodies; DOM's lib (the SDK's type check reads this file) says otherwise.
      body: body as RequestInit['body'],
      signal: controller.signal,
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status >= 400)
      throw (
        readError?.(bytes, response.status) ??
        new OutsideError(
          'http',
          errorWordsOf(bytes, `HTTP ${response.status}`),
          response.status,
          isRetryableStatus(response.status),
        )
      );
    return { status: response.status, headers: response.headers, body: bytes };
  } catch (error) {
    if (error instanceof OutsideError) throw error;
    if (controller.signal.aborted)
      throw new OutsideError('timeout', 'the platform took too long to answer', null, true);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new OutsideError(
      'network',
      cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)),
      null,
      true,
    );
  } finally {
    clearTimeout(timer);
  }
};

/**
 * An answer that must be JSON: a platform's error page instead is a `protocol` error, retryable.
 * `platform` names who answered, in the error's words.
 */
export const parseOutsideJson = <T = Record<string, unknown>>(
  response: OutsideResponse,
  platform = 'the platform',
): T => {
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw new OutsideError(
      'protocol',
      `${platform} answered something other than JSON`,
      response.status,
      true,
    );
  }
};

/** A call whose answer must be JSON. */
export const callOutsideJson = async <T = Record<string, unknown>>(
  request: OutsideRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<T> => parseOutsideJson<T>(await callOutside(request, fetchImpl));
