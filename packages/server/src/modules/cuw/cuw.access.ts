import type { CuwCategoryType, CuwScope, PermissionAction } from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Principal } from '../auth/auth.service.js';

/*
 * Who owns and who may change quick replies and their categories (keep in sync with
 * docs/architecture.md "Agent tools"):
 * - mine: the signed-in user's own; anyone who may read the page manages them entirely;
 * - company: the organisation's; each change needs its action on `kefu.cuw` (add, edit, delete,
 *   import, export), so agents add and edit but only admins delete;
 * - platform: everyone reads them; only platform staff change them.
 */

export const cuwPermissionId = 'kefu.cuw';

export type CuwOwner = { scope: CuwScope; ownerKey: string; orgId: number | null; userId: number | null };

export const ownerOf = (scope: CuwScope, principal: Principal): CuwOwner => {
  if (scope === 'platform') return { scope, ownerKey: 'platform', orgId: null, userId: null };
  if (scope === 'company')
    return { scope, ownerKey: `org:${principal.orgId}`, orgId: principal.orgId, userId: null };
  return { scope, ownerKey: `user:${principal.userId}`, orgId: principal.orgId, userId: principal.userId };
};

/** The owners whose rows the caller sees: its own, its organisation's, the platform's. */
export const visibleOwnerKeys = (principal: Principal): string[] =>
  (['mine', 'company', 'platform'] as const).map((scope) => ownerOf(scope, principal).ownerKey);

export const scopeOfCategoryType = (type: CuwCategoryType): CuwScope =>
  type === 'cuw_mine' ? 'mine' : type === 'cuw_company' ? 'company' : 'platform';

export type CuwAction = Extract<PermissionAction, 'add' | 'edit' | 'delete' | 'import' | 'export'>;

export const createCuwAccess = (auth: Pick<AuthService, 'hasPermission'>) => {
  const canChange = async (principal: Principal, scope: CuwScope, action: CuwAction): Promise<boolean> => {
    if (scope === 'mine') return true;
    if (scope === 'platform') return principal.isPlatformStaff;
    return auth.hasPermission(principal, cuwPermissionId, action);
  };

  const assertCanChange = async (principal: Principal, scope: CuwScope, action: CuwAction) => {
    if (await canChange(principal, scope, action)) return;
    if (scope === 'platform') throw AppError.forbidden('cuw.platformOnly');
    throw AppError.forbidden('error.forbiddenPermission', { permissionId: cuwPermissionId, action });
  };

  /** Per scope: may the caller edit rows of it (the lists' `editable` flag). */
  const editableScopes = async (principal: Principal): Promise<Record<CuwScope, boolean>> => ({
    mine: true,
    company: await canChange(principal, 'company', 'edit'),
    platform: principal.isPlatformStaff,
  });

  return { canChange, assertCanChange, editableScopes };
};

export type CuwAccess = ReturnType<typeof createCuwAccess>;
