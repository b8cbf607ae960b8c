import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of leave messages (registered with http/i18n.ts below). Keys start with `leavemsg.`. */
export const leavemsgMessages = {
  'leavemsg.notFound': { 'en-US': 'Leave message "{lid}" does not exist', 'zh-CN': '留言「{lid}」不存在' },
  'leavemsg.unknownTarget': {
    'en-US': 'No skill group or agent "{target}" here',
    'zh-CN': '不存在技能组或客服「{target}」',
  },
  'leavemsg.contactRequired': {
    'en-US': 'Leave a mobile number or an email address so that we can answer',
    'zh-CN': '请留下手机号或邮箱，以便我们回复您',
  },
  'leavemsg.mobileRequired': {
    'en-US': 'Leave a mobile number so that we can answer',
    'zh-CN': '请留下手机号，以便我们回复您',
  },
  'leavemsg.emailRequired': {
    'en-US': 'Leave an email address so that we can answer',
    'zh-CN': '请留下邮箱，以便我们回复您',
  },
  'leavemsg.closed': {
    'en-US': 'Leave message "{lid}" is closed; it cannot be answered any more',
    'zh-CN': '留言「{lid}」已关闭，无法再回复',
  },
  'leavemsg.tooMany': {
    'en-US': 'Too many messages; try again in {seconds} s',
    'zh-CN': '留言过于频繁，请 {seconds} 秒后再试',
  },
  'leavemsg.mail.subject': {
    'en-US': 'Reply to your message to {organization}',
    'zh-CN': '{organization} 回复了您的留言',
  },
  'leavemsg.mail.body': {
    'en-US': '{reply}\n\n---\nYour message of {date}:\n{content}',
    'zh-CN': '{reply}\n\n---\n您在 {date} 的留言：\n{content}',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    leavemsg: typeof leavemsgMessages;
  }
}

registerMessages(leavemsgMessages);
