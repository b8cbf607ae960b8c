import { createReadStream } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  toPage,
  type Attachment,
  type AttachmentDetail,
  type AttachmentQuery,
  type Page,
  type UploadKind,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type SharpModule from 'sharp';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import {
  createStorageKey,
  extensionOfKey,
  isStorageKey,
  thumbnailKeyOf,
  type ByteRange,
  type Storage,
} from '../../lib/storage/storage.js';
import type { Principal } from '../auth/auth.service.js';
import { findOrganizationById } from '../organization/organization.repository.js';
import { contentDisposition, downloadNameOf, sanitizeFileName } from './file-name.js';
import { detectFileType, fileTypeOfExtension, type FileTypeInfo, type ReadAt } from './file-type.js';
import type { StagedUpload } from './upload.form.js';
import { uploadKindRules, uploadLimitMb } from './upload.kinds.js';
import {
  countArticlesUsingAttachment,
  deleteAttachment,
  findAttachmentByAid,
  findAttachmentByStorageKey,
  insertAttachment,
  listArticlesUsingAttachment,
  pageAttachments,
  type AttachmentRecord,
} from './upload.repository.js';

// sharp (libvips) costs ~25 MB and a few hundred ms at start-up: it loads at the first image (issue 18).
let sharpModule: Promise<typeof SharpModule> | undefined;
const loadSharp = (): Promise<typeof SharpModule> => {
  sharpModule ??= import('sharp').then(
    (loaded) => loaded.default,
    (error: unknown) => {
      sharpModule = undefined;
      throw error;
    },
  );
  return sharpModule;
};

/** Longest side of a thumbnail, in pixels. */
export const thumbnailSide = 240;
/** Images with more pixels are refused before decoding (decompression bombs). */
const maxInputMegapixels = 50;

export type UploadService = ReturnType<typeof createUploadService>;

/** Who uploads: a signed-in user, or a visitor in chat (no user id; its vid stands in as the name). */
export type Uploader = { orgId: number; userId: number | null; username: string };

/** A stored file ready to be sent: the stream and the headers that make serving it safe. */
export type ServedFile = {
  stream: NodeJS.ReadableStream;
  size: number;
  /** Present when a range was asked for and served. */
  range: ByteRange | null;
  mediaType: string;
  disposition: string;
};

const isAnimatable = (type: FileTypeInfo) => type.id === 'gif' || type.id === 'webp';

