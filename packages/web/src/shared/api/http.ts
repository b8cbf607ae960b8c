import { apiBaseUrl } from '../config/env';
import { getToken, clearToken } from '../auth/token';
import { setProfile } from '../auth/profileStore';
import { getLanguage, i18n } from '../i18n';
import { notify } from '../feedback/notify';
import { page } from '../utils/page';
import { HttpError } from './HttpError';
import { codeOfBody, fieldsOfBody, isStillLoggedIn, messageOfBody, retryAfterOfBody } from './errorBody';

export { HttpError, isHttpError } from './HttpError';

/** Spec §7/§9: 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;
/** Spec §8/§9: reload 1500 ms after the "Unauthorized" notice. */
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;

type Scalar = string | number | boolean | Date;
export type QueryParams = Record<string, Scalar | readonly Scalar[] | null | undefined>;

export type RequestOptions = {
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the body form-encoded (`application/x-www-form-urlencoded`) instead of JSON. */
  form?: boolean;
  timeoutMs?: number;
  /** The caller reports errors itself: no 403 notice and no 401 logout (the error is still rejected). */
  silent?: boolean;
};

export type DeleteOptions = RequestOptions & { data?: unknown };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

// The token endpoints answer a failed sign-in with 400/401; that is the login form's error to
// show, not an expired session to log out of.
const TOKEN_ENDPOINT = /\/(?:oauth|mobile|email|wechat|wechat\/work)\/token$/;

const formatScalar = (value: Scalar): string => (value instanceof Date ? value.toISOString() : String(value));

const appendParams = (search: URLSearchParams, params: QueryParams): void => {
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value))
      for (const item of value as readonly Scalar[]) search.append(key, formatScalar(item));
    else search.append(key, formatScalar(value as Scalar));
  }
};

/** Base address + path + query, with `client=web` on every call (spec §7). */
export const buildUrl = (url: string, params?: QueryParams): string => {
  const [withoutHash] = url.split('#');
  const queryIndex = withoutHash.indexOf('?');
  const path = queryIndex === -1 ? withoutHash : withoutHash.slice(0, queryIndex);
  const search = new URLSearchParams(queryIndex === -1 ? '' : withoutHash.slice(queryIndex + 1));
  if (params) appendParams(search, params);
  if (!search.has('client')) search.set('client', 'web');
  const base = /^https?:\/\//i.test(path) ? '' : apiBaseUrl;
  return `${base}${path.startsWith('/') || base === '' ? '' : '/'}${path}?${search.toString()}`;
};

const toFormBody = (body: unknown): URLSearchParams => {
  if (body instanceof URLSearchParams) return body;
  const form = new URLSearchParams();
  if (typeof body === 'object' && body !== null) appendParams(form, body as QueryParams);
  return form;
};

const fallbackMessage = (status: number): string => {
  switch (status) {
    case 400:
    case 422:
      return i18n.t('shared:http.badRequest');
    case 401:
      return i18n.t('shared:http.unauthorized');
    case 403:
      return i18n.t('shared:http.forbidden');
    case 404:
      return i18n.t('shared:http.notFound');
    case 409:
      return i18n.t('shared:http.conflict');
    case 413:
      return i18n.t('shared:http.tooLarge');
    case 429:
      return i18n.t('shared:http.rateLimited');
    default:
      return status >= 500 ? i18n.t('shared:http.server', { status }) : i18n.t('shared:http.unknown');
  }
};

const fallbackCode = (status: number): string => {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    402: 'PAYMENT_REQUIRED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    422: 'UNPROCESSABLE',
    429: 'RATE_LIMITED',
  };
  return codes[status] ?? (status >= 500 ? 'INTERNAL' : `HTTP_${status}`);
};

const retryAfterOfHeader = (headers: Headers): number | undefined => {
  const value = headers.get('Retry-After');
  if (value === null || value.trim() === '' || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

let isUnauthorizedHandled = false;

/** Spec §8: notice "未授权" (title and description), log out, reload after 1.5 s — once for a burst of 401s. */
const handleUnauthorized = (): void => {
  if (isUnauthorizedHandled) return;
  isUnauthorizedHandled = true;
  const text = i18n.t('shared:http.unauthorized');
  notify.error({ title: text, description: text });
  clearToken();
  setProfile(null);
  setTimeout(() => {
    isUnauthorizedHandled = false;
    page.reload();
  }, UNAUTHORIZED_RELOAD_DELAY_MS);
};

const request = async <T>(
  method: Method,
  url: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> => {
  const { params, signal, form = false, timeoutMs = REQUEST_TIMEOUT_MS, silent = false } = options;
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

  let payload: BodyInit | undefined;
  if (body !== undefined && body !== null) {
    if (body instanceof FormData || body instanceof Blob) {
      payload = body; // the browser sets the multipart boundary
    } else if (form || body instanceof URLSearchParams) {
      payload = toFormBody(body).toString();
      headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    } else {
      payload = JSON.stringify(body);
      headers.set('Content-Type', 'application/json');
    }
  }

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  const fullUrl = buildUrl(url, params);
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(fullUrl, { method, headers, body: payload, signal: controller.signal });
    data = await readBody(response);
  } catch (cause) {
    const code = isTimedOut ? 'TIMEOUT' : controller.signal.aborted ? 'ABORTED' : 'NETWORK';
    const key = code === 'TIMEOUT' ? 'timeout' : code === 'ABORTED' ? 'aborted' : 'network';
    throw new HttpError({ status: 0, code, message: i18n.t(`shared:http.${key}`), body: cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  if (response.ok) return data as T;

  const { status } = response;
  const error = new HttpError({
    status,
    code: codeOfBody(data) ?? fallbackCode(status),
    message: messageOfBody(data) ?? fallbackMessage(status),
    fields: fieldsOfBody(data),
    retryAfter: retryAfterOfBody(data) ?? retryAfterOfHeader(response.headers),
    body: data,
  });

  if (!silent) {
    if (status === 403) {
      notify.error({ title: i18n.t('shared:http.forbidden'), description: error.message });
    } else if (status === 401) {
      const path = fullUrl.split('?')[0];
      // Only a request that carried a session can lose it; without a token there is nothing to
      // log out of, and reloading would loop on public pages.
      const hadSession = headers.get('Authorization')?.startsWith('Bearer ') ?? false;
      if (!TOKEN_ENDPOINT.test(path) && hadSession && !isStillLoggedIn(data)) handleUnauthorized();
    }
  }
  throw error;
};

/**
 * The console's one HTTP client (spec §7/§8, DESIGN §5). Resolves to the parsed body — the
 * envelope `{ message, status_code, data }` for `/api/**`, the bare body for the OAuth
 * endpoints — and rejects every failure with an `HttpError`.
 */
export const http = {
  get: <T>(url: string, options?: RequestOptions): Promise<T> => request<T>('GET', url, undefined, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>('POST', url, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>('PUT', url, body, options),
  delete: <T>(url: string, options: DeleteOptions = {}): Promise<T> => {
    const { data, ...rest } = options;
    return request<T>('DELETE', url, data, rest);
  },
};
