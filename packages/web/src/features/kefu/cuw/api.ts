import {
  cuwCategoryTypeOf,
  type Category,
  type Cuw,
  type CuwCreateBody,
  type CuwScope,
  type CuwUpdateBody,
  type Envelope,
  type Page,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { downloadFile, type Download } from '../../../shared/api/download';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 5 quick replies, console side: /api/cuw/* and their categories under /api/category/*. */

export type CuwFilters = { scope: CuwScope; category?: string; keyword?: string };

export const fetchCuwPage = async ({
  page,
  size,
  scope,
  category,
  keyword,
}: PageQuery<CuwFilters>): Promise<Page<Cuw>> =>
  (
    await http.get<Envelope<Page<Cuw>>>('/api/cuw/query', {
      params: { page, size, scope, category, keyword },
    })
  ).data;

export const createCuw = async (body: CuwCreateBody): Promise<Cuw> =>
  (await http.post<Envelope<Cuw>>('/api/cuw/create', body)).data;

export const updateCuw = async (body: CuwUpdateBody): Promise<Cuw> =>
  (await http.post<Envelope<Cuw>>('/api/cuw/update', body)).data;

export const deleteCuw = async (cid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/cuw/delete', { params: { cid } });
};

export const exportCuw = (filters: CuwFilters, fallbackName: string): Promise<Download> =>
  downloadFile('/api/cuw/export', { ...filters }, fallbackName);

export const fetchCategories = async (scope: CuwScope): Promise<Category[]> =>
  (await http.get<Envelope<Category[]>>('/api/category/all', { params: { type: cuwCategoryTypeOf[scope] } }))
    .data;

export const createCategory = async (scope: CuwScope, name: string): Promise<Category> =>
  (await http.post<Envelope<Category>>('/api/category/create', { type: cuwCategoryTypeOf[scope], name }))
    .data;

export const renameCategory = async (cid: string, name: string): Promise<Category> =>
  (await http.post<Envelope<Category>>('/api/category/update', { cid, name })).data;

export const deleteCategory = async (cid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/category/delete', { params: { cid } });
};
