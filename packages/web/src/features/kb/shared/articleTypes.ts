import type { ArticleSummary, ArticleType } from '@openkefu/contract';

/*
 * Each article list of the knowledge-base menu (spec §2) and the permission that guards it: the
 * menu item's name (`kb.list`, `kb.blog`…) with the actions query/get/add/edit/delete.
 */
export const ARTICLE_PERMISSION: Record<ArticleType, string> = {
  support: 'kb.list',
  blog: 'kb.blog',
  knowledge: 'kb.internal',
  zhaobiao: 'kb.zhaobiaolist',
  jinrimeiyu: 'kb.jinrimeiyulist',
  tiku: 'kb.tikulist',
  tikuqa: 'kb.tikuqalist',
};

export const ARTICLE_TYPES = Object.keys(ARTICLE_PERMISSION) as ArticleType[];

/** A list row: the summary carries `tender` / `question` for those types' columns. */
export type ArticleRow = ArticleSummary;

export type ArticleAction = 'query' | 'get' | 'add' | 'edit' | 'delete';

export const permissionOf = (type: ArticleType, action: ArticleAction): string =>
  `${ARTICLE_PERMISSION[type]}.${action}`;
