import type { CodePurpose, Language } from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { translate } from '../../http/i18n.js';
import { createLazySmtpTransport } from '../../lib/mail/transport.js';

export type CodeChannel = 'mobile' | 'email';

export type CodeMessage = {
  channel: CodeChannel;
  to: string;
  code: string;
  purpose: CodePurpose;
  language: Language;
  expiresInMinutes: number;
};

export type CodeSender = (message: CodeMessage) => Promise<void>;

/** One sender per channel; null means the channel is switched off (login by it is not offered). */
export type CodeDelivery = Record<CodeChannel, CodeSender | null>;

const renderBody = (message: CodeMessage) =>
  translate('code.body', message.language, { code: message.code, minutes: message.expiresInMinutes });

/**
 * The default provider: the code goes to the server log instead of to the user. Logged as a
 * warning so it shows at every usual LOG_LEVEL (development, e2e runs) and so nobody mistakes it
 * for a delivery in production; never use it where the log is readable by others.
 */
export const createLogSender =
  (logger: FastifyBaseLogger): CodeSender =>
  async (message) => {
    logger.warn(
      { channel: message.channel, to: message.to, purpose: message.purpose, code: message.code },
      `verification code for ${message.to}: ${message.code} (log provider: not delivered to the user)`,
    );
  };

export const createSmtpSender = (options: { url: string; from: string }): CodeSender => {
  const transport = createLazySmtpTransport(options.url);
  return async (message) => {
    await transport.sendMail({
      from: options.from,
      to: message.to,
      subject: translate('code.subject', message.language),
      text: renderBody(message),
    });
  };
};

export const createCodeDelivery = (config: Config, logger: FastifyBaseLogger): CodeDelivery => ({
  mobile: config.smsProvider === 'log' ? createLogSender(logger) : null,
  email:
    config.emailProvider === 'log'
      ? createLogSender(logger)
      : config.emailProvider === 'smtp'
        ? createSmtpSender({ url: config.smtpUrl, from: config.mailFrom })
        : null,
});
