import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutside, OutsideError, type OutsideRequest, type OutsideResponse } from '../../outside/http.js';

/*
 * Downloading a platform user's media with a size bound, and naming what came. Kept with Meta's
 * helpers (Messenger hands over bare CDN addresses) and used by the Feishu and LINE adapters too,
 * because helpers may only write under their platforms' folders (move to lib/channels/ when one exists).
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

export const mediaTypeOf = (response: OutsideResponse, fallback = 'application/octet-stream'): string =>
  (response.headers.get('content-type') ?? fallback).split(';')[0].trim().toLowerCase() || fallback;

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
