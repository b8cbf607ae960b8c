import type { UploadKind } from '@openkefu/contract';
import type { Config } from '../../config.js';
import type { FileTypeId } from './file-type.js';

export type UploadKindRule = {
  /** Real content types accepted (checked by detectFileType, never by name). */
  allowed: readonly FileTypeId[];
  /** Which size limit applies. */
  limit: 'image' | 'file' | 'certificate';
  label: { en: string; zh: string };
  /** Stored images are scaled down to fit this many pixels (longest side); null keeps them as sent. */
  maxImageSide: number | null;
};

// SVG is deliberately absent: it is a document that can carry script, not a picture.
const images = ['png', 'jpeg', 'gif', 'webp'] as const satisfies readonly FileTypeId[];
const documents = [
  ...images,
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'doc',
  'xls',
  'ppt',
  'txt',
  'csv',
  'zip',
  'mp3',
  'mp4',
  'm4a',
  'wav',
  'webm',
  'weba',
  'ogg',
] as const satisfies readonly FileTypeId[];

/** Spec §7 "Uploads": one endpoint per kind, each with its own allow-list and limit. */
export const uploadKindRules: Record<UploadKind, UploadKindRule> = {
  attachment: {
    allowed: documents,
    limit: 'file',
    label: { en: 'attachments', zh: '附件' },
    maxImageSide: null,
  },
  avatar: { allowed: images, limit: 'image', label: { en: 'avatars', zh: '头像' }, maxImageSide: 512 },
  image: { allowed: images, limit: 'image', label: { en: 'images', zh: '图片' }, maxImageSide: null },
  file: { allowed: documents, limit: 'file', label: { en: 'files', zh: '文件' }, maxImageSide: null },
  p12: {
    allowed: ['p12'],
    limit: 'certificate',
    label: { en: 'certificates (p12)', zh: '证书（p12）' },
    maxImageSide: null,
  },
  // Quick replies, FAQ and sensitive words are imported from one of these (parsed by later issues).
  excel: {
    allowed: ['xlsx', 'xls', 'csv'],
    limit: 'file',
    label: { en: 'Excel imports', zh: 'Excel 导入' },
    maxImageSide: null,
  },
};

/** A PKCS#12 bundle is a few kilobytes; a megabyte leaves room for long chains. */
export const certificateLimitMb = 1;

export const uploadLimitMb = (config: Config, kind: UploadKind): number => {
  const { limit } = uploadKindRules[kind];
  if (limit === 'image') return config.uploadLimits.imageMb;
  if (limit === 'file') return config.uploadLimits.fileMb;
  return certificateLimitMb;
};
