import { defaultLanguage, type Language } from '@openkefu/contract';
import type { Mail } from './mailer.js';
import { loginAttackRule, loginPairRule, type LoginAttack } from './login-guard.js';

/* The warning mail an account owner gets when their account is under a password-guessing attack. */

export type LoginAlertInput = LoginAttack & {
  to: string;
  username: string;
  /** The user's last sign-in language; null when never recorded. */
  language: string | null;
  at: number;
};

const isLanguage = (value: string | null): value is Language => value === 'en-US' || value === 'zh-CN';

const minutes = loginAttackRule.windowSeconds / 60;

const templates: Record<Language, (input: LoginAlertInput, time: string) => Omit<Mail, 'to'>> = {
  'en-US': (input, time) => ({
    subject: `Failed sign-ins to your OpenKefu account ${input.username}`,
    text: [
      `Hello ${input.username},`,
      '',
      `Someone has entered a wrong password for your OpenKefu account ${input.failures} times in the last ${minutes} minutes (latest from ${input.ip}, ${time} UTC).`,
      '',
      `You can still sign in as usual. Addresses that keep guessing are slowed down and, after ${loginPairRule.limit} failures, refused for a while.`,
      'If this was not you, change your password and make sure it is not used anywhere else.',
      '',
      'This warning is sent at most once an hour.',
    ].join('\n'),
  }),
  'zh-CN': (input, time) => ({
    subject: `您的 OpenKefu 账号 ${input.username} 出现多次登录失败`,
    text: [
      `${input.username}，您好：`,
      '',
      `过去 ${minutes} 分钟内，有人为您的 OpenKefu 账号输入了 ${input.failures} 次错误密码（最近一次来自 ${input.ip}，时间 ${time} UTC）。`,
      '',
      `您仍可正常登录。持续尝试的地址会被放慢，失败 ${loginPairRule.limit} 次后会被暂时拒绝。`,
      '如果不是您本人操作，请修改密码，并确保该密码未在其他地方使用。',
      '',
      '此提醒每小时最多发送一次。',
    ].join('\n'),
  }),
};

export const renderLoginAlert = (input: LoginAlertInput): Mail => {
  const language = isLanguage(input.language) ? input.language : defaultLanguage;
  const time = new Date(input.at).toISOString().slice(0, 16).replace('T', ' ');
  return { to: input.to, ...templates[language](input, time) };
};
