import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of tags (registered with http/i18n.ts below). Keys start with `tag.`. */
export const tagMessages = {
  'tag.notFound': { 'en-US': 'Tag "{tgid}" does not exist', 'zh-CN': '标签「{tgid}」不存在' },
  'tag.nameTaken': {
    'en-US': 'A {type} tag named "{name}" already exists',
    'zh-CN': '已存在名为「{name}」的同类标签',
  },
  'tag.wrongType': {
    'en-US': 'Tag "{name}" labels {type}s; choose a {expected} tag',
    'zh-CN': '标签「{name}」不能用于此处，请选择对应类型的标签',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    tag: typeof tagMessages;
  }
}

registerMessages(tagMessages);
