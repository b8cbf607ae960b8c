import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of proactive invitations (registered with http/i18n.ts below). Keys start with `targeted.`. */
export const targetedMessages = {
  'targeted.notFound': {
    'en-US': 'Invitation rule "{tgid}" does not exist',
    'zh-CN': '精准推送规则「{tgid}」不存在',
  },
  'targeted.unknownWorkgroup': { 'en-US': 'No skill group "{wid}" here', 'zh-CN': '不存在技能组「{wid}」' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    targeted: typeof targetedMessages;
  }
}

registerMessages(targetedMessages);
