import type { AdapterContext, FetchedMedia } from '../../../modules/channel/channel.adapter.js';
import { callOutside, OutsideError } from '../../outside/http.js';

/*
 * Media that a platform hands over as a plain CDN address (Shopee, Lazada, Douyin, Baidu): one GET,
 * the type from the answer's header, a name from the address. Shared by those adapters.
 */

const extensionOf = (mediaType: string) =>
  ({ 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' })[mediaType] ?? 'bin';

export const fetchMediaByUrl = async (
  ctx: AdapterContext,
  url: string,
  baseName: string,
): Promise<FetchedMedia> => {
  if (!/^https?:\/\//i.test(url))
    throw new OutsideError('protocol', 'the media reference is not an address', null, false, 'bad_media_ref');
  const response = await callOutside({ url }, ctx.fetchImpl);
  const mediaType = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0].trim();
  const fromPath = new URL(url).pathname.split('/').pop() ?? '';
  const fileName = /\.[a-z0-9]{2,5}$/i.test(fromPath) ? fromPath : `${baseName}.${extensionOf(mediaType)}`;
  return { data: response.body, mediaType, fileName };
};
