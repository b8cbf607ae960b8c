import { registerMessages, type CatalogueEntry } from '../../../http/i18n.js';

/** Server messages of plans, bills, expiry and invoices (issue 20). Keys start with `billing.`. */
export const billingMessages = {
  'billing.planNotFound': {
    'en-US': 'Plan "{pid}" does not exist',
    'zh-CN': '套餐「{pid}」不存在',
  },
  'billing.planInUse': {
    'en-US': '{count} organisation(s) are on this plan: move them to another plan first',
    'zh-CN': '有 {count} 个组织正在使用该套餐，请先将它们换到其他套餐',
  },
  'billing.planIsDefault': {
    'en-US': 'This is the default plan: make another plan the default first',
    'zh-CN': '这是默认套餐，请先将其他套餐设为默认',
  },
  'billing.planDisabled': {
    'en-US': 'Plan "{name}" is not offered any more',
    'zh-CN': '套餐「{name}」已停止提供',
  },
  'billing.duplicateAddOn': {
    'en-US': 'Add-on code "{code}" appears twice',
    'zh-CN': '增值服务代码「{code}」重复',
  },
  'billing.unknownAddOn': {
    'en-US': 'The plan offers no add-on "{code}"',
    'zh-CN': '当前套餐没有增值服务「{code}」',
  },
  'billing.noPlan': {
    'en-US': 'The organisation is on no plan',
    'zh-CN': '该组织未订购任何套餐',
  },
  'billing.billNotFound': {
    'en-US': 'Bill "{bid}" does not exist',
    'zh-CN': '账单「{bid}」不存在',
  },
  'billing.billNotPayable': {
    'en-US': 'This bill is {state}: there is nothing to pay',
    'zh-CN': '该账单状态为 {state}，无需支付',
  },
  'billing.billExists': {
    'en-US': 'The organisation already has a bill for {period}: void it first',
    'zh-CN': '该组织已有 {period} 的账单，请先作废',
  },
  'billing.billNotVoidable': {
    'en-US': 'This bill is already void',
    'zh-CN': '该账单已作废',
  },
  'billing.billInvoiced': {
    'en-US': 'An invoice was requested for this bill: reject it first',
    'zh-CN': '该账单已申请发票，请先驳回发票申请',
  },
  'billing.futurePeriod': {
    'en-US': 'A bill can only be issued for the running month or an earlier one',
    'zh-CN': '只能为本月或更早的月份出账',
  },
  'billing.emptyBill': {
    'en-US': 'Nothing to bill for {period}: the plan is free and nothing was used beyond it',
    'zh-CN': '{period} 没有需要计费的项目：套餐免费且用量未超出',
  },
  'billing.noExpiry': {
    'en-US': 'The organisation has no expiry date: there is nothing to renew',
    'zh-CN': '该组织没有到期日，无需续费',
  },
  'billing.freePlan': {
    'en-US': 'The plan has no monthly fee: there is nothing to renew',
    'zh-CN': '当前套餐没有月费，无需续费',
  },
  'billing.expired': {
    'en-US':
      'The organisation expired on {date}: the console is read-only until a bill is paid or the validity is renewed',
    'zh-CN': '组织已于 {date} 到期，控制台处于只读状态，支付账单或续费后恢复',
  },
  'billing.invoiceNotFound': {
    'en-US': 'Invoice "{ivid}" does not exist',
    'zh-CN': '发票「{ivid}」不存在',
  },
  'billing.invoiceBillsUnavailable': {
    'en-US': 'These bills cannot be invoiced (not paid, not yours or already invoiced): {bids}',
    'zh-CN': '以下账单无法开票（未支付、不属于本组织或已开票）：{bids}',
  },
  'billing.invoiceNotRequested': {
    'en-US': 'This invoice is {state}: only a requested invoice can be issued or rejected',
    'zh-CN': '该发票状态为 {state}，只有待处理的申请可以开具或驳回',
  },
  'billing.invoiceNotIssued': {
    'en-US': 'This invoice has not been issued',
    'zh-CN': '该发票尚未开具',
  },
  'billing.invoiceNotPdf': {
    'en-US': 'The file is not a PDF document',
    'zh-CN': '文件不是 PDF 文档',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    billingBills: typeof billingMessages;
  }
}

registerMessages(billingMessages);
