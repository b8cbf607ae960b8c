import dayjs from 'dayjs';
import { attachmentSchema, type Attachment, type UploadKind } from '@openkefu/contract';
import { getToken } from '../../auth/token';
import { getLanguage, i18n } from '../../i18n';
import { HttpError, REQUEST_TIMEOUT_MS, buildUrl } from '../../api/http';
import { codeOfBody, fieldsOfBody, messageOfBody } from '../../api/errorBody';
import './i18n';

export type UploadResult = { attachment: Attachment; responseText: string };

export type UploadHandle = {
  promise: Promise<UploadResult>;
  abort: () => void;
};

export type UploadRequest = {
  kind: UploadKind;
  file: File;
  /** The current user's username (spec §7 "Uploads"). */
  username: string;
  /** Fraction sent so far, 0…1, from the browser's upload progress events. */
  onProgress?: (fraction: number) => void;
  now?: Date;
};

/** Spec §7: `file_name` is the upload time `YYYYMMDDHHmmss`, a dash, then the original name. */
export const timestampedFileName = (name: string, now: Date = new Date()): string =>
  `${dayjs(now).format('YYYYMMDDHHmmss')}-${name}`;

const parseJson = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const fallbackMessageOf = (status: number): string => {
  if (status === 413) return i18n.t('shared:http.tooLarge');
  if (status === 401) return i18n.t('shared:http.unauthorized');
  if (status === 403) return i18n.t('shared:http.forbidden');
  if (status === 400 || status === 422) return i18n.t('shared:http.badRequest');
  if (status >= 500) return i18n.t('shared:http.server', { status });
  return i18n.t('shared:http.unknown');
};

const errorOfResponse = (status: number, body: unknown): HttpError =>
  new HttpError({
    status,
    code: codeOfBody(body) ?? (status === 413 ? 'PAYLOAD_TOO_LARGE' : `HTTP_${status}`),
    message: messageOfBody(body) ?? fallbackMessageOf(status),
    fields: fieldsOfBody(body),
    body,
  });

const transportError = (code: 'NETWORK' | 'TIMEOUT' | 'ABORTED'): HttpError =>
  new HttpError({
    status: 0,
    code,
    message: i18n.t(
      `shared:http.${code === 'NETWORK' ? 'network' : code === 'TIMEOUT' ? 'timeout' : 'aborted'}`,
    ),
  });

/**
 * `POST /api/upload/{kind}` as multipart. XMLHttpRequest rather than the shared fetch client
 * because only XHR reports upload progress; it sends the same bearer token, language header
 * and `client=web` as `http`, and rejects with the same `HttpError`.
 */
export const uploadFile = ({ kind, file, username, onProgress, now }: UploadRequest): UploadHandle => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve, reject) => {
    xhr.open('POST', buildUrl(`/api/upload/${kind}`));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(event.loaded / event.total, 1));
    };
    xhr.onload = () => {
      const responseText = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      const body = parseJson(responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorOfResponse(xhr.status, body));
        return;
      }
      const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
      const parsed = attachmentSchema.safeParse(data);
      if (!parsed.success) {
        reject(
          new HttpError({
            status: xhr.status,
            code: 'BAD_RESPONSE',
            message: i18n.t('upload:widget.badResponse'),
            body,
          }),
        );
        return;
      }
      onProgress?.(1);
      resolve({ attachment: parsed.data, responseText });
    };
    xhr.onerror = () => reject(transportError('NETWORK'));
    xhr.ontimeout = () => reject(transportError('TIMEOUT'));
    xhr.onabort = () => reject(transportError('ABORTED'));

    const form = new FormData();
    form.append('file', file, file.name);
    form.append('file_name', timestampedFileName(file.name, now));
    form.append('username', username);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};
