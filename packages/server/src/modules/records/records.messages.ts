import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of conversation records (registered with http/i18n.ts below). Keys start with `records.`. */
export const recordsMessages = {
  'records.export.sheet': { 'en-US': 'Conversations', 'zh-CN': '会话记录' },
  'records.export.fileName': { 'en-US': 'conversations', 'zh-CN': '会话记录' },
  'records.export.truncated': {
    'en-US':
      'The filter matched {total} conversations; this file holds the newest {rows}. Narrow the time range to export the rest.',
    'zh-CN': '筛选条件共匹配 {total} 个会话，本文件只包含最新的 {rows} 个。请缩小时间范围导出其余会话。',
  },
  'records.export.column.tid': { 'en-US': 'Conversation ID', 'zh-CN': '会话ID' },
  'records.export.column.createdAt': { 'en-US': 'Created', 'zh-CN': '创建时间' },
  'records.export.column.status': { 'en-US': 'Status', 'zh-CN': '状态' },
  'records.export.column.visitor': { 'en-US': 'Visitor', 'zh-CN': '访客' },
  'records.export.column.vid': { 'en-US': 'Visitor ID', 'zh-CN': '访客ID' },
  'records.export.column.client': { 'en-US': 'Client', 'zh-CN': '客户端' },
  'records.export.column.workgroup': { 'en-US': 'Skill group', 'zh-CN': '技能组' },
  'records.export.column.agent': { 'en-US': 'Agent', 'zh-CN': '客服' },
  'records.export.column.startedAt': { 'en-US': 'Accepted', 'zh-CN': '接入时间' },
  'records.export.column.firstResponse': {
    'en-US': 'First response (s)',
    'zh-CN': '首次响应（秒）',
  },
  'records.export.column.closedAt': { 'en-US': 'Closed', 'zh-CN': '结束时间' },
  'records.export.column.duration': { 'en-US': 'Duration (min)', 'zh-CN': '时长（分钟）' },
  'records.export.column.closeType': { 'en-US': 'Closed by', 'zh-CN': '结束方式' },
  'records.export.column.messages': { 'en-US': 'Messages', 'zh-CN': '消息数' },
  'records.export.column.rate': { 'en-US': 'Rating', 'zh-CN': '满意度' },
  'records.export.column.summaryCategory': { 'en-US': 'Summary category', 'zh-CN': '小结分类' },
  'records.export.column.summary': { 'en-US': 'Summary', 'zh-CN': '会话小结' },
  'records.export.column.lastMessage': { 'en-US': 'Last message', 'zh-CN': '最后一条消息' },
  'records.status.robot': { 'en-US': 'Robot', 'zh-CN': '机器人' },
  'records.status.queuing': { 'en-US': 'Queuing', 'zh-CN': '排队中' },
  'records.status.chatting': { 'en-US': 'Chatting', 'zh-CN': '对话中' },
  'records.status.offline': { 'en-US': 'Left a message', 'zh-CN': '留言' },
  'records.status.closed': { 'en-US': 'Closed', 'zh-CN': '已结束' },
  'records.closeType.agent': { 'en-US': 'Agent', 'zh-CN': '客服关闭' },
  'records.closeType.visitor': { 'en-US': 'Visitor', 'zh-CN': '访客关闭' },
  'records.closeType.timeout': { 'en-US': 'Timed out', 'zh-CN': '超时关闭' },
  'records.closeType.non_working_time': { 'en-US': 'Outside work hours', 'zh-CN': '非工作时间' },
  'records.closeType.offline': { 'en-US': 'No agent online', 'zh-CN': '客服不在线' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    records: typeof recordsMessages;
  }
}

registerMessages(recordsMessages);
