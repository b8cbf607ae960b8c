import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of visitors' feedback (registered with http/i18n.ts below). */
export const feedbackMessages = {
  'feedback.notFound': { 'en-US': 'Feedback "{fid}" does not exist', 'zh-CN': '反馈「{fid}」不存在' },
  'feedback.imageInvalid': {
    'en-US': 'Image "{aid}" is not an uploaded image of this site',
    'zh-CN': '图片「{aid}」不是本站上传的图片',
  },
  'feedback.closed': {
    'en-US': 'This feedback is closed',
    'zh-CN': '该反馈已关闭',
  },
  'feedback.alreadyConverted': {
    'en-US': 'This feedback already became ticket "{ticketId}"',
    'zh-CN': '该反馈已转为工单「{ticketId}」',
  },
  'feedback.ticketUnavailable': {
    'en-US': 'Tickets cannot be created from feedback on this server yet',
    'zh-CN': '本服务器暂不支持将反馈转为工单',
  },
  'feedback.helpNotFound': {
    'en-US': 'The help centre "{org}" does not exist or is not published',
    'zh-CN': '帮助中心「{org}」不存在或未发布',
  },
  'feedback.rangeInvalid': {
    'en-US': 'The period must end after it starts and span at most 366 days',
    'zh-CN': '统计区间的结束须晚于开始，且不超过 366 天',
  },
  'feedback.ticketTitle': { 'en-US': 'Feedback: {excerpt}', 'zh-CN': '反馈：{excerpt}' },
  // The widget's category names (GET /visitor/api/feedback/categories).
  'feedback.category.suggestion': { 'en-US': 'Suggestion', 'zh-CN': '建议' },
  'feedback.category.bug': { 'en-US': 'Problem', 'zh-CN': '问题' },
  'feedback.category.complaint': { 'en-US': 'Complaint', 'zh-CN': '投诉' },
  'feedback.category.praise': { 'en-US': 'Praise', 'zh-CN': '表扬' },
  'feedback.category.other': { 'en-US': 'Other', 'zh-CN': '其他' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    feedback: typeof feedbackMessages;
  }
}

registerMessages(feedbackMessages);
