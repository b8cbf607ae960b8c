import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of article category trees (the quick-reply ones live in cuw.messages.ts). */
export const categoryMessages = {
  'category.parentInvalid': {
    'en-US': 'The parent category "{cid}" does not exist or is of another kind',
    'zh-CN': '上级分类「{cid}」不存在或类型不同',
  },
  'category.parentCycle': {
    'en-US': 'A category cannot be moved below itself or one of its subcategories',
    'zh-CN': '分类不能移动到自身或其子分类之下',
  },
  'category.flat': {
    'en-US': 'Quick-reply categories have no parent',
    'zh-CN': '常用语分类不支持上级分类',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    category: typeof categoryMessages;
  }
}

registerMessages(categoryMessages);
