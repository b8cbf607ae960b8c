import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the help-centre settings and knowledge-base statistics. */
export const kbMessages = {
  'kb.adminOnly': {
    'en-US': 'Only the admin account may see the knowledge-base statistics',
    'zh-CN': '仅管理员账号可以查看知识库统计',
  },
  'kb.homeCategoryInvalid': {
    'en-US': 'Category "{cid}" is not one of the help centre\'s categories',
    'zh-CN': '分类「{cid}」不是帮助中心的分类',
  },
  'kb.rangeInvalid': {
    'en-US': 'The period must start before it ends and span at most {days} days',
    'zh-CN': '统计区间的开始须早于结束，且不超过 {days} 天',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    kb: typeof kbMessages;
  }
}

registerMessages(kbMessages);