export const createUploadService = (deps: {
  db: Executor;
  config: Config;
  storage: Storage;
  logger: FastifyBaseLogger;
  now?: () => number;
}) => {
  const { db, config, storage, logger } = deps;
  const now = deps.now ?? Date.now;
  /** Incoming files are staged beside the stored ones (same disk) and removed after each request. */
  const stagingDir = join(config.uploadDir, '.staging');

  const toAttachment = (record: AttachmentRecord): Attachment => ({
    aid: record.aid,
    kind: record.kind,
    fileName: record.fileName,
    path: storage.url(record.storageKey),
    thumbPath: record.thumbKey ? storage.url(record.thumbKey) : null,
    suffix: record.suffix,
    mediaType: record.mediaType,
    size: record.size,
    username: record.username,
    createdAt: record.createdAt,
  });

  const removeStored = async (keys: (string | null)[]) => {
    for (const key of keys) {
      if (!key) continue;
      try {
        await storage.delete(key);
      } catch (error) {
        // The row is already gone (or was never written): an orphan file is logged, not fatal.
        logger.error({ err: error, key }, 'could not delete a stored upload');
      }
    }
  };

  const detect = async (staged: StagedUpload, fileName: string): Promise<FileTypeInfo> => {
    const handle = await open(staged.path, 'r');
    try {
      const readAt: ReadAt = async (position, length) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      };
      return await detectFileType(readAt, {
        head: staged.head,
        size: staged.size,
        isUtf8Text: staged.isUtf8Text,
        name: fileName,
      });
    } finally {
      await handle.close();
    }
  };

  const imageError = () =>
    AppError.badRequest('upload.imageUnreadable', {
      params: { megapixels: maxInputMegapixels },
      fields: [{ field: 'file', message: 'not a readable image' }],
    });

  /**
   * Decodes the image once for the thumbnail (and, for kinds with a size cap, a scaled copy). A
   * file whose signature says "image" but that does not decode is refused here.
   */
  const processImage = async (
    staged: StagedUpload,
    type: FileTypeInfo,
    maxSide: number | null,
  ): Promise<{ body: Buffer | null; thumbnail: Buffer }> => {
    const options = { limitInputPixels: maxInputMegapixels * 1_000_000, failOn: 'error' as const };
    // Outside the try: a sharp that fails to load is a server error, not an unreadable image.
    const sharp = await loadSharp();
    try {
      const metadata = await sharp(staged.path, options).metadata();
      // Thumbnails are stills in WebP: small, and a first frame is enough for a picker.
      const thumbnail = await sharp(staged.path, options)
        .rotate()
        .resize(thumbnailSide, thumbnailSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      let body: Buffer | null = null;
      const width = metadata.width ?? 0;
      const height = metadata.pageHeight ?? metadata.height ?? 0;
      if (maxSide !== null && Math.max(width, height) > maxSide) {
        const animated = isAnimatable(type) && (metadata.pages ?? 1) > 1;
        const pipeline = sharp(staged.path, { ...options, animated });
        // EXIF orientation only exists on stills; rotating an animation is not supported.
        body = await (animated ? pipeline : pipeline.rotate())
          .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
          .toFormat(type.id === 'jpeg' ? 'jpeg' : (type.id as 'png' | 'gif' | 'webp'))
          .toBuffer();
      }
      return { body, thumbnail };
    } catch (error) {
      logger.debug({ err: error }, 'image refused: could not decode');
      throw imageError();
    }
  };

  /**
   * What a staged upload really is, refused (400) when empty or not allowed for its kind. Also
   * used by imports, which read the file instead of storing it.
   */
  const checkType = async (
    kind: UploadKind,
    staged: StagedUpload,
    fileName: string,
  ): Promise<FileTypeInfo> => {
    const rule = uploadKindRules[kind];
    if (staged.size === 0) {
      throw AppError.badRequest('upload.empty', { fields: [{ field: 'file', message: 'empty file' }] });
    }
    const type = await detect(staged, fileName);
    if (!rule.allowed.includes(type.id)) {
      const allowed = rule.allowed.join(', ');
      throw AppError.badRequest('upload.typeNotAllowed', {
        params: {
          detected_en: type.label.en,
          detected_zh: type.label.zh,
          kind_en: rule.label.en,
          kind_zh: rule.label.zh,
          allowed,
        },
        fields: [{ field: 'file', message: `content is ${type.label.en}; allowed: ${allowed}` }],
      });
    }
    return type;
  };

  /** Checks a staged upload against its kind, stores it (and its thumbnail) and records it. */
  const create = async (principal: Uploader, kind: UploadKind, staged: StagedUpload): Promise<Attachment> => {
    const rule = uploadKindRules[kind];
    const fileName =
      sanitizeFileName(staged.fields.file_name) ?? sanitizeFileName(staged.clientName) ?? 'file';
    const type = await checkType(kind, staged, fileName);
    const image = type.isImage ? await processImage(staged, type, rule.maxImageSide) : null;

    const organization = await findOrganizationById(db, principal.orgId);
    if (!organization) throw AppError.unauthorized();
    const storageKey = createStorageKey(organization.oid, type.extension, new Date(now()));
    const thumbKey = image ? thumbnailKeyOf(storageKey, 'webp') : null;
    const aid = createPublicId();
    const createdAt = now();
    try {
      const size = await storage.put(storageKey, image?.body ?? createReadStream(staged.path));
      if (image && thumbKey) await storage.put(thumbKey, image.thumbnail);
      await insertAttachment(db, {
        aid,
        orgId: principal.orgId,
        userId: principal.userId,
        kind,
        fileName,
        storageKey,
        thumbKey,
        suffix: type.extension,
        mediaType: type.mediaType,
        size,
        now: createdAt,
      });
      return toAttachment({
        id: 0,
        aid,
        kind,
        fileName,
        storageKey,
        thumbKey,
        suffix: type.extension,
        mediaType: type.mediaType,
        size,
        username: principal.username,
        createdAt,
      });
    } catch (error) {
      await removeStored([storageKey, thumbKey]);
      throw error;
    }
  };

  const page = async (principal: Principal, query: AttachmentQuery & { page: number; size: number }) => {
    const { items, total } = await pageAttachments(db, principal.orgId, query);
    return toPage(items.map(toAttachment), total, query) satisfies Page<Attachment>;
  };

  /** One attachment with up to 50 articles using it (the attachment detail page). */
  const get = async (principal: Principal, aid: string): Promise<AttachmentDetail> => {
    const record = await findAttachmentByAid(db, principal.orgId, aid);
    if (!record) throw AppError.notFound('upload.notFound', { aid });
    const articles = await listArticlesUsingAttachment(db, principal.orgId, record.id, 50);
    return { ...toAttachment(record), articles };
  };

  const remove = async (principal: Principal, aid: string): Promise<void> => {
    const record = await findAttachmentByAid(db, principal.orgId, aid);
    if (record) {
      // An article's image or link would break: say which articles use it instead.
      const count = await countArticlesUsingAttachment(db, principal.orgId, record.id);
      if (count > 0) {
        const articles = await listArticlesUsingAttachment(db, principal.orgId, record.id);
        throw AppError.conflict('upload.inUse', {
          params: { count, titles: articles.map((article) => `"${article.title}"`).join(', ') },
        });
      }
    }
    if (!record || !(await deleteAttachment(db, principal.orgId, record.id))) {
      throw AppError.notFound('upload.notFound', { aid });
    }
    // Row first: once it is gone nothing lists the file, and a failed unlink leaves only an orphan.
    await removeStored([record.storageKey, record.thumbKey]);
  };

  /**
   * A stored file for `/uploads/<key>`. Images are shown inline; everything else is a download
   * under its display name (looked up, so a deleted attachment's document is gone at once).
   */
  const openStored = async (
    key: string,
    parseRange: (size: number) => ByteRange | null | 'unsatisfiable',
  ): Promise<ServedFile> => {
    const notFound = () => AppError.notFound('upload.fileNotFound');
    if (!isStorageKey(key)) throw notFound();
    const type = fileTypeOfExtension(extensionOfKey(key));
    if (!type) throw notFound();
    let disposition = contentDisposition('inline');
    if (!type.isImage) {
      const record = await findAttachmentByStorageKey(db, key);
      if (!record) throw notFound();
      disposition = contentDisposition('attachment', downloadNameOf(record.fileName, record.suffix));
    }
    const size = await storage.size(key);
    if (size === null) throw notFound();
    const range = parseRange(size);
    if (range === 'unsatisfiable') {
      throw new AppError('BAD_REQUEST', 416, 'upload.rangeNotSatisfiable', { params: { size } });
    }
    const stored = await storage.get(key, range ?? undefined);
    if (!stored) throw notFound();
    const mediaType = type.mediaType.startsWith('text/')
      ? `${type.mediaType}; charset=utf-8`
      : type.mediaType;
    return { stream: stored.stream, size: stored.size, range, mediaType, disposition };
  };

  /** Removes staging files a crashed process left behind (a request removes its own when it ends). */
  const sweepStaging = async (olderThanMs = 3_600_000): Promise<number> => {
    const names = await readdir(stagingDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const path = join(stagingDir, name);
      const info = await stat(path).catch(() => null);
      if (info && now() - info.mtimeMs > olderThanMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  };

  return {
    stagingDir,
    sweepStaging,
    limitMb: (kind: UploadKind) => uploadLimitMb(config, kind),
    checkType,
    create,
    page,
    get,
    remove,
    openStored,
  };
};
