import type { Language } from '@openkefu/contract';
import { escapeHtml } from '../../search/search.highlight.js';

/*
 * Billing's mails to organisation admins and invoice requesters, in en-US and zh-CN. Rendered when
 * queued (the job carries the finished mail), so a retry sends exactly what was decided.
 */

export type BillingMail = { subject: string; text: string; html: string };

export type BillingMailEvent =
  | { kind: 'expiring'; organization: string; validity: string; daysLeft: number }
  | { kind: 'lowBalance'; organization: string; balance: string; estimate: string; period: string }
  | { kind: 'invoiceIssued'; organization: string; title: string; amount: string }
  | { kind: 'invoiceRejected'; organization: string; title: string; amount: string; reason: string };

const texts = (event: BillingMailEvent, language: Language): { subject: string; lines: string[] } => {
  const isZh = language === 'zh-CN';
  switch (event.kind) {
    case 'expiring':
      return isZh
        ? {
            subject: `「${event.organization}」将在 ${event.daysLeft} 天后到期`,
            lines: [
              `您的组织「${event.organization}」有效期至 ${event.validity}。`,
              '到期后控制台将变为只读（在线会话不受影响），请及时充值并支付账单或续费。',
            ],
          }
        : {
            subject: `${event.organization} expires in ${event.daysLeft} day(s)`,
            lines: [
              `Your organisation ${event.organization} is valid until ${event.validity}.`,
              'After that its console becomes read-only (live chat keeps working): recharge and pay the bill or renew in time.',
            ],
          };
    case 'lowBalance':
      return isZh
        ? {
            subject: `「${event.organization}」余额不足以支付下期账单`,
            lines: [
              `当前余额 ¥${event.balance}，${event.period} 的账单预计 ¥${event.estimate}。`,
              '请及时充值，以免自动扣费失败导致服务到期。',
            ],
          }
        : {
            subject: `${event.organization}: the balance will not cover the next bill`,
            lines: [
              `The balance is ¥${event.balance}; the bill for ${event.period} is estimated at ¥${event.estimate}.`,
              'Recharge in time so that auto-pay does not fail and the service does not expire.',
            ],
          };
    case 'invoiceIssued':
      return isZh
        ? {
            subject: `发票已开具：${event.title}`,
            lines: [
              `「${event.organization}」申请的发票（抬头：${event.title}，金额 ¥${event.amount}）已开具。`,
              '请登录控制台，在「账单 → 发票」中下载 PDF。',
            ],
          }
        : {
            subject: `Invoice issued: ${event.title}`,
            lines: [
              `The invoice requested by ${event.organization} (title: ${event.title}, amount ¥${event.amount}) has been issued.`,
              'Sign in to the console and download the PDF under Billing → Invoices.',
            ],
          };
    case 'invoiceRejected':
      return isZh
        ? {
            subject: `发票申请未通过：${event.title}`,
            lines: [
              `「${event.organization}」的发票申请（抬头：${event.title}，金额 ¥${event.amount}）未通过。`,
              `原因：${event.reason}`,
              '修改后可重新申请。',
            ],
          }
        : {
            subject: `Invoice request rejected: ${event.title}`,
            lines: [
              `The invoice requested by ${event.organization} (title: ${event.title}, amount ¥${event.amount}) was rejected.`,
              `Reason: ${event.reason}`,
              'You may correct it and request it again.',
            ],
          };
  }
};

export const renderBillingMail = (event: BillingMailEvent, language: Language): BillingMail => {
  const { subject, lines } = texts(event, language);
  return {
    subject,
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
};
