import { linkCardSchema, toCardText, type LinkCard } from '@openkefu/contract';
import { createGuardedFetch, type GuardedFetchOptions } from './guarded-fetch.js';
import { declaredCharset, readPageMeta } from './html-meta.js';

/*
 * Link cards: the title, description and image of a page someone sent, fetched through the guarded
 * fetch and remembered for a while, so a link pasted into many chats is fetched once per node. A
 * page that cannot be read (refused, slow, not HTML, no title) gives no card, and that is
 * remembered too.
 */

export type LinkPreviewOptions = GuardedFetchOptions & {
  /** How long a result is kept (default an hour). */
  cacheMs?: number;
  cacheSize?: number;
  /** Fetches at once on this node; past it a link simply gets no card. */
  maxInFlight?: number;
  now?: () => number;
};

export type LinkPreviewer = { preview: (url: string) => Promise<LinkCard | null> };

const decode = (body: Buffer, contentType: string): string => {
  const fromHeader = /charset\s*=\s*["']?([a-zA-Z0-9_-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  const charset = fromHeader ?? declaredCharset(body.subarray(0, 4096).toString('latin1')) ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
};

/** An image address as the card may hold it: absolute, https only (no mixed content, no proxy). */
const imageOf = (raw: string, pageUrl: string): string => {
  if (!raw) return '';
  try {
    const url = new URL(raw, pageUrl);
    return url.protocol === 'https:' && url.toString().length <= 2000 ? url.toString() : '';
  } catch {
    return '';
  }
};

export const createLinkPreviewer = (options: LinkPreviewOptions = {}): LinkPreviewer => {
  const fetchPage = createGuardedFetch(options);
  const cacheMs = options.cacheMs ?? 60 * 60 * 1000;
  const cacheSize = options.cacheSize ?? 1000;
  const maxInFlight = options.maxInFlight ?? 8;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { card: LinkCard | null; expiresAt: number }>();
  const inFlight = new Map<string, Promise<LinkCard | null>>();

  const load = async (url: string): Promise<LinkCard | null> => {
    try {
      const page = await fetchPage(url);
      const meta = readPageMeta(decode(page.body, page.contentType));
      const parsed = linkCardSchema.safeParse({
        kind: 'link',
        url,
        // One line of plain text each: the page's markup and line breaks are not ours to show.
        title: toCardText(meta.title, 300),
        description: toCardText(meta.description, 1000),
        image: imageOf(meta.image, page.url),
        siteName: toCardText(meta.siteName || new URL(page.url).hostname, 100),
      });
      return parsed.success && parsed.data.title ? parsed.data : null;
    } catch {
      return null;
    }
  };

  const remember = (url: string, card: LinkCard | null) => {
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(url, { card, expiresAt: now() + cacheMs });
  };

  return {
    preview: async (url) => {
      const cached = cache.get(url);
      if (cached && cached.expiresAt > now()) return cached.card;
      const running = inFlight.get(url);
      if (running) return running;
      if (inFlight.size >= maxInFlight) return null;
      const loading = load(url).then((card) => {
        remember(url, card);
        inFlight.delete(url);
        return card;
      });
      inFlight.set(url, loading);
      return loading;
    },
  };
};
