import type { Language } from '@openkefu/contract';
import { htmlToPlainText } from '../../../lib/richtext/text.js';

/* The mail an organisation's administrators receive for a platform notice. */

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

const words = {
  'en-US': {
    prefix: { info: 'Notice', warning: 'Important' },
    footer: (organization: string) =>
      `You receive this as an administrator of ${organization}. It is also in the bell of your console.`,
  },
  'zh-CN': {
    prefix: { info: '平台通知', warning: '重要通知' },
    footer: (organization: string) =>
      `您作为「${organization}」的管理员收到此邮件，该通知也已显示在控制台的通知中心。`,
  },
} satisfies Record<Language, unknown>;

/** `content` is the notice's sanitised HTML; the text part is made from it. */
export const renderNoticeMail = (
  language: Language,
  notice: { title: string; content: string; level: 'info' | 'warning' },
  organization: string,
): { subject: string; text: string; html: string } => {
  const word = words[language];
  const subject = `[${word.prefix[notice.level]}] ${notice.title}`.replace(/[\r\n]+/g, ' ');
  const footer = word.footer(organization);
  const text = [notice.title, '', htmlToPlainText(notice.content), '', '--', footer].join('\n');
  const html =
    `<h2>${escape(notice.title)}</h2>${notice.content}` +
    `<hr><p style="color:#888;font-size:12px">${escape(footer)}</p>`;
  return { subject, text, html };
};
