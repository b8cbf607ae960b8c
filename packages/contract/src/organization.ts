import { z } from 'zod';

/*
 * Organisation settings (issue 12): the sites allowed to embed the chat page. The chat page's
 * Content-Security-Policy `frame-ancestors` lists them; an empty list lets any site embed it.
 */

/** Sites one organisation may list; each becomes a CSP source, so the header stays bounded. */
export const embedSiteLimit = 50;

/**
 * An origin: scheme, host (optionally `*.` for every subdomain) and port, nothing else. Paths,
 * queries and credentials are refused rather than stripped, so what is stored is what was typed.
 */
const originPattern =
  /^https?:\/\/(\*\.)?(localhost|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+|\d{1,3}(\.\d{1,3}){3})(:\d{1,5})?$/;

export const embedOriginMessage = 'must be an origin such as https://shop.example.com (no path)';

/** Trims, lower-cases and drops one trailing slash before checking the shape. */
export const normalizeEmbedOrigin = (value: string): string => value.trim().toLowerCase().replace(/\/$/, '');

export const isEmbedOrigin = (value: string): boolean => {
  const origin = normalizeEmbedOrigin(value);
  if (origin.length > 255 || !originPattern.test(origin)) return false;
  const port = /:(\d+)$/.exec(origin)?.[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
};

export const embedOriginSchema = z
  .string()
  .max(256)
  .refine(isEmbedOrigin, embedOriginMessage)
  .transform(normalizeEmbedOrigin);

export const embedSitesSchema = z.object({
  /** Origins allowed to frame `/chat/`; empty = any site. */
  sites: z.array(z.string()),
});
export type EmbedSites = z.infer<typeof embedSitesSchema>;

/** POST /api/org/embed-sites: replaces the list; duplicates are dropped by the server. */
export const embedSitesBodySchema = z.object({
  sites: z.array(embedOriginSchema).max(embedSiteLimit, `at most ${embedSiteLimit} sites`),
});
export type EmbedSitesBody = z.input<typeof embedSitesBodySchema>;
