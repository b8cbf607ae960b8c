import { storage } from '../../../shared/storage/storage';

/** Local-storage key (under the `pro__` prefix) of the announcements this browser has closed. */
export const DISMISSED_ANNOUNCEMENTS = 'DISMISSED_ANNOUNCEMENTS';

/** The most remembered: old ones fall off (announcements end; their ids are not reused). */
const MAX_REMEMBERED = 200;

export const readDismissed = (): string[] => {
  const stored = storage.get<unknown>(DISMISSED_ANNOUNCEMENTS);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
};

export const dismissAnnouncement = (anid: string): string[] => {
  const next = [...readDismissed().filter((id) => id !== anid), anid].slice(-MAX_REMEMBERED);
  storage.set(DISMISSED_ANNOUNCEMENTS, next);
  return next;
};
