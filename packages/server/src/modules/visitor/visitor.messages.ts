import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the visitor module (registered with http/i18n.ts below). Keys start with `visitor.`. */
export const visitorMessages = {
  'visitor.unknownOrganization': {
    'en-US': 'No organisation "{org}" is served here',
    'zh-CN': '此处没有「{org}」这个企业',
  },
  'visitor.unauthorized': {
    'en-US': 'The visitor token is missing or unknown; start the chat again',
    'zh-CN': '访客凭证缺失或无效，请重新打开对话',
  },
  'visitor.notFound': { 'en-US': 'Visitor "{vid}" does not exist', 'zh-CN': '访客「{vid}」不存在' },
} satisfies Record<`visitor.${string}`, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    visitor: typeof visitorMessages;
  }
}

registerMessages(visitorMessages);
