import { useRef } from 'react';
import type { Page } from '@openkefu/contract';
import { i18n } from '../i18n';

/** ProTable's request params: 1-based `current`, `pageSize`, plus the search form's fields. */
export type TableParams = { current?: number; pageSize?: number; keyword?: string } & Record<string, unknown>;

/** What ProTable expects back from `request` (`totalCapped`: the total is a lower bound). */
export type TableResult<T> = { data: T[]; total: number; success: boolean; totalCapped?: boolean };

type PageOf<T> = Pick<Page<T>, 'content' | 'totalElements' | 'totalCapped'>;

/** The server's paging (DESIGN §3): 0-based `page`, `size`, plus filters. */
export type PageQuery<F> = { page: number; size: number } & F;

/** Spec §9: lists page by 20 unless they say otherwise. */
export const DEFAULT_PAGE_SIZE = 20;

/**
 * ProTable counts pages from 1, the server from 0. Empty filter values (ProTable sends '' for a
 * cleared input) are dropped so that they do not narrow the query.
 */
export const toPageQuery = <F extends Record<string, unknown>>(
  params: TableParams,
  defaultSize: number = DEFAULT_PAGE_SIZE,
): PageQuery<F> => {
  const { current, pageSize, ...rest } = params;
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    filters[key] = typeof value === 'string' ? value.trim() : value;
  }
  const page = Number.isFinite(current) && (current ?? 0) > 0 ? Math.floor(current as number) - 1 : 0;
  const size =
    Number.isFinite(pageSize) && (pageSize ?? 0) > 0 ? Math.floor(pageSize as number) : defaultSize;
  return { ...(filters as F), page, size };
};

/**
 * A capped total counted one row past the cap (or the page asked for) to know there is more: the
 * table is given the rows it can page to, and says "more than" that many.
 */
export const toTableResult = <T>(page: PageOf<T>): TableResult<T> =>
  page.totalCapped
    ? { data: page.content, total: Math.max(page.totalElements - 1, 0), success: true, totalCapped: true }
    : { data: page.content, total: page.totalElements, success: true };

/** Pagination's "1-20 of 135 items", or "of more than 1,000 items" when the server stopped counting. */
export const formatTotal = (total: number, range: [number, number], isCapped: boolean): string =>
  i18n.t(isCapped ? 'shared:pagination.totalCapped' : 'shared:pagination.total', {
    from: range[0],
    to: range[1],
    total: total.toLocaleString(i18n.language),
  });

/** ProTable's request, and the pagination's `showTotal` that knows whether the last total was capped. */
export type PageRequest<T> = ((params: TableParams) => Promise<TableResult<T>>) & {
  showTotal: (total: number, range: [number, number]) => string;
};

export type UsePageRequestOptions = {
  defaultSize?: number;
  /** Called when the fetch fails; the table then shows its empty state. */
  onError?: (error: unknown) => void;
};

/**
 * The one adapter from ProTable's `request` to the page contract. Every list in the console goes
 * through it: `<ProTable request={usePageRequest(fetchMenus)} />`.
 */
export const usePageRequest = <T, F extends Record<string, unknown> = Record<string, unknown>>(
  fetchPage: (query: PageQuery<F>) => Promise<PageOf<T>>,
  options: UsePageRequestOptions = {},
): PageRequest<T> => {
  // The latest function and options are read at call time, so the returned request stays stable
  // and ProTable does not refetch on every render.
  const latest = useRef({ fetchPage, options });
  latest.current = { fetchPage, options };
  const pageRequest = useRef<PageRequest<T> | null>(null);
  if (!pageRequest.current) {
    let isCapped = false;
    const request = async (params: TableParams): Promise<TableResult<T>> => {
      const { fetchPage: fetcher, options: opts } = latest.current;
      try {
        const result = toTableResult(await fetcher(toPageQuery<F>(params, opts.defaultSize)));
        isCapped = result.totalCapped === true;
        return result;
      } catch (error) {
        opts.onError?.(error);
        isCapped = false;
        return { data: [], total: 0, success: false };
      }
    };
    pageRequest.current = Object.assign(request, {
      showTotal: (total: number, range: [number, number]) => formatTotal(total, range, isCapped),
    });
  }
  return pageRequest.current;
};
