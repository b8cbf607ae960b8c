import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the knowledge base's articles (registered with http/i18n.ts below). */
export const articleMessages = {
  'article.notFound': { 'en-US': 'Article "{aid}" does not exist', 'zh-CN': '文章「{aid}」不存在' },
  'article.adminOnly': {
    'en-US': 'Only the admin account may use this kind of article',
    'zh-CN': '仅管理员账号可以使用此类文章',
  },
  'article.versionConflict': {
    'en-US':
      'Someone else saved "{title}" in the meantime (it is now at version {current}; you edited version {version}). Reload it, then apply your changes again.',
    'zh-CN':
      '「{title}」已被他人保存（当前为第 {current} 版，您编辑的是第 {version} 版）。请重新加载后再修改。',
  },
  'article.versionNotFound': {
    'en-US': 'Version {version} of article "{aid}" does not exist',
    'zh-CN': '文章「{aid}」的第 {version} 版不存在',
  },
  'article.categoryInvalid': {
    'en-US': 'Category "{cid}" does not exist or does not belong to this kind of article',
    'zh-CN': '分类「{cid}」不存在或不属于此类文章',
  },
  'article.invalid': { 'en-US': 'Invalid article: {fields}', 'zh-CN': '文章内容有误：{fields}' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    article: typeof articleMessages;
  }
}

registerMessages(articleMessages);
