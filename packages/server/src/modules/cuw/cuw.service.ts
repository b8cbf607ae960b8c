import {
  cuwContentSchema,
  cuwCreateBodySchema,
  cuwImportFieldsSchema,
  cuwNameSchema,
  cuwShortCutSchema,
  cuwCategoryTypeOf,
  cuwUpdateBodySchema,
  toPage,
  type Cuw,
  type CuwAllQuery,
  type CuwCreateBody,
  type CuwExportQuery,
  type CuwImportReport,
  type CuwQuery,
  type CuwScope,
  type CuwUpdateBody,
  type Language,
  type Page,
} from '@openkefu/contract';
import { z } from 'zod';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate, type MessageKey } from '../../http/i18n.js';
// Its own keys: loaded even where the app (and src/messages.ts) is not.
import './cuw.messages.js';
import { readSheetRows, writeWorkbook, type SheetColumn, type SheetFormat } from '../../lib/excel/excel.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { findCategoryByCid, findCategoryByName, insertCategory } from '../category/category.repository.js';
import { ownerOf, visibleOwnerKeys, type CuwAccess, type CuwOwner } from './cuw.access.js';
import {
  deleteReply,
  findReplyByCid,
  incrementReplyUse,
  insertReply,
  isShortCutTaken,
  listReplies,
  listShortCuts,
  pageReplies,
  updateReply,
  type QuickReplyRow,
} from './cuw.repository.js';

export type CuwService = ReturnType<typeof createCuwService>;

/** The picker lists at most this many replies; its search narrows further. */
export const cuwPickerLimit = 500;
/** An export holds at most this many rows. */
export const cuwExportLimit = 10_000;
/** An import reads at most this many data rows. */
export const cuwImportRowLimit = 5_000;

type ColumnKey = 'name' | 'content' | 'shortCut' | 'category';

const headersOf = (key: MessageKey, field: string) => [
  translate(key, 'en-US'),
  translate(key, 'zh-CN'),
  field,
];

/** The import's columns: found by their heading in either language (or the field name). */
const importColumns: SheetColumn<ColumnKey>[] = [
  { key: 'name', headers: headersOf('cuw.column.name', 'name'), isRequired: true },
  { key: 'content', headers: headersOf('cuw.column.content', 'content'), isRequired: true },
  { key: 'shortCut', headers: headersOf('cuw.column.shortCut', 'shortCut') },
  { key: 'category', headers: headersOf('cuw.column.category', 'category') },
];

const importRowSchema = z.object({
  name: cuwNameSchema,
  content: cuwContentSchema,
  shortCut: cuwShortCutSchema.default(''),
  category: z.string().trim().max(64).default(''),
});

