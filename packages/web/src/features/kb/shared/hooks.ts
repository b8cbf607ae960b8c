import { useQuery } from '@tanstack/react-query';
import type { ArticleType } from '@openkefu/contract';
import { fetchCategoryTree } from './api';

export const categoryTreeKey = (type: ArticleType) => ['kb', 'categoryTree', type] as const;

/** The article type's category tree, shared by the list's tree, the filters and the editor. */
export const useCategoryTree = (type: ArticleType) =>
  useQuery({ queryKey: categoryTreeKey(type), queryFn: () => fetchCategoryTree(type) });
