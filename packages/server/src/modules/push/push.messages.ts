import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of Web Push: errors and the notices' words (keys start with `push.`). */
export const pushMessages = {
  'push.subscriptionNotFound': {
    'en-US': 'This device has no push subscription',
    'zh-CN': '此设备没有推送订阅',
  },
  'push.assigned.title': { 'en-US': 'New conversation', 'zh-CN': '新会话' },
  'push.assigned.body': {
    'en-US': '{visitor} is waiting for your reply',
    'zh-CN': '{visitor} 正在等待您的回复',
  },
  'push.queued.title': { 'en-US': 'A visitor is queuing', 'zh-CN': '有访客在排队' },
  'push.queued.body': {
    'en-US': '{visitor} is waiting in the queue of {group}',
    'zh-CN': '{visitor} 正在「{group}」排队等待',
  },
  'push.message.title': { 'en-US': 'Message from {visitor}', 'zh-CN': '{visitor} 发来消息' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    push: typeof pushMessages;
  }
}

registerMessages(pushMessages);
