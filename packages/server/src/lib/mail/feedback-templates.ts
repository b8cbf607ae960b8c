import type { Language } from '@openkefu/contract';

/* The mail a visitor receives when their feedback is answered (they left an email address). */

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
    subject: (organization: string) => `${organization || 'We'} replied to your feedback`,
    yours: 'You wrote:',
    reply: 'Our reply:',
  },
  'zh-CN': {
    subject: (organization: string) => `${organization || '我们'}回复了您的反馈`,
    yours: '您的反馈：',
    reply: '我们的回复：',
  },
} satisfies Record<Language, unknown>;

/** Plain text in, so both parts are built from text and the HTML part escapes it. */
export const renderFeedbackReplyMail = (
  language: Language,
  data: { organization: string; content: string; reply: string },
): { subject: string; text: string; html: string } => {
  const word = words[language];
  const subject = word.subject(data.organization).replace(/[\r\n]+/g, ' ');
  const text = [word.reply, data.reply, '', word.yours, data.content].join('\n');
  const paragraph = (value: string) => `<p>${escape(value).replace(/\n/g, '<br>')}</p>`;
  const html =
    `<p><strong>${escape(word.reply)}</strong></p>${paragraph(data.reply)}` +
    `<p style="color:#888">${escape(word.yours)}</p><blockquote style="color:#888">${paragraph(data.content)}</blockquote>`;
  return { subject, text, html };
};
