import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestConfig } from '../../test/app.js';
import { readMailBody, readMailSubject, startSmtpServer } from './mail.fixture.js';
import { createLogMailer, createMailer, createSmtpMailer } from './mailer.js';

describe('mailer', () => {
  it('smtp provider hands the mail to the server and says so', async () => {
    const smtp = await startSmtpServer();
    try {
      const send = createSmtpMailer({ url: smtp.url, from: 'OpenKefu <support@openkefu.test>' });
      expect(await send({ to: 'visitor@example.com', subject: '回复：退款', text: '已为您退款。' })).toBe(
        true,
      );
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ from: 'support@openkefu.test', to: ['visitor@example.com'] });
      expect(readMailSubject(smtp.mails[0]?.data ?? '')).toBe('回复：退款');
      expect(readMailBody(smtp.mails[0]?.data ?? '')).toContain('已为您退款。');
    } finally {
      await smtp.close();
    }
  });

  it('smtp provider rejects when no server answers', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const send = createSmtpMailer({ url: smtp.url, from: 'OpenKefu <support@openkefu.test>' });
    await expect(send({ to: 'visitor@example.com', subject: 'x', text: 'y' })).rejects.toThrow();
  });

  it('log provider writes the mail to the log as a warning and reports it undelivered', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'warn', stream } });
    expect(await createLogMailer(app.log)({ to: 'v@example.com', subject: 'Hi', text: 'Body' })).toBe(false);
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ level: 40, to: 'v@example.com', text: 'Body' });
    await app.close();
  });

  it('follows EMAIL_PROVIDER: none turns mail off', () => {
    const logger = Fastify({ logger: false }).log;
    expect(createMailer(createTestConfig({ EMAIL_PROVIDER: 'none' }), logger)).toBeNull();
    expect(typeof createMailer(createTestConfig({ EMAIL_PROVIDER: 'log' }), logger)).toBe('function');
    expect(
      typeof createMailer(
        createTestConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' }),
        logger,
      ),
    ).toBe('function');
  });
});
