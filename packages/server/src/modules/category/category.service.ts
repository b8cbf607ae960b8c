import {
  articleCategoryTypeSchema,
  toPage,
  type ArticleCategoryType,
  type Category,
  type CategoryCreateBody,
  type CategoryQuery,
  type CategoryTreeNode,
  type CategoryType,
  type CategoryUpdateBody,
  type CuwCategoryType,
  type ManagedCategoryType,
  type Page,
  type TreeCategoryType,
} from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { ArticleAccess, ArticleAction } from '../article/article.access.js';
import type { AuthService, Principal } from '../auth/auth.service.js';
import {
  cuwPermissionId,
  ownerOf,
  scopeOfCategoryType,
  visibleOwnerKeys,
  type CuwAccess,
} from '../cuw/cuw.access.js';
import {
  countArticlesPerCategory,
  countTicketsPerCategory,
  deleteCategory,
  findCategoryByCid,
  insertCategory,
  listCategories,
  listCategoryLinks,
  pageCategories,
  updateCategory,
  withDescendants,
  type CategoryRow,
} from './category.repository.js';

export type CategoryService = ReturnType<typeof createCategoryService>;

type Change = 'add' | 'edit' | 'delete';

/** Ticket categories: read with the ticket lists, changed by those who manage tickets (as SLA policies). */
const ticketPermissionId = 'ticket.list';

/**
 * Categories of two families:
 * - quick replies (cuw_*): flat, owned like the replies of their scope (cuw.access.ts);
 * - articles (support, blog, …): a tree per type owned by the organisation, guarded by the
 *   article type's permission (article.access.ts);
 * - tickets (ticket): the organisation's tree, read with authority `workorder` and ticket.list or
 *   ticket.my query, changed with ticket.list delete (administrators, as SLA policies).
 * Trees: a parent has the same type and owner; a
 *   category never moves below itself. Deleting one deletes its subtree (foreign-key cascade)
 *   and leaves its articles uncategorised.
 */
