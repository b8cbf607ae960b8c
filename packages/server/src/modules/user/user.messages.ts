import type { CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the user module (merged into http/i18n.ts). Keys start with `user.`. */
export const userMessages = {} satisfies Record<string, CatalogueEntry>;
