import type { CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the upload module (merged into http/i18n.ts). Keys start with `upload.`. */
export const uploadMessages = {} satisfies Record<string, CatalogueEntry>;
