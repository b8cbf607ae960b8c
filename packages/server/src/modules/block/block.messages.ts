import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the blacklist (registered with http/i18n.ts below). Keys start with `block.`. */
export const blockMessages = {
  'block.notFound': { 'en-US': 'Block "{bid}" does not exist', 'zh-CN': '黑名单记录「{bid}」不存在' },
  'block.visitorNotFound': { 'en-US': 'Visitor "{vid}" does not exist', 'zh-CN': '访客「{vid}」不存在' },
  'block.exists': {
    'en-US': '"{target}" is already blocked',
    'zh-CN': '「{target}」已在黑名单中',
  },
  'block.endInPast': {
    'en-US': 'The end of a block must be in the future',
    'zh-CN': '拉黑结束时间必须晚于当前时间',
  },
  'block.blocked': {
    'en-US': 'You have been blocked from this chat',
    'zh-CN': '您已经被禁言',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    block: typeof blockMessages;
  }
}

registerMessages(blockMessages);
