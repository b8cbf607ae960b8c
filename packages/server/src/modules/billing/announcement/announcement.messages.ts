import { registerMessages, type CatalogueEntry } from '../../../http/i18n.js';

/** Server messages of announcements (registered with http/i18n.ts below). Keys start with `announcement.`. */
export const announcementMessages = {
  'announcement.notFound': {
    'en-US': 'Announcement "{anid}" does not exist',
    'zh-CN': '公告「{anid}」不存在',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    announcement: typeof announcementMessages;
  }
}

registerMessages(announcementMessages);
