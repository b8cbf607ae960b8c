import { adminOnlyArticleTypes, type ArticleType, type PermissionAction } from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './article.messages.js';
import type { AuthService, Principal } from '../auth/auth.service.js';

/*
 * Who may read and change articles (and their categories) of each type: the menu item's
 * permission (its name is the permissionId, docs/architecture.md "Tenancy, roles, permissions,
 * menus") with the action of the call; the admin-only types (contract adminOnlyArticleTypes, the
 * menu's adminOnly items) additionally need the admin account. Keep in sync with menu.seed.ts.
 */

export const articlePermissionIds: Record<ArticleType, string> = {
  support: 'kb.list',
  blog: 'kb.blog',
  knowledge: 'kb.internal',
  zhaobiao: 'kb.zhaobiaolist',
  jinrimeiyu: 'kb.jinrimeiyulist',
  tiku: 'kb.tikulist',
  tikuqa: 'kb.tikuqalist',
};

export type ArticleAction = Extract<PermissionAction, 'query' | 'get' | 'add' | 'edit' | 'delete'>;

export const isAdminOnlyArticleType = (type: ArticleType): boolean => adminOnlyArticleTypes.includes(type);

export const createArticleAccess = (auth: Pick<AuthService, 'hasPermission'>) => {
  const can = async (principal: Principal, type: ArticleType, action: ArticleAction): Promise<boolean> =>
    (!isAdminOnlyArticleType(type) || principal.isAdminAccount) &&
    auth.hasPermission(principal, articlePermissionIds[type], action);

  const assert = async (principal: Principal, type: ArticleType, action: ArticleAction): Promise<void> => {
    if (isAdminOnlyArticleType(type) && !principal.isAdminAccount)
      throw AppError.forbidden('article.adminOnly');
    const permissionId = articlePermissionIds[type];
    if (!(await auth.hasPermission(principal, permissionId, action)))
      throw AppError.forbidden('error.forbiddenPermission', { permissionId, action });
  };

  return { can, assert };
};

export type ArticleAccess = ReturnType<typeof createArticleAccess>;
