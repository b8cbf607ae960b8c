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
  'article.importUnreadable': {
    'en-US': 'The file cannot be imported: it is not a readable zip, or it unpacks to too much',
    'zh-CN': '无法导入该文件：不是可读取的 zip 压缩包，或解压后过大',
  },
  'article.importTooMany': {
    'en-US': 'At most {max} articles per import; split the file',
    'zh-CN': '每次最多导入 {max} 篇文章，请拆分文件',
  },
  'article.importImageMissing': {
    'en-US': 'The image "{url}" is not in the zip',
    'zh-CN': '图片「{url}」不在压缩包中',
  },
  'article.importImageTooLarge': {
    'en-US': 'The image "{url}" is larger than {limit} MB',
    'zh-CN': '图片「{url}」超过 {limit} MB',
  },
  'article.export.fileName': { 'en-US': 'articles', 'zh-CN': '文章' },
  'article.export.sheet': { 'en-US': 'Articles', 'zh-CN': '文章' },
  'article.template.title': { 'en-US': 'How do I return an item?', 'zh-CN': '如何退货？' },
  'article.template.summary': {
    'en-US': 'Returns within seven days of delivery',
    'zh-CN': '签收后七天内可退货',
  },
  'article.template.keywords': { 'en-US': 'return, refund', 'zh-CN': '退货, 退款' },
  'article.template.categories': { 'en-US': 'Orders / Returns', 'zh-CN': '订单 / 退货' },
  'article.template.content': {
    'en-US': '## Steps\n\n1. Open **My orders**.\n2. Choose *Return*.',
    'zh-CN': '## 步骤\n\n1. 打开**我的订单**。\n2. 选择*退货*。',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    article: typeof articleMessages;
  }
}

registerMessages(articleMessages);
