import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the public help centre's JSON calls (the vote and the widget's search). */
export const helpMessages = {
  'help.notFound': {
    'en-US': 'No help centre at "{org}"',
    'zh-CN': '帮助中心「{org}」不存在',
  },
  'help.articleNotFound': {
    'en-US': 'No such article in this help centre',
    'zh-CN': '帮助中心没有这篇文章',
  },
  'help.unknownGroup': {
    'en-US': 'No skill group "{wid}"',
    'zh-CN': '技能组「{wid}」不存在',
  },
  'help.searchOff': {
    'en-US': 'This skill group does not offer the help-centre search',
    'zh-CN': '该技能组未开启帮助中心搜索',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    help: typeof helpMessages;
  }
}

registerMessages(helpMessages);
