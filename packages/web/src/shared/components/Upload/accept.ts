import type { UploadKind } from '@openkefu/contract';

const imageTypes = ['.png', '.jpg', '.jpeg', '.gif', '.webp'];

/**
 * What the widget offers per kind when the caller gives no `accept` list; mirrors the server's
 * allow-lists (which check the real content type, so this is only the early, friendly refusal).
 */
export const defaultAcceptOf = (kind: UploadKind): string[] => {
  switch (kind) {
    case 'avatar':
    case 'image':
      return imageTypes;
    case 'p12':
      return ['.p12', '.pfx'];
    case 'excel':
      return ['.xlsx', '.xls', '.csv'];
    default:
      return [];
  }
};

const extensionOf = (name: string): string => {
  const index = name.lastIndexOf('.');
  return index <= 0 ? '' : name.slice(index + 1).toLowerCase();
};

/** Extensions (`png`, `.png`) or MIME types (`image/png`, `image/*`); an empty list accepts anything. */
export const isAccepted = (file: Pick<File, 'name' | 'type'>, accept: readonly string[]): boolean => {
  if (accept.length === 0) return true;
  const extension = extensionOf(file.name);
  const mime = file.type.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '') return false;
    if (entry.includes('/')) {
      if (mime === '') return false;
      return entry.endsWith('/*') ? mime.startsWith(entry.slice(0, -1)) : mime === entry;
    }
    return extension !== '' && extension === entry.replace(/^\./, '');
  });
};

/** The `accept` attribute of the file input: extensions get their dot. */
export const acceptAttributeOf = (accept: readonly string[]): string | undefined =>
  accept.length === 0
    ? undefined
    : accept.map((entry) => (entry.includes('/') || entry.startsWith('.') ? entry : `.${entry}`)).join(',');

export const isImageFile = (file: Pick<File, 'name' | 'type'>): boolean =>
  file.type.startsWith('image/') || imageTypes.includes(`.${extensionOf(file.name)}`);