export const createCategoryService = (deps: {
  db: Executor;
  access: CuwAccess;
  articleAccess: ArticleAccess;
  auth: Pick<AuthService, 'hasPermission'>;
  now?: () => number;
}) => {
  const { db, access, articleAccess, auth } = deps;
  const now = deps.now ?? Date.now;

  const isArticleType = (type: string): type is ArticleCategoryType =>
    articleCategoryTypeSchema.safeParse(type).success;
  const isTreeType = (type: string): type is TreeCategoryType => type === 'ticket' || isArticleType(type);

  const canManageTickets = async (principal: Principal) =>
    principal.authorities.has('workorder') &&
    (await auth.hasPermission(principal, ticketPermissionId, 'delete'));

  const toCategory = (row: CategoryRow, editable: boolean): Category => ({
    cid: row.cid,
    name: row.name,
    type: row.type as CategoryType,
    parent: row.parent_cid ?? null,
    order: Number(row.sort),
    editable,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const ownerKeyOf = (principal: Principal, type: ManagedCategoryType) =>
    isTreeType(type)
      ? ownerOf('company', principal).ownerKey
      : ownerOf(scopeOfCategoryType(type), principal).ownerKey;

  /** Reading: quick-reply types need kefu.cuw query (as before), article types their query action. */
  const assertCanRead = async (principal: Principal, type: ManagedCategoryType) => {
    if (isArticleType(type)) return articleAccess.assert(principal, type, 'query');
    if (type === 'ticket') {
      if (!principal.authorities.has('workorder'))
        throw AppError.forbidden('error.forbiddenAuthority', { authority: 'workorder' });
      const [canList, canMine] = await Promise.all([
        auth.hasPermission(principal, ticketPermissionId, 'query'),
        auth.hasPermission(principal, 'ticket.my', 'query'),
      ]);
      if (!canList && !canMine)
        throw AppError.forbidden('error.forbiddenPermission', {
          permissionId: ticketPermissionId,
          action: 'query',
        });
      return;
    }
    if (!(await auth.hasPermission(principal, cuwPermissionId, 'query')))
      throw AppError.forbidden('error.forbiddenPermission', {
        permissionId: cuwPermissionId,
        action: 'query',
      });
  };

  const assertCanChange = async (principal: Principal, type: ManagedCategoryType, change: Change) => {
    await assertCanRead(principal, type);
    if (isArticleType(type)) return articleAccess.assert(principal, type, change satisfies ArticleAction);
    if (type === 'ticket') {
      if (!(await canManageTickets(principal)))
        throw AppError.forbidden('error.forbiddenPermission', {
          permissionId: ticketPermissionId,
          action: 'delete',
        });
      return;
    }
    return access.assertCanChange(principal, scopeOfCategoryType(type), change);
  };

  const isEditable = (principal: Principal, type: ManagedCategoryType) =>
    isArticleType(type)
      ? articleAccess.can(principal, type, 'edit')
      : type === 'ticket'
        ? canManageTickets(principal)
        : access.canChange(principal, scopeOfCategoryType(type as CuwCategoryType), 'edit');

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

  const badParent = (
    messageKey: 'category.parentInvalid' | 'category.parentCycle' | 'category.flat',
    cid = '',
  ) =>
    AppError.badRequest(messageKey, {
      params: { cid },
      fields: [
        {
          field: 'parent',
          message: messageKey === 'category.parentCycle' ? 'is below it' : 'is not allowed',
        },
      ],
    });

  /**
   * The parent's id: a category of the same type and owner, not the category itself nor one below
   * it. Quick-reply types are flat.
   */
  const parentIdOf = async (
    type: ManagedCategoryType,
    ownerKey: string,
    parentCid: string | null | undefined,
    self?: CategoryRow,
  ): Promise<number | null> => {
    if (!parentCid) return null;
    if (!isTreeType(type)) throw badParent('category.flat');
    const parent = await findCategoryByCid(db, [ownerKey], parentCid);
    if (!parent || parent.type !== type) throw badParent('category.parentInvalid', parentCid);
    if (self) {
      const below = withDescendants(await listCategoryLinks(db, type, ownerKey), [Number(self.id)]);
      if (below.includes(Number(parent.id))) throw badParent('category.parentCycle', parentCid);
    }
    return Number(parent.id);
  };

  const writing = async (name: string, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  };

  const page = async (principal: Principal, query: CategoryQuery): Promise<Page<Category>> => {
    await assertCanRead(principal, query.type);
    const ownerKey = ownerKeyOf(principal, query.type);
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

  const all = async (principal: Principal, type: ManagedCategoryType): Promise<Category[]> => {
    await assertCanRead(principal, type);
    const editable = await isEditable(principal, type);
    return (await listCategories(db, type, ownerKeyOf(principal, type))).map((row) =>
      toCategory(row, editable),
    );
  };

  /**
   * The type's tree, siblings by order then name, with the not-deleted articles (for `ticket`, the
   * tickets) directly in each.
   */
  const tree = async (principal: Principal, type: TreeCategoryType): Promise<CategoryTreeNode[]> => {
    await assertCanRead(principal, type);
    const ownerKey = ownerKeyOf(principal, type);
    const [rows, counts, editable] = await Promise.all([
      listCategories(db, type, ownerKey),
      type === 'ticket'
        ? countTicketsPerCategory(db, principal.orgId)
        : countArticlesPerCategory(db, type, ownerKey),
      isEditable(principal, type),
    ]);
    const nodes = new Map<number, CategoryTreeNode>(
      rows.map((row) => [
        Number(row.id),
        { ...toCategory(row, editable), articleCount: counts.get(Number(row.id)) ?? 0, children: [] },
      ]),
    );
    const roots: CategoryTreeNode[] = [];
    for (const row of rows) {
      const node = nodes.get(Number(row.id)) as CategoryTreeNode;
      const parent = row.parent_id === null ? undefined : nodes.get(Number(row.parent_id));
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  };

  const create = async (principal: Principal, body: CategoryCreateBody): Promise<Category> => {
    await assertCanChange(principal, body.type, 'add');
    const owner = isTreeType(body.type)
      ? ownerOf('company', principal)
      : ownerOf(scopeOfCategoryType(body.type), principal);
    const parentId = await parentIdOf(body.type, owner.ownerKey, body.parent);
    const cid = createPublicId();
    await writing(body.name, () =>
      insertCategory(db, {
        cid,
        type: body.type,
        ...owner,
        name: body.name,
        parentId,
        sort: body.order ?? 0,
        now: now(),
      }),
    );
    return toCategory(await load(principal, cid), true);
  };

  /** Renames; for article categories also moves (`parent`) and reorders (`order`) when given. */
  const update = async (principal: Principal, body: CategoryUpdateBody): Promise<Category> => {
    const row = await load(principal, body.cid);
    const type = row.type as ManagedCategoryType;
    await assertCanChange(principal, type, 'edit');
    const parentId =
      body.parent === undefined
        ? row.parent_id === null
          ? null
          : Number(row.parent_id)
        : await parentIdOf(type, row.owner_key, body.parent, row);
    await writing(body.name, () =>
      updateCategory(db, row.owner_key, Number(row.id), {
        name: body.name,
        parentId,
        sort: body.order ?? Number(row.sort),
        now: now(),
      }),
    );
    return toCategory(await load(principal, body.cid), true);
  };

  /** Quick replies and articles stay, uncategorised; an article category's subtree goes with it. */
  const remove = async (principal: Principal, cid: string): Promise<void> => {
    const row = await load(principal, cid);
    await assertCanChange(principal, row.type as ManagedCategoryType, 'delete');
    await deleteCategory(db, row.owner_key, Number(row.id));
  };

  return { page, all, tree, create, update, remove };
};
