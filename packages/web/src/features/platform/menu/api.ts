import type { Envelope, MenuCreateBody, MenuItem, MenuNode, MenuUpdateBody, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Spec §7 "Menu" calls. The console manages the `kefu` platform's menu. */
export const MENU_PLATFORM = 'kefu';

export type MenuFilters = { content?: string };

/** `GET /api/v1/menu/query`, or `GET /api/v1/menu/filter` when a search text is given. */
export const fetchMenuPage = async ({
  page,
  size,
  content,
}: PageQuery<MenuFilters>): Promise<Page<MenuItem>> => {
  const search = content?.trim();
  const body = search
    ? await http.get<Envelope<Page<MenuItem>>>('/api/v1/menu/filter', {
        params: { page, size, content: search, platform: MENU_PLATFORM },
      })
    : await http.get<Envelope<Page<MenuItem>>>('/api/v1/menu/query', {
        params: { page, size, platform: MENU_PLATFORM },
      });
  return body.data;
};

export const fetchMenuTree = async (): Promise<MenuNode[]> =>
  (await http.get<Envelope<MenuNode[]>>('/api/v1/menu/list', { params: { platform: MENU_PLATFORM } })).data;

export const createMenu = async (body: MenuCreateBody): Promise<MenuItem> =>
  (
    await http.post<Envelope<MenuItem>>('/api/v1/menu/create', {
      ...body,
      platform: MENU_PLATFORM,
      client: 'web',
    })
  ).data;

export const updateMenu = async (body: MenuUpdateBody): Promise<MenuItem> =>
  (
    await http.put<Envelope<MenuItem>>('/api/v1/menu/update', {
      ...body,
      platform: MENU_PLATFORM,
      client: 'web',
    })
  ).data;

export const deleteMenu = async (mid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/v1/menu/delete', { params: { mid, platform: MENU_PLATFORM } });
};
