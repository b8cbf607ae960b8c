import { registerMessages, type CatalogueEntry } from '../../../http/i18n.js';

/** Server messages of the balance ledger (registered with http/i18n.ts below). Keys start with `billing.`. */
export const ledgerMessages = {
  'billing.insufficientBalance': {
    'en-US': 'The balance (¥{balance}) is lower than the amount (¥{amount})',
    'zh-CN': '余额（¥{balance}）不足 ¥{amount}',
  },
  'billing.organizationNotFound': {
    'en-US': 'Organisation "{subDomain}" does not exist',
    'zh-CN': '组织「{subDomain}」不存在',
  },
  'billing.noOwner': {
    'en-US': 'The organisation has no owner account to hold its balance',
    'zh-CN': '该组织没有持有余额的管理员账号',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    billingLedger: typeof ledgerMessages;
  }
}

registerMessages(ledgerMessages);
