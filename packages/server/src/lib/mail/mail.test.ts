import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyAddressFor, stripQuotedReply, tokenFromRecipients } from './reply-address.js';
import { startTestSmtpServer } from './test-smtp.js';
import { renderTicketMail } from './ticket-templates.js';
import { createSmtpTransport } from './transport.js';

const data = {
  ticketNumber: 'T-000042',
  title: 'Printer <on> fire',
  contactName: 'Ann',
  organization: 'Acme',
  body: '<p>We are on it.</p>',
  bodyText: 'We are on it.',
};

describe('ticket mail', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => smtp?.close());

  it('builds reply addresses with a token and reads the token back', () => {
    const address = replyAddressFor('Acme Support <support+old@acme.test>', 'abcDEF0123456789xyz');
    expect(address).toBe('support+tk-abcDEF0123456789xyz@acme.test');
    expect(tokenFromRecipients(`"Acme" <${address}>, other@acme.test`)).toBe('abcDEF0123456789xyz');
    expect(tokenFromRecipients('support@acme.test')).toBeNull();
    expect(stripQuotedReply('Thanks, fixed!\r\n\r\nOn Mon, Ann wrote:\r\n> old text')).toBe('Thanks, fixed!');
  });

  it('renders each event in both languages, escaping values in the HTML part', () => {
    for (const event of ['created', 'replied', 'resolved'] as const) {
      const en = renderTicketMail(event, 'en-US', data);
      const zh = renderTicketMail(event, 'zh-CN', data);
      expect(en.subject).toContain('[T-000042]');
      expect(zh.subject).toContain('[T-000042]');
      expect(en.subject).not.toBe(zh.subject);
      expect(en.html).toContain('T-000042');
      expect(renderTicketMail(event, 'en-US', { ...data, contactName: '<b>Ann</b>' }).html).toContain(
        '&lt;b&gt;Ann',
      );
    }
    expect(renderTicketMail('replied', 'en-US', data).html).toContain('<div><p>We are on it.</p></div>');
    expect(
      renderTicketMail('created', 'en-US', { ...data, title: 'a\r\nBcc: x@evil.test' }).subject,
    ).not.toMatch(/\n/);
  });

  it('delivers through SMTP with recipient, subject and the Reply-To token', async () => {
    const transport = createSmtpTransport({ url: smtp.url, from: 'Acme <support@acme.test>' });
    const rendered = renderTicketMail('replied', 'zh-CN', data);
    const replyTo = replyAddressFor(transport.from, 'tokentokentoken0001');
    expect(await transport.send({ to: 'ann@customer.test', replyTo, ...rendered })).toBe(true);
    const [mail] = await smtp.waitFor('ann@customer.test');
    expect(mail?.from).toBe('support@acme.test');
    expect(mail?.header('subject')).toBe('[T-000042] 新回复：Printer <on> fire');
    expect(mail?.header('reply-to')).toBe('support+tk-tokentokentoken0001@acme.test');
    expect(mail?.raw).toContain('text/html');
  });
});
