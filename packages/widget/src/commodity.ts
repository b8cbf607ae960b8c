/*
 * The product the visitor is looking at, as the site gives it (embed snippet, window.openkefu
 * ('commodity', …), the chat address's `commodity` parameter). Checked like the contract's
 * commodityInputSchema (the server checks again): plain one-line text, an http(s) address, an
 * https image. Plain code rather than the contract's: the loader and the first load stay without zod.
 */

export type SiteCommodity = { title: string; price: string; image: string; url: string };

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const text = (value: unknown, max: number): string =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value).replace(controlCharacters, ' ').replace(/\s+/g, ' ').trim().slice(0, max)
    : '';

const webUrl = (value: unknown, protocols: string[]): string => {
  if (typeof value !== 'string' || value.length > 2000) return '';
  try {
    const url = new URL(value.trim());
    return protocols.includes(url.protocol) ? url.toString() : '';
  } catch {
    return '';
  }
};

/** The product, or null when it has no title or no http(s) address. */
export const toCommodity = (value: unknown): SiteCommodity | null => {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const commodity = {
    title: text(record.title, 200),
    price: text(record.price, 50),
    image: webUrl(record.image, ['https:']),
    url: webUrl(record.url, ['http:', 'https:']),
  };
  return commodity.title && commodity.url ? commodity : null;
};

/** From the chat address's `commodity` parameter (JSON), or null. */
export const readCommodityParam = (raw: string | null): SiteCommodity | null => {
  if (!raw) return null;
  try {
    return toCommodity(JSON.parse(raw));
  } catch {
    return null;
  }
};
