import type { CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the workgroup module (merged into http/i18n.ts). Keys start with `workgroup.`. */
export const workgroupMessages = {} satisfies Record<string, CatalogueEntry>;
