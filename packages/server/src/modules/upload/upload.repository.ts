import type { UploadKind } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { containsIgnoringCase } from '../category/category.repository.js';

export type AttachmentRecord = {
  id: number;
  aid: string;
  kind: UploadKind;
  fileName: string;
  storageKey: string;
  thumbKey: string | null;
  suffix: string;
  mediaType: string;
  size: number;
  username: string | null;
  createdAt: number;
};

export type AttachmentValues = {
  aid: string;
  orgId: number;
  /** null for a visitor's upload (chat images and files). */
  userId: number | null;
  kind: UploadKind;
  fileName: string;
  storageKey: string;
  thumbKey: string | null;
  suffix: string;
  mediaType: string;
  size: number;
  now: number;
};

export type AttachmentFilter = {
  page: number;
  size: number;
  kind?: UploadKind;
  /** `image`: image/* media types only; `file`: everything else. */
  mediaType?: 'image' | 'file';
  /** File name contains it, case-insensitively. */
  keyword?: string;
};

const selectAttachments = (db: Executor) =>
  db
    .selectFrom('attachment')
    .leftJoin('user', 'user.id', 'attachment.user_id')
    .select([
      'attachment.id',
      'attachment.aid',
      'attachment.kind',
      'attachment.file_name',
      'attachment.storage_key',
      'attachment.thumb_key',
      'attachment.suffix',
      'attachment.media_type',
      'attachment.size',
      'attachment.created_at',
      'user.username',
    ]);

type AttachmentRow = Awaited<ReturnType<ReturnType<typeof selectAttachments>['executeTakeFirstOrThrow']>>;

const toRecord = (row: AttachmentRow): AttachmentRecord => ({
  id: row.id,
  aid: row.aid,
  kind: row.kind as UploadKind,
  fileName: row.file_name,
  storageKey: row.storage_key,
  thumbKey: row.thumb_key,
  suffix: row.suffix,
  mediaType: row.media_type,
  size: Number(row.size),
  username: row.username,
  createdAt: Number(row.created_at),
});

export const insertAttachment = async (db: Executor, values: AttachmentValues): Promise<void> => {
  await db
    .insertInto('attachment')
    .values({
      aid: values.aid,
      org_id: values.orgId,
      user_id: values.userId,
      kind: values.kind,
      file_name: values.fileName,
      storage_key: values.storageKey,
      thumb_key: values.thumbKey,
      suffix: values.suffix,
      media_type: values.mediaType,
      size: values.size,
      created_at: values.now,
    })
    .execute();
};

export const findAttachmentByAid = async (
  db: Executor,
  orgId: number,
  aid: string,
): Promise<AttachmentRecord | undefined> => {
  const row = await selectAttachments(db)
    .where('attachment.org_id', '=', orgId)
    .where('attachment.aid', '=', aid)
    .executeTakeFirst();
  return row && toRecord(row);
};

/**
 * The attachment a served file belongs to. Deliberately not tenant-scoped: `/uploads/<key>` is a
 * public address (widgets show attachments to visitors) and the random key is the capability.
 */
export const findAttachmentByStorageKey = async (
  db: Executor,
  storageKey: string,
): Promise<AttachmentRecord | undefined> => {
  const row = await selectAttachments(db).where('attachment.storage_key', '=', storageKey).executeTakeFirst();
  return row && toRecord(row);
};

export const pageAttachments = async (
  db: Executor,
  orgId: number,
  filter: AttachmentFilter,
): Promise<{ items: AttachmentRecord[]; total: number }> => {
  let count = db
    .selectFrom('attachment')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('attachment.org_id', '=', orgId);
  let page = selectAttachments(db).where('attachment.org_id', '=', orgId);
  if (filter.kind) {
    count = count.where('attachment.kind', '=', filter.kind);
    page = page.where('attachment.kind', '=', filter.kind);
  }
  if (filter.mediaType) {
    const operator = filter.mediaType === 'image' ? 'like' : 'not like';
    count = count.where('attachment.media_type', operator, 'image/%');
    page = page.where('attachment.media_type', operator, 'image/%');
  }
  if (filter.keyword) {
    count = count.where(containsIgnoringCase('attachment.file_name', filter.keyword));
    page = page.where(containsIgnoringCase('attachment.file_name', filter.keyword));
  }
  const [countRow, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    page
      .orderBy('attachment.created_at', 'desc')
      .orderBy('attachment.id', 'desc')
      .limit(filter.size)
      .offset(filter.page * filter.size)
      .execute(),
  ]);
  return { items: rows.map(toRecord), total: Number(countRow.count) };
};

export const deleteAttachment = async (db: Executor, orgId: number, id: number): Promise<boolean> => {
  const result = await db
    .deleteFrom('attachment')
    .where('attachment.org_id', '=', orgId)
    .where('attachment.id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
};

/** Titles of the articles (in the trash too: they may come back) whose content uses the attachment. */
export const listArticlesUsingAttachment = (db: Executor, orgId: number, attachmentId: number, limit = 5) =>
  db
    .selectFrom('article_attachment')
    .innerJoin('article', 'article.id', 'article_attachment.article_id')
    .select(['article.aid', 'article.title', 'article.type'])
    .where('article.org_id', '=', orgId)
    .where('article_attachment.attachment_id', '=', attachmentId)
    .orderBy('article.updated_at', 'desc')
    .limit(limit)
    .execute();

export const countArticlesUsingAttachment = async (db: Executor, orgId: number, attachmentId: number) =>
  Number(
    (
      await db
        .selectFrom('article_attachment')
        .innerJoin('article', 'article.id', 'article_attachment.article_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('article.org_id', '=', orgId)
        .where('article_attachment.attachment_id', '=', attachmentId)
        .executeTakeFirstOrThrow()
    ).count,
  );
