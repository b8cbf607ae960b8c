import { registerMessages, type CatalogueEntry } from '../../../http/i18n.js';

/** Server messages of recharges (registered with http/i18n.ts below). Keys start with `recharge.`. */
export const rechargeMessages = {
  'recharge.providerUnavailable': {
    'en-US':
      '{provider} is not available: it is not set up on this server or is switched off in your settings',
    'zh-CN': '{provider} 不可用：服务器未配置或已在您的设置中关闭',
  },
  'recharge.providerFailed': {
    'en-US': 'The payment provider refused the request: {reason}',
    'zh-CN': '支付渠道拒绝了请求：{reason}',
  },
  'recharge.orderNotFound': {
    'en-US': 'Recharge order "{orderNo}" does not exist',
    'zh-CN': '充值订单「{orderNo}」不存在',
  },
  'recharge.orderNotPending': {
    'en-US': 'Recharge order "{orderNo}" is no longer waiting for payment',
    'zh-CN': '充值订单「{orderNo}」已不是待支付状态',
  },
  'recharge.orderNotPaid': {
    'en-US': 'Recharge order "{orderNo}" has not been paid',
    'zh-CN': '充值订单「{orderNo}」尚未支付',
  },
  'recharge.refundTooLarge': {
    'en-US': 'At most ¥{max} of this order can still be refunded',
    'zh-CN': '该订单最多还可退款 ¥{max}',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    recharge: typeof rechargeMessages;
  }
}

registerMessages(rechargeMessages);
