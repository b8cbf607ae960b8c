import { useCallback, useRef } from 'react';
import type { Page } from '@openkefu/contract';

/** ProTable's request params: 1-based `current`, `pageSize`, plus the search form's fields. */
export type TableParams = { current?: number; pageSize?: number; keyword?: string } & Record<string, unknown>;

/** What ProTable expects back from `request`. */
export type TableResult<T> = { data: T[]; total: number; success: boolean };

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

export const toTableResult = <T>(page: Pick<Page<T>, 'content' | 'totalElements'>): TableResult<T> => ({
  data: page.content,
  total: page.totalElements,
  success: true,
});

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
  fetchPage: (query: PageQuery<F>) => Promise<Pick<Page<T>, 'content' | 'totalElements'>>,
  options: UsePageRequestOptions = {},
): ((params: TableParams) => Promise<TableResult<T>>) => {
  // The latest function and options are read at call time, so the returned request stays stable
  // and ProTable does not refetch on every render.
  const latest = useRef({ fetchPage, options });
  latest.current = { fetchPage, options };
  return useCallback(async (params: TableParams) => {
    const { fetchPage: fetcher, options: opts } = latest.current;
    try {
      return toTableResult(await fetcher(toPageQuery<F>(params, opts.defaultSize)));
    } catch (error) {
      opts.onError?.(error);
      return { data: [], total: 0, success: false };
    }
  }, []);
};
