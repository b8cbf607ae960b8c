import {
  toPage,
  type Category,
  type CategoryCreateBody,
  type CategoryQuery,
  type CategoryType,
  type CategoryUpdateBody,
  type CuwCategoryType,
  type Page,
} from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { ownerOf, scopeOfCategoryType, visibleOwnerKeys, type CuwAccess } from '../cuw/cuw.access.js';
import {
  deleteCategory,
  findCategoryByCid,
  insertCategory,
  listCategories,
  pageCategories,
  renameCategory,
  type CategoryRow,
} from './category.repository.js';

export type CategoryService = ReturnType<typeof createCategoryService>;

/** Quick-reply categories (the cuw_* types): owned like the replies of their scope. */
export const createCategoryService = (deps: { db: Executor; access: CuwAccess; now?: () => number }) => {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;

  const toCategory = (row: CategoryRow, editable: boolean): Category => ({
    cid: row.cid,
    name: row.name,
    type: row.type as CategoryType,
    editable,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const isEditable = (principal: Principal, type: CuwCategoryType) =>
    access.canChange(principal, scopeOfCategoryType(type), 'edit');

  const nameTaken = (name: string) =>
    AppError.conflict('category.nameTaken', {
      params: { name },
      fields: [{ field: 'name', message: 'already exists' }],
    });

  const load = async (principal: Principal, cid: string): Promise<CategoryRow> => {
    const row = await findCategoryByCid(db, visibleOwnerKeys(principal), cid);
    if (!row) throw AppError.notFound('category.notFound', { cid });
    return row;
  };

  const page = async (principal: Principal, query: CategoryQuery): Promise<Page<Category>> => {
    const { ownerKey } = ownerOf(scopeOfCategoryType(query.type), principal);
    const { rows, total } = await pageCategories(
      db,
      { type: query.type, ownerKey, keyword: query.keyword },
      query,
    );
    const editable = await isEditable(principal, query.type);
    return toPage(
      rows.map((row) => toCategory(row, editable)),
      total,
      query,
    );
  };

  const all = async (principal: Principal, type: CuwCategoryType): Promise<Category[]> => {
    const { ownerKey } = ownerOf(scopeOfCategoryType(type), principal);
    const editable = await isEditable(principal, type);
    return (await listCategories(db, type, ownerKey)).map((row) => toCategory(row, editable));
  };

  const create = async (principal: Principal, body: CategoryCreateBody): Promise<Category> => {
    const scope = scopeOfCategoryType(body.type);
    await access.assertCanChange(principal, scope, 'add');
    const owner = ownerOf(scope, principal);
    const cid = createPublicId();
    try {
      await insertCategory(db, { cid, type: body.type, ...owner, name: body.name, now: now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
    return toCategory(await load(principal, cid), true);
  };

  const update = async (principal: Principal, body: CategoryUpdateBody): Promise<Category> => {
    const row = await load(principal, body.cid);
    const type = row.type as CuwCategoryType;
    await access.assertCanChange(principal, scopeOfCategoryType(type), 'edit');
    try {
      await renameCategory(db, row.owner_key, Number(row.id), body.name, now());
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name);
      throw error;
    }
    return toCategory(await load(principal, body.cid), true);
  };

  /** Its replies stay, without a category. */
  const remove = async (principal: Principal, cid: string): Promise<void> => {
    const row = await load(principal, cid);
    await access.assertCanChange(principal, scopeOfCategoryType(row.type as CuwCategoryType), 'delete');
    await deleteCategory(db, row.owner_key, Number(row.id));
  };

  return { page, all, create, update, remove };
};
