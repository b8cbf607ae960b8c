import type { CatalogueEntry } from '../../http/i18n.js';

/** Server messages of tags (merged into http/i18n.ts). Keys start with `tag.`. */
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
