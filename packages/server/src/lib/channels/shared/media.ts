import type { AdapterContext, FetchedMedia } from '../../../modules/channel/channel.adapter.js';
import { callOutside, OutsideError, type OutsideRequest, type OutsideResponse } from '../../outside/http.js';

/*
 * Downloading a platform user's media (with a size bound where the platform's files can be large)
 * and naming what came: the platform's own name, else the address's, else ours with the type's
 * extension. Shared by every adapter that fetches media over HTTP.
 */

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'video/quicktime': 'mov',
  'audio/aac': 'aac',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/amr': 'amr',
  'audio/x-m4a': 'm4a',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

/** A media type without its parameters, lower-case ("image/png" of "Image/PNG; q=1"). */
export const bareMediaType = (
  value: string | null | undefined,
  fallback = 'application/octet-stream',
): string => (value ?? fallback).split(';')[0].trim().toLowerCase() || fallback;

export const mediaTypeOf = (response: OutsideResponse, fallback = 'application/octet-stream'): string =>
  bareMediaType(response.headers.get('content-type'), fallback);

/** The name the platform gave (Content-Disposition), else `baseName` with the type's extension. */
export const fileNameOf = (response: OutsideResponse, baseName: string, mediaType: string): string => {
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  try {
    const named = encoded ? decodeURIComponent(encoded) : plain;
    if (named && !/[\\/]/.test(named)) return named;
  } catch {
    // A malformed name: fall back to ours.
  }
  return `${baseName}.${extensions[mediaType] ?? 'bin'}`;
};

const tooLarge = (maxBytes: number, status: number) =>
  new OutsideError(
    'protocol',
    `the file is larger than ${Math.round(maxBytes / 1048576)} MB`,
    status,
    false,
    'too_large',
  );

/**
 * A GET whose answer may be at most `maxBytes`: refused from Content-Length when the platform
 * gives it, else cut off while streaming, so a huge or endless answer cannot fill the memory.
 */
export const callOutsideBounded = async (
  ctx: AdapterContext,
  request: OutsideRequest,
  maxBytes: number,
): Promise<OutsideResponse> => {
  const fetchBounded: typeof fetch = async (input, init) => {
    const response = await (ctx.fetchImpl ?? fetch)(input, init);
    if (response.status >= 400 || !response.body) return response;
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body.cancel();
      throw tooLarge(maxBytes, response.status);
    }
    let seen = 0;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(tooLarge(maxBytes, response.status));
        else controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      headers: response.headers,
    });
  };
  return callOutside(request, fetchBounded);
};

/** The address's last segment when it looks like a file name, else as `fileNameOf`. */
export const fileNameFromAddress = (
  url: URL,
  response: OutsideResponse,
  baseName: string,
  mediaType: string,
): string => {
  const fromPath = url.pathname.split('/').pop() ?? '';
  return /^[\w.%-]+\.[a-z0-9]{2,5}$/i.test(fromPath) ? fromPath : fileNameOf(response, baseName, mediaType);
};

/**
 * Media that a platform hands over as a plain CDN address (Shopee, Lazada, Douyin, Baidu): one
 * GET, the type from the answer's header, a name from the address.
 */
export const fetchMediaByUrl = async (
  ctx: AdapterContext,
  url: string,
  baseName: string,
): Promise<FetchedMedia> => {
  if (!/^https?:\/\//i.test(url))
    throw new OutsideError('protocol', 'the media reference is not an address', null, false, 'bad_media_ref');
  const response = await callOutside({ url }, ctx.fetchImpl);
  const mediaType = mediaTypeOf(response);
  return {
    data: response.body,
    mediaType,
    fileName: fileNameFromAddress(new URL(url), response, baseName, mediaType),
  };
};
