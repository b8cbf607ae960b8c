import type { Attachment, ErrorCode, FieldError } from '@openkefu/contract';
import { KefuError, toErrorCode } from './errors.js';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | FormData },
) => Promise<{
  ok: boolean;
  status: number;
  statusText: string;
  json: () => Promise<unknown>;
}>;

/**
 * A file to upload: a Blob or File (browsers, WebViews), or React Native's `{ uri, name, type }`
 * (its FormData reads the file from the uri itself).
 */
export type UploadSource = Blob | { uri: string; name: string; type: string };

type ErrorBody = { message?: string; code?: ErrorCode; fields?: FieldError[]; retryAfter?: number };

export type Http = {
  call: <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
  upload: (source: UploadSource, kind: 'image' | 'file', fileName?: string) => Promise<Attachment>;
};

/** The visitor REST API: `{ message, status_code, data }` envelopes unwrapped, errors as KefuError. */
export const createHttp = (options: {
  base: string;
  fetch: FetchLike;
  language?: string;
  getToken: () => string | null;
}): Http => {
  const send = async <T>(
    path: string,
    method: string,
    body: string | FormData | undefined,
    isJson: boolean,
  ): Promise<T> => {
    const token = options.getToken();
    const headers: Record<string, string> = {};
    if (isJson) headers['content-type'] = 'application/json';
    if (options.language) headers['accept-language'] = options.language;
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await options.fetch(`${options.base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      throw new KefuError(0, 'NETWORK', error instanceof Error ? error.message : 'network error');
    }
    const parsed = (await response.json().catch(() => null)) as (ErrorBody & { data?: T }) | null;
    if (!response.ok) {
      throw new KefuError(
        response.status,
        parsed?.code ?? toErrorCode(response.status),
        parsed?.message ?? response.statusText,
        {
          ...(parsed?.fields ? { fields: parsed.fields } : {}),
          ...(parsed?.retryAfter === undefined ? {} : { retryAfter: parsed.retryAfter }),
        },
      );
    }
    return parsed?.data as T;
  };

  return {
    call: (path, init = {}) =>
      send(
        path,
        init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        init.body === undefined ? undefined : JSON.stringify(init.body),
        init.body !== undefined,
      ),
    upload: (source, kind, fileName) => {
      const form = new FormData();
      if ('uri' in source) {
        // React Native's FormData takes the descriptor in place of a Blob.
        form.append('file', { ...source, name: fileName ?? source.name } as unknown as Blob);
      } else {
        const name = fileName ?? (source as Partial<File>).name ?? (kind === 'image' ? 'image' : 'file');
        form.append('file', source, name);
      }
      // No content-type header: the runtime sets multipart/form-data with its boundary.
      return send<Attachment>(`/visitor/api/upload?kind=${kind}`, 'POST', form, false);
    },
  };
};
