import { testMessageId } from '../../../../test/protocol/adapter-context.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../../../lib/mail/test-smtp.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import { buildInboundMail, plainTextOf } from '../../../../test/protocol/email.js';
import { ChannelSignatureError, createMemoryTokenStore, type AdapterContext } from '../../channel.adapter.js';
import { emailAdapter } from './email.adapter.js';

describe('email adapter', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let ctx: AdapterContext;
  const secret = 'inbound-secret-1';

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = {
      caid: 'email-test',
      settings: {
        address: 'Shop Support <support@shop.example>',
        smtpHost: '127.0.0.1',
        smtpPort: new URL(smtp.url).port,
        inboundSecret: secret,
      },
      apiBase: (_platform, fallback) => fallback,
      tokens: createMemoryTokenStore(),
      state: { get: async () => '', set: async () => undefined },
      publicUrl: 'https://kefu.example.com',
      now: Date.now,
    };
  });
  afterAll(async () => smtp?.close());

  it('takes a mail in: the sender as the user, the quoted reply cut, the thread kept for replies', async () => {
    const outcome = await emailAdapter.handleWebhook(
      ctx,
      buildInboundMail(secret, {
        from: 'Ada Lovelace <Ada@Example.com>',
        subject: 'Re: Order 1234',
        text: 'Still nothing arrived.\n\nOn Mon, 1 Dec 2026, Shop wrote:\n> Your parcel left today',
        messageId: '<m-1@example.com>',
      }),
    );
    expect(outcome.answer.status).toBe(200);
    expect(outcome.messages).toEqual([
      expect.objectContaining({
        externalId: '<m-1@example.com>',
        externalUserId: 'ada@example.com',
        nickname: 'Ada Lovelace',
        kind: 'text',
        text: 'Still nothing arrived.',
        context: { subject: 'Re: Order 1234', messageId: '<m-1@example.com>' },
      }),
    ]);
  });

  it('reads an HTML-only mail, and makes each attachment a message of its own', async () => {
    const outcome = await emailAdapter.handleWebhook(
      ctx,
      buildInboundMail(secret, {
        from: 'bob@example.com',
        html: '<p>Two photos</p><p>of the <b>box</b></p>',
        messageId: '<m-2@example.com>',
        attachments: [
          {
            fileName: 'a.png',
            contentType: 'image/png',
            content: Buffer.from('png-bytes').toString('base64'),
          },
          {
            fileName: 'b.pdf',
            contentType: 'application/pdf',
            content: Buffer.from('%PDF').toString('base64'),
          },
        ],
      }),
    );
    expect(outcome.messages.map((m) => [m.externalId, m.kind, m.text, m.fileName])).toEqual([
      ['<m-2@example.com>', 'text', 'Two photos\nof the box', undefined],
      ['<m-2@example.com>#1', 'image', '', 'a.png'],
      ['<m-2@example.com>#2', 'file', '', 'b.pdf'],
    ]);
    const media = await emailAdapter.fetchMedia(ctx, outcome.messages[1]?.mediaRef ?? '');
    expect(media).toMatchObject({ mediaType: 'image/png' });
    expect(media.data.toString()).toBe('png-bytes');
  });

  it('refuses a wrong secret, and answers 400 to something that is not a mail', async () => {
    await expect(
      emailAdapter.handleWebhook(ctx, buildInboundMail('guess', { from: 'x@example.com', text: 'hi' })),
    ).rejects.toBeInstanceOf(ChannelSignatureError);
    const garbage = await emailAdapter.handleWebhook(ctx, {
      method: 'POST',
      query: {},
      headers: { 'x-inbound-secret': secret },
      rawBody: Buffer.from('{"subject":"no sender"}'),
    });
    expect(garbage).toMatchObject({ answer: { status: 400 }, messages: [] });
  });

  it('replies in the same thread: Re: subject once, In-Reply-To and References, from the account', async () => {
    await emailAdapter.send(
      ctx,
      {
        externalUserId: 'ada@example.com',
        context: { subject: 'Re: Order 1234', messageId: '<m-1@example.com>' },
      },
      { id: testMessageId(), kind: 'text', text: 'It is on its way.' },
    );
    const [mail] = await smtp.waitFor('ada@example.com');
    expect(mail?.header('subject')).toBe('Re: Order 1234');
    expect(mail?.header('in-reply-to')).toBe('<m-1@example.com>');
    expect(mail?.header('references')).toBe('<m-1@example.com>');
    expect(mail?.header('from')).toContain('support@shop.example');
    expect(mail && plainTextOf(mail)).toBe('It is on its way.');
  });

  it('attaches a file the agent sent', async () => {
    await emailAdapter.send(
      ctx,
      { externalUserId: 'carol@example.com', context: { subject: 'Invoice', messageId: '' } },
      {
        id: testMessageId(),
        kind: 'file',
        text: '',
        media: {
          fileName: 'invoice.pdf',
          mediaType: 'application/pdf',
          size: 4,
          url: 'https://kefu.example.com/uploads/x.pdf',
          read: async () => Buffer.from('%PDF'),
        },
      },
    );
    const [mail] = await smtp.waitFor('carol@example.com');
    expect(mail?.header('subject')).toBe('Re: Invoice');
    expect(mail?.raw).toContain('filename=invoice.pdf');
  });

  it('counts a busy server (451) and an unreachable one as worth retrying', async () => {
    smtp.failNext(1);
    const busy = await emailAdapter
      .send(
        ctx,
        { externalUserId: 'dan@example.com', context: {} },
        { id: testMessageId(), kind: 'text', text: 'x' },
      )
      .catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(OutsideError);
    expect(busy).toMatchObject({ isRetryable: true, platformCode: '451' });
    const unreachable = await emailAdapter
      .send(
        { ...ctx, caid: 'email-closed', settings: { ...ctx.settings, smtpPort: '1' } },
        { externalUserId: 'e@example.com', context: {} },
        { id: testMessageId(), kind: 'text', text: 'x' },
      )
      .catch((error: unknown) => error);
    expect(unreachable).toMatchObject({ kind: 'network', isRetryable: true });
  });

  it('tests the account by greeting its SMTP server', async () => {
    expect((await emailAdapter.test(ctx)).detail).toContain('accepts mail');
    await expect(
      emailAdapter.test({ ...ctx, caid: 'email-closed-2', settings: { ...ctx.settings, smtpPort: '1' } }),
    ).rejects.toBeInstanceOf(OutsideError);
  });
});
