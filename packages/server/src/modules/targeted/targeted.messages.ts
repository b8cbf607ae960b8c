import type { CatalogueEntry } from '../../http/i18n.js';

/** Server messages of proactive invitations (merged into http/i18n.ts). Keys start with `targeted.`. */
export const targetedMessages = {
  'targeted.notFound': {
    'en-US': 'Invitation rule "{tgid}" does not exist',
    'zh-CN': '精准推送规则「{tgid}」不存在',
  },
  'targeted.unknownWorkgroup': { 'en-US': 'No skill group "{wid}" here', 'zh-CN': '不存在技能组「{wid}」' },
} satisfies Record<string, CatalogueEntry>;
