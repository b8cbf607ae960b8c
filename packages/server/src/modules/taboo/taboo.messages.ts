import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of sensitive words (registered with http/i18n.ts below). Keys start with `taboo.`. */
export const tabooMessages = {
  'taboo.notFound': { 'en-US': 'Sensitive word "{tbid}" does not exist', 'zh-CN': '敏感词「{tbid}」不存在' },
  'taboo.duplicate': {
    'en-US': '"{standard}" is already in the list',
    'zh-CN': '「{standard}」已在敏感词列表中',
  },
  'taboo.blocked': {
    'en-US': 'Your message contains a sensitive word and was not sent',
    'zh-CN': '消息包含敏感词，未发送',
  },
  'taboo.modeAdminOnly': {
    'en-US': 'Only administrators change how sensitive words are handled',
    'zh-CN': '只有管理员可以修改敏感词处理方式',
  },
  'taboo.import.repeated': {
    'en-US': 'the same word as row {row}',
    'zh-CN': '与第 {row} 行的敏感词重复',
  },
  'taboo.import.exists': { 'en-US': 'already in the list', 'zh-CN': '已在敏感词列表中' },
  'taboo.export.fileName': { 'en-US': 'sensitive-words', 'zh-CN': '敏感词' },
  'taboo.export.sheet': { 'en-US': 'Sensitive words', 'zh-CN': '敏感词' },
  'taboo.export.standard': { 'en-US': 'Word', 'zh-CN': '敏感词' },
  'taboo.export.synonyms': { 'en-US': 'Synonyms', 'zh-CN': '同义词' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    taboo: typeof tabooMessages;
  }
}

registerMessages(tabooMessages);
