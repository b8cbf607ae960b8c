import { registerMessages, type CatalogueEntry } from '../../../http/i18n.js';

/** Server messages of promotion codes (registered with http/i18n.ts below). Keys start with `promotion.`. */
export const promotionMessages = {
  'promotion.notFound': { 'en-US': 'Promotion "{prid}" does not exist', 'zh-CN': '优惠码「{prid}」不存在' },
  'promotion.codeTaken': {
    'en-US': 'Promotion code "{code}" is already used by another promotion',
    'zh-CN': '优惠码「{code}」已被其他活动使用',
  },
  'promotion.invalid': {
    'en-US': 'Promotion code "{code}" does not exist or is switched off',
    'zh-CN': '优惠码「{code}」不存在或已停用',
  },
  'promotion.notStarted': {
    'en-US': 'Promotion code "{code}" is not valid yet',
    'zh-CN': '优惠码「{code}」尚未生效',
  },
  'promotion.ended': { 'en-US': 'Promotion code "{code}" has expired', 'zh-CN': '优惠码「{code}」已过期' },
  'promotion.belowMinimum': {
    'en-US': 'Promotion code "{code}" applies to recharges of ¥{min} or more',
    'zh-CN': '优惠码「{code}」仅适用于 ¥{min} 及以上的充值',
  },
  'promotion.usedUp': {
    'en-US': 'Promotion code "{code}" has been used up',
    'zh-CN': '优惠码「{code}」已被领完',
  },
  'promotion.alreadyUsed': {
    'en-US': 'Your organisation has already used promotion code "{code}"',
    'zh-CN': '您的组织已使用过优惠码「{code}」',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    promotion: typeof promotionMessages;
  }
}

registerMessages(promotionMessages);
