import type { Envelope, Page, Tag, TagCreateBody, TagType, TagUpdateBody } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 5 tags, console side: GET /api/tag/query, /all; POST create / update; DELETE delete. */

export type TagFilters = { type?: TagType; keyword?: string };

export const fetchTagPage = async ({
  page,
  size,
  type,
  keyword,
}: PageQuery<TagFilters>): Promise<Page<Tag>> =>
  (await http.get<Envelope<Page<Tag>>>('/api/tag/query', { params: { page, size, type, keyword } })).data;

export const fetchAllTags = async (type?: TagType): Promise<Tag[]> =>
  (await http.get<Envelope<Tag[]>>('/api/tag/all', { params: { type }, silent: true })).data;

export const createTag = async (body: TagCreateBody): Promise<Tag> =>
  (await http.post<Envelope<Tag>>('/api/tag/create', body)).data;

export const updateTag = async (body: TagUpdateBody): Promise<Tag> =>
  (await http.post<Envelope<Tag>>('/api/tag/update', body)).data;

export const deleteTag = async (tgid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/tag/delete', { params: { tgid } });
};