export const createCuwService = (deps: { db: Executor; access: CuwAccess; now?: () => number }) => {
  const { db, access } = deps;
  const now = deps.now ?? Date.now;

  const toCuw = (row: QuickReplyRow, editable: Record<CuwScope, boolean>): Cuw => {
    const scope = row.scope as CuwScope;
    return {
      cid: row.cid,
      scope,
      name: row.name,
      content: row.content,
      shortCut: row.short_cut,
      count: Number(row.use_count),
      category: row.category_cid === null ? null : { cid: row.category_cid, name: row.category_name ?? '' },
      editable: editable[scope],
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  };

  const load = async (principal: Principal, cid: string): Promise<QuickReplyRow> => {
    const row = await findReplyByCid(db, visibleOwnerKeys(principal), cid);
    if (!row) throw AppError.notFound('cuw.notFound', { cid });
    return row;
  };

  const reload = async (principal: Principal, cid: string): Promise<Cuw> =>
    toCuw(await load(principal, cid), await access.editableScopes(principal));

  const ownerKeysOf = (principal: Principal, scope: CuwScope | undefined) =>
    scope ? [ownerOf(scope, principal).ownerKey] : visibleOwnerKeys(principal);

  /** The category a reply of `owner` may use: same owner, the scope's type; 404 otherwise. */
  const categoryIdOf = async (owner: CuwOwner, cid: string | undefined): Promise<number | null> => {
    if (!cid) return null;
    const row = await findCategoryByCid(db, [owner.ownerKey], cid);
    if (!row || row.type !== cuwCategoryTypeOf[owner.scope])
      throw AppError.notFound('category.notFound', { cid });
    return Number(row.id);
  };

  const shortCutTaken = (shortCut: string) =>
    AppError.conflict('cuw.shortCutTaken', {
      params: { shortCut },
      fields: [{ field: 'shortCut', message: 'already used in this list' }],
    });

  const assertShortCutFree = async (owner: CuwOwner, shortCut: string, exceptId?: number) => {
    if (shortCut && (await isShortCutTaken(db, owner.ownerKey, shortCut, exceptId)))
      throw shortCutTaken(shortCut);
  };

  /** A concurrent write can still win the race to the unique index: same answer as the check. */
  const writing = async (shortCut: string, write: () => Promise<void>) => {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw shortCutTaken(shortCut);
      throw error;
    }
  };

  const page = async (principal: Principal, query: CuwQuery): Promise<Page<Cuw>> => {
    const filter = {
      ownerKeys: ownerKeysOf(principal, query.scope),
      categoryCid: query.category,
      keyword: query.keyword,
    };
    const { rows, total } = await pageReplies(db, filter, query);
    const editable = await access.editableScopes(principal);
    return toPage(
      rows.map((row) => toCuw(row, editable)),
      total,
      query,
    );
  };

  const all = async (principal: Principal, query: CuwAllQuery): Promise<Cuw[]> => {
    const rows = await listReplies(
      db,
      { ownerKeys: visibleOwnerKeys(principal), keyword: query.keyword },
      cuwPickerLimit,
    );
    const editable = await access.editableScopes(principal);
    return rows.map((row) => toCuw(row, editable));
  };

  const create = async (principal: Principal, input: CuwCreateBody): Promise<Cuw> => {
    const body = cuwCreateBodySchema.parse(input);
    await access.assertCanChange(principal, body.scope, 'add');
    const owner = ownerOf(body.scope, principal);
    const categoryId = await categoryIdOf(owner, body.category);
    await assertShortCutFree(owner, body.shortCut);
    const cid = createPublicId();
    await writing(body.shortCut, () =>
      insertReply(db, {
        cid,
        ...owner,
        categoryId,
        name: body.name,
        content: body.content,
        shortCut: body.shortCut,
        now: now(),
      }),
    );
    return reload(principal, cid);
  };

  const update = async (principal: Principal, input: CuwUpdateBody): Promise<Cuw> => {
    const body = cuwUpdateBodySchema.parse(input);
    const row = await load(principal, body.cid);
    const scope = row.scope as CuwScope;
    await access.assertCanChange(principal, scope, 'edit');
    const owner = ownerOf(scope, principal);
    const categoryId = await categoryIdOf(owner, body.category);
    await assertShortCutFree(owner, body.shortCut, Number(row.id));
    await writing(body.shortCut, () =>
      updateReply(db, row.owner_key, Number(row.id), {
        name: body.name,
        content: body.content,
        shortCut: body.shortCut,
        categoryId,
        now: now(),
      }),
    );
    return reload(principal, body.cid);
  };

  const remove = async (principal: Principal, cid: string): Promise<void> => {
    const row = await load(principal, cid);
    await access.assertCanChange(principal, row.scope as CuwScope, 'delete');
    await deleteReply(db, row.owner_key, Number(row.id));
  };

  /** Counts an insertion into a conversation; any reply the caller sees may be used. */
  const use = async (principal: Principal, cid: string): Promise<Cuw> => {
    const row = await load(principal, cid);
    await incrementReplyUse(db, row.owner_key, Number(row.id));
    return reload(principal, cid);
  };

  const fileName = (key: MessageKey, language: Language) => translate(key, language);

  /** The import template: the import's headings in the request's language and one example row. */
  const template = async (language: Language) => {
    const t = (key: MessageKey) => translate(key, language);
    const example = {
      name: t('cuw.example.name'),
      content: t('cuw.example.content'),
      shortCut: t('cuw.example.shortCut'),
      category: t('cuw.example.category'),
    };
    const content = await writeWorkbook({
      sheetName: t('cuw.sheet'),
      columns: [
        { header: t('cuw.column.name'), width: 24, value: (row: typeof example) => row.name },
        { header: t('cuw.column.content'), width: 60, value: (row: typeof example) => row.content },
        { header: t('cuw.column.shortCut'), width: 14, value: (row: typeof example) => row.shortCut },
        { header: t('cuw.column.category'), width: 18, value: (row: typeof example) => row.category },
      ],
      rows: [example],
    });
    return { content, fileName: fileName('cuw.import.file', language) };
  };

  /**
   * Reads a sheet into the scope given in the form. Each refused row is reported (its row, column
   * and reason) and written not at all; the accepted rows are written in one transaction, their
   * categories (by name) found or created on the way.
   */
  const importSheet = async (
    principal: Principal,
    file: { buffer: Buffer; format: SheetFormat; fields: Record<string, string> },
    language: Language,
  ): Promise<CuwImportReport> => {
    const fields = cuwImportFieldsSchema.safeParse(file.fields);
    if (!fields.success)
      throw AppError.validation([{ field: 'scope', message: 'must be one of: mine, company, platform' }]);
    const { scope } = fields.data;
    await access.assertCanChange(principal, scope, 'import');
    const owner = ownerOf(scope, principal);
    const sheet = await readSheetRows(file, {
      columns: importColumns,
      schema: importRowSchema,
      language,
      maxRows: cuwImportRowLimit,
    });
    const errors = [...sheet.errors];
    const taken = await listShortCuts(db, owner.ownerKey);
    const firstRowOf = new Map<string, number>();
    const accepted = sheet.rows.filter(({ row, value }) => {
      if (!value.shortCut) return true;
      const earlier = firstRowOf.get(value.shortCut);
      if (taken.has(value.shortCut) || earlier !== undefined) {
        errors.push({
          row,
          field: 'shortCut',
          message:
            earlier === undefined
              ? translate('cuw.shortCutTaken', language, { shortCut: value.shortCut })
              : translate('cuw.shortCutRepeated', language, { shortCut: value.shortCut, row: earlier }),
        });
        return false;
      }
      firstRowOf.set(value.shortCut, row);
      return true;
    });
    const type = cuwCategoryTypeOf[scope];
    await db.transaction().execute(async (trx) => {
      const categoryIds = new Map<string, number>();
      for (const { value } of accepted) {
        let categoryId: number | null = null;
        if (value.category) {
          categoryId = categoryIds.get(value.category) ?? null;
          if (categoryId === null) {
            const existing = await findCategoryByName(trx, type, owner.ownerKey, value.category);
            categoryId = existing
              ? Number(existing.id)
              : await insertCategory(trx, {
                  cid: createPublicId(),
                  type,
                  ...owner,
                  name: value.category,
                  now: now(),
                });
            categoryIds.set(value.category, categoryId);
          }
        }
        await insertReply(trx, {
          cid: createPublicId(),
          ...owner,
          categoryId,
          name: value.name,
          content: value.content,
          shortCut: value.shortCut,
          now: now(),
        });
      }
    });
    errors.sort((a, b) => a.row - b.row);
    return { total: sheet.total, imported: accepted.length, errors };
  };

  /** The filtered replies as .xlsx. Own replies export freely; anything shared needs `export`. */
  const exportSheet = async (principal: Principal, query: CuwExportQuery, language: Language) => {
    if (query.scope !== 'mine') await access.assertCanChange(principal, 'company', 'export');
    const rows = await listReplies(
      db,
      { ownerKeys: ownerKeysOf(principal, query.scope), categoryCid: query.category, keyword: query.keyword },
      cuwExportLimit,
    );
    const t = (key: MessageKey) => translate(key, language);
    const content = await writeWorkbook({
      sheetName: t('cuw.sheet'),
      columns: [
        { header: t('cuw.column.name'), width: 24, value: (row: QuickReplyRow) => row.name },
        { header: t('cuw.column.content'), width: 60, value: (row: QuickReplyRow) => row.content },
        { header: t('cuw.column.shortCut'), width: 14, value: (row: QuickReplyRow) => row.short_cut },
        {
          header: t('cuw.column.category'),
          width: 18,
          value: (row: QuickReplyRow) => row.category_name ?? '',
        },
        {
          header: t('cuw.column.scope'),
          width: 10,
          value: (row: QuickReplyRow) => t(`cuw.scope.${row.scope as CuwScope}`),
        },
        { header: t('cuw.column.count'), width: 10, value: (row: QuickReplyRow) => Number(row.use_count) },
      ],
      rows,
    });
    return { content, fileName: fileName('cuw.export.file', language), rows: rows.length };
  };

  return { page, all, create, update, remove, use, template, importSheet, exportSheet };
};
