import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * A local SMTP server for tests: accepts every mail without auth and keeps it, so a test can
 * assert what really arrived (envelope recipients, headers, body).
 */

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  /** Unfolded, RFC 2047-decoded header value. */
  header: (name: string) => string;
};

const decodeWords = (value: string): string =>
  value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g,
    (_all, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
  );

const parseHeader = (raw: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return (name: string): string => {
    const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line ? decodeWords(line.slice(name.length + 1).trim()) : '';
  };
};

export const startTestSmtpServer = async () => {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  /** Mails still to refuse with a temporary failure (451), as a busy server does. */
  let failing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failing > 0) {
          failing -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          header: parseHeader(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  /** Resolves with the first mail to `address` (waiting up to 5 s for it). */
  const waitFor = async (address: string, count = 1): Promise<ReceivedMail[]> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const mails = received.filter((mail) => mail.to.includes(address));
      if (mails.length >= count) return mails;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within 5 s`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    failNext: (count: number) => {
      failing = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
