import type { Language } from '@openkefu/contract';

/*
 * One template per ticket event, in en-US and zh-CN. Values are escaped into the HTML part;
 * `body` is already sanitised HTML (ticket descriptions and replies go through lib/richtext).
 */

export type TicketMailEvent = 'created' | 'replied' | 'resolved';

export type TicketMailData = {
  ticketNumber: string;
  title: string;
  contactName: string;
  organization: string;
  /** Sanitised HTML of the reply or description. */
  body: string;
  /** Plain text of the same. */
  bodyText: string;
};

type Template = {
  subject: (data: TicketMailData) => string;
  intro: (data: TicketMailData) => string;
  outro: string;
};

const templates: Record<TicketMailEvent, Record<Language, Template>> = {
  created: {
    'en-US': {
      subject: (d) => `[${d.ticketNumber}] We received your request: ${d.title}`,
      intro: (d) =>
        `Hello ${d.contactName || 'there'}, your request has been received as ticket ${d.ticketNumber}.`,
      outro: 'Reply to this email to add information to your ticket.',
    },
    'zh-CN': {
      subject: (d) => `[${d.ticketNumber}] 我们已收到您的请求：${d.title}`,
      intro: (d) => `${d.contactName || '您'}好，您的请求已登记为工单 ${d.ticketNumber}。`,
      outro: '直接回复本邮件即可补充工单信息。',
    },
  },
  replied: {
    'en-US': {
      subject: (d) => `[${d.ticketNumber}] New reply: ${d.title}`,
      intro: (d) =>
        `Hello ${d.contactName || 'there'}, there is a new reply to your ticket ${d.ticketNumber}:`,
      outro: 'Reply to this email to answer.',
    },
    'zh-CN': {
      subject: (d) => `[${d.ticketNumber}] 新回复：${d.title}`,
      intro: (d) => `${d.contactName || '您'}好，您的工单 ${d.ticketNumber} 有新回复：`,
      outro: '直接回复本邮件即可答复。',
    },
  },
  resolved: {
    'en-US': {
      subject: (d) => `[${d.ticketNumber}] Resolved: ${d.title}`,
      intro: (d) => `Hello ${d.contactName || 'there'}, your ticket ${d.ticketNumber} has been resolved.`,
      outro: 'If the problem is not solved, reply to this email and the ticket reopens.',
    },
    'zh-CN': {
      subject: (d) => `[${d.ticketNumber}] 已解决：${d.title}`,
      intro: (d) => `${d.contactName || '您'}好，您的工单 ${d.ticketNumber} 已解决。`,
      outro: '如问题仍未解决，请直接回复本邮件，工单将重新打开。',
    },
  },
};

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

export const renderTicketMail = (
  event: TicketMailEvent,
  language: Language,
  data: TicketMailData,
): { subject: string; text: string; html: string } => {
  const template = templates[event][language];
  // A subject is one line: a title with line breaks would inject headers in careless transports.
  const subject = template.subject(data).replace(/[\r\n]+/g, ' ');
  const intro = template.intro(data);
  const text = [intro, data.bodyText, template.outro, data.organization ? `— ${data.organization}` : '']
    .filter((part) => part !== '')
    .join('\n\n');
  const html =
    `<p>${escape(intro)}</p>` +
    (data.body ? `<div>${data.body}</div>` : '') +
    `<p style="color:#888">${escape(template.outro)}</p>` +
    (data.organization ? `<p>— ${escape(data.organization)}</p>` : '');
  return { subject, text, html };
};
