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
  // Keep in sync with the records page (web features/kefu/thread): an offline thread is one no agent
  // took; only a thread whose visitor left a message in that care cycle is "Left a message".
  'records.status.offline': { 'en-US': 'No agent available', 'zh-CN': '无人接待' },
  'records.status.leftMessage': { 'en-US': 'Left a message', 'zh-CN': '留言' },
  'records.status.closed': { 'en-US': 'Closed', 'zh-CN': '已结束' },
  'records.closeType.agent': { 'en-US': 'Agent', 'zh-CN': '客服关闭' },
  'records.closeType.visitor': { 'en-US': 'Visitor', 'zh-CN': '访客关闭' },
  'records.closeType.timeout': { 'en-US': 'Timed out', 'zh-CN': '超时关闭' },
  'records.closeType.non_working_time': { 'en-US': 'Outside work hours', 'zh-CN': '非工作时间' },
  'records.closeType.offline': { 'en-US': 'No agent online', 'zh-CN': '客服不在线' },
  // The visitor's client (contract clientValues), worded as the records page words it.
  'records.client.web': { 'en-US': 'Web', 'zh-CN': '网页' },
  'records.client.wap': { 'en-US': 'Mobile web', 'zh-CN': '手机网页' },
  'records.client.weixin': { 'en-US': 'WeChat', 'zh-CN': '微信' },
  'records.client.float': { 'en-US': 'Floating window', 'zh-CN': '悬浮窗' },
  'records.client.android': { 'en-US': 'Android', 'zh-CN': '安卓' },
  'records.client.ios': { 'en-US': 'iOS', 'zh-CN': 'iOS' },
  'records.client.wechat_mp': { 'en-US': 'WeChat official account', 'zh-CN': '微信公众号' },
  'records.client.wechat_url': { 'en-US': 'WeChat link', 'zh-CN': '微信链接' },
  'records.client.wechat_mini': { 'en-US': 'WeChat mini program', 'zh-CN': '微信小程序' },
  'records.client.window_admin': { 'en-US': 'Windows console', 'zh-CN': 'Windows 客服端' },
  'records.client.mac_admin': { 'en-US': 'Mac console', 'zh-CN': 'Mac 客服端' },
  'records.client.android_admin': { 'en-US': 'Android console', 'zh-CN': '安卓客服端' },
  'records.client.ios_admin': { 'en-US': 'iOS console', 'zh-CN': 'iOS 客服端' },
  'records.client.web_admin': { 'en-US': 'Web console', 'zh-CN': '网页客服端' },
  'records.client.wechat_mini_admin': { 'en-US': 'WeChat mini program console', 'zh-CN': '小程序客服端' },
  'records.client.system': { 'en-US': 'System', 'zh-CN': '系统' },
  'records.client.web_mqtt': { 'en-US': 'Web (MQTT)', 'zh-CN': '网页（MQTT）' },
  'records.client.uniapp': { 'en-US': 'uni-app', 'zh-CN': 'uni-app' },
  'records.client.flutter': { 'en-US': 'Flutter', 'zh-CN': 'Flutter' },
  'records.client.wechat_kefu': { 'en-US': 'WeChat customer service', 'zh-CN': '微信客服' },
  'records.client.wechat_work': { 'en-US': 'Work WeChat', 'zh-CN': '企业微信' },
  'records.client.feishu': { 'en-US': 'Feishu', 'zh-CN': '飞书' },
  'records.client.shopee': { 'en-US': 'Shopee', 'zh-CN': 'Shopee' },
  'records.client.lazada': { 'en-US': 'Lazada', 'zh-CN': 'Lazada' },
  'records.client.whatsapp': { 'en-US': 'WhatsApp', 'zh-CN': 'WhatsApp' },
  'records.client.messenger': { 'en-US': 'Messenger', 'zh-CN': 'Messenger' },
  'records.client.line': { 'en-US': 'LINE', 'zh-CN': 'LINE' },
  'records.client.douyin': { 'en-US': 'Douyin', 'zh-CN': '抖音' },
  'records.client.weibo': { 'en-US': 'Weibo', 'zh-CN': '微博' },
  'records.client.baidu': { 'en-US': 'Baidu marketing', 'zh-CN': '百度营销' },
  'records.client.email': { 'en-US': 'Email', 'zh-CN': '邮件' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    records: typeof recordsMessages;
  }
}

registerMessages(recordsMessages);
