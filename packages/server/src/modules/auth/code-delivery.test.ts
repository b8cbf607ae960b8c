import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { clientAuth, createAccount, createTestConfig, useTestApp } from '../../test/app.js';
import { createCodeDelivery, createLogSender, createSmtpSender } from './code-delivery.js';

type Mail = { from: string; to: string[]; data: string };

/** A real SMTP server on a free local port that keeps what it receives. */
const startSmtpServer = async () => {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The text body of a single-part mail, undoing base64 or quoted-printable transfer encoding. */
const readBody = (raw: string): string => {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
};

describe('code delivery providers', () => {
  it('log provider writes the code to the server log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    await createLogSender(app.log)({
      channel: 'mobile',
      to: '13800138000',
      code: '123456',
      purpose: 'login',
      language: 'en-US',
      expiresInMinutes: 5,
    });
    const entry = JSON.parse(lines.at(-1) ?? '{}') as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 40,
      channel: 'mobile',
      to: '13800138000',
      code: '123456',
      purpose: 'login',
    });
    await app.close();
  });

  it('smtp provider sends the code by email, in the requested language', async () => {
    const smtp = await startSmtpServer();
    try {
      const send = createSmtpSender({ url: smtp.url, from: 'OpenKefu <no-reply@openkefu.test>' });
      await send({
        channel: 'email',
        to: 'someone@example.com',
        code: '654321',
        purpose: 'login',
        language: 'zh-CN',
        expiresInMinutes: 5,
      });
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ from: 'no-reply@openkefu.test', to: ['someone@example.com'] });
      expect(readBody(smtp.mails[0]?.data ?? '')).toContain('您的验证码是 654321，5 分钟内有效');
    } finally {
      await smtp.close();
    }
  });

  it('picks providers from the configuration', () => {
    const logger = Fastify({ logger: false }).log;
    const off = createCodeDelivery(
      createTestConfig({ SMS_PROVIDER: 'none', EMAIL_PROVIDER: 'none' }),
      logger,
    );
    expect(off).toEqual({ mobile: null, email: null });
    const on = createCodeDelivery(
      createTestConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' }),
      logger,
    );
    expect(typeof on.mobile).toBe('function');
    expect(typeof on.email).toBe('function');
  });
});

await describeEachDatabase('email sign-in through a real SMTP server', (target) => {
  const env: Record<string, string> = { EMAIL_PROVIDER: 'smtp' };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    env.SMTP_URL = smtp.url;
    env.MAIL_FROM = 'OpenKefu <codes@openkefu.test>';
  });
  afterAll(async () => smtp?.close());
  // Delivery left to the configuration: the app's own SMTP provider sends the mail.
  const ctx = useTestApp(target, { env, build: { delivery: undefined } });

  it('mails a code that signs in', async () => {
    await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], email: 'mailed@example.com' });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/email/code',
      payload: { email: 'mailed@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.to).toEqual(['mailed@example.com']);
    const code = /verification code is (\d{6})/.exec(readBody(smtp.mails[0]?.data ?? ''))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/email/token',
      headers: { authorization: clientAuth },
      payload: { email: 'mailed@example.com', code, grant_type: 'email' },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('answers 502 and allows an immediate retry when the SMTP server is gone', async () => {
    await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], email: 'unlucky@example.com' });
    await smtp.close();
    const failed = await ctx.app.inject({
      method: 'POST',
      url: '/email/code',
      payload: { email: 'unlucky@example.com' },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'INTERNAL',
      message: 'The code could not be sent; try again later',
    });
    const row = await ctx.database.db
      .selectFrom('verification_code')
      .select('id')
      .where('address', '=', 'unlucky@example.com')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
