import { useQuery } from '@tanstack/react-query';
import { fetchMenuTree } from '../menu/api';

/** Same key as the menu page's, so both share one cached tree and its refreshes. */
export const MENU_TREE_QUERY_KEY = ['menu', 'tree'] as const;

/** `GET /api/v1/menu/list?platform=kefu`: the menu tree, for titles of sections and permissions. */
export const useMenuTree = () => useQuery({ queryKey: MENU_TREE_QUERY_KEY, queryFn: fetchMenuTree });
