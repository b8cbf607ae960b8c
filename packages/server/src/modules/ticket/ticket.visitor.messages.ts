import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the widget's tickets (registered with http/i18n.ts below). */
export const ticketVisitorMessages = {
  'ticketVisitor.groupNotFound': {
    'en-US': 'The skill group "{wid}" does not exist',
    'zh-CN': '技能组「{wid}」不存在',
  },
  'ticketVisitor.disabled': {
    'en-US': 'This skill group does not take tickets from the chat window',
    'zh-CN': '该技能组未开启在线提交工单',
  },
  'ticketVisitor.attachmentInvalid': {
    'en-US': 'Attachment "{aid}" is not a file uploaded from the chat window',
    'zh-CN': '附件「{aid}」不是在对话窗口上传的文件',
  },
  'ticketVisitor.page': { 'en-US': 'Sent from: {url}', 'zh-CN': '提交页面：{url}' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    ticketVisitor: typeof ticketVisitorMessages;
  }
}

registerMessages(ticketVisitorMessages);
