import { getToken } from '../../auth/token';
import { HttpError, REQUEST_TIMEOUT_MS, buildUrl } from '../../api/http';
import { codeOfBody, fieldsOfBody, messageOfBody } from '../../api/errorBody';
import { getLanguage, i18n } from '../../i18n';

/** One refused row: the sheet's 1-based row (the header is row 1) or a file in an archive, the column key, why. */
export type ImportRowError = { row: number | string; field: string; message: string };

/** What an import endpoint answers in `data`; `total` is optional (not every module counts read rows). */
export type ImportReport = { total?: number; imported: number; errors: ImportRowError[] };

export type ImportHandle = { promise: Promise<ImportReport>; abort: () => void };

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const isReport = (value: unknown): value is ImportReport =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ImportReport).imported === 'number' &&
  Array.isArray((value as ImportReport).errors);

/**
 * POSTs a spreadsheet as multipart (`file` plus `fields`) to an import endpoint. XMLHttpRequest
 * because only it reports upload progress; same bearer token, language and errors as `http`.
 */
export const importFile = (options: {
  url: string;
  file: File;
  fields?: Record<string, string>;
  onProgress?: (fraction: number) => void;
}): ImportHandle => {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<ImportReport>((resolve, reject) => {
    xhr.open('POST', buildUrl(options.url));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', getLanguage());
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(event.loaded / event.total, 1));
    };
    xhr.onload = () => {
      const body = parseJson(typeof xhr.responseText === 'string' ? xhr.responseText : '');
      const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
      if (xhr.status >= 200 && xhr.status < 300 && isReport(data)) {
        options.onProgress?.(1);
        resolve(data);
        return;
      }
      reject(
        new HttpError({
          status: xhr.status,
          code: codeOfBody(body) ?? `HTTP_${xhr.status}`,
          message:
            messageOfBody(body) ??
            i18n.t(xhr.status === 413 ? 'shared:http.tooLarge' : 'shared:http.unknown'),
          fields: fieldsOfBody(body),
          body,
        }),
      );
    };
    const transport = (code: 'NETWORK' | 'TIMEOUT' | 'ABORTED', key: string) => () =>
      reject(new HttpError({ status: 0, code, message: i18n.t(`shared:http.${key}`) }));
    xhr.onerror = transport('NETWORK', 'network');
    xhr.ontimeout = transport('TIMEOUT', 'timeout');
    xhr.onabort = transport('ABORTED', 'aborted');
    const form = new FormData();
    // Text fields first: the server reads the form in order and the file is the last part.
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', options.file, options.file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
};
