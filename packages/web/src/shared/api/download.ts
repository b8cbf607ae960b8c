import { buildUrl, HttpError, type QueryParams } from './http';
import { codeOfBody, fieldsOfBody, messageOfBody } from './errorBody';
import { getToken } from '../auth/token';
import { getLanguage, i18n } from '../i18n';

/** What a finished download saved, and the row counts an export reports in its headers. */
export type Download = { fileName: string; rows: number | null; total: number | null };

/** The file name of a Content-Disposition header, preferring the UTF-8 `filename*`. */
export const fileNameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Fall back to the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
};

const countOf = (value: string | null): number | null =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;

/**
 * GETs a file with the session's bearer token and hands it to the browser as a download. The HTTP
 * client reads every answer as JSON; a file needs the bytes, so this makes its own request and
 * turns an error answer into the same HttpError the client would.
 */
export const downloadFile = async (
  url: string,
  params: QueryParams,
  fallbackName: string,
): Promise<Download> => {
  const headers: Record<string, string> = { 'Accept-Language': getLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(url, params), { headers });
  } catch (cause) {
    throw new HttpError({ status: 0, code: 'NETWORK', message: i18n.t('shared:http.network'), body: cause });
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: keep the text.
    }
    throw new HttpError({
      status: response.status,
      code: codeOfBody(body) ?? `HTTP_${response.status}`,
      message: messageOfBody(body) ?? i18n.t('shared:http.unknown'),
      fields: fieldsOfBody(body),
      body,
    });
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; the browser keeps the download going.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return {
    fileName,
    rows: countOf(response.headers.get('X-Export-Rows')),
    total: countOf(response.headers.get('X-Total-Count')),
  };
};
