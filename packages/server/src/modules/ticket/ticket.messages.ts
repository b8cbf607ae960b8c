import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of tickets (registered with http/i18n.ts below). */
export const ticketMessages = {
  'ticket.notFound': { 'en-US': 'Ticket "{tkid}" does not exist', 'zh-CN': '工单「{tkid}」不存在' },
  'ticket.transitionRefused': {
    'en-US': 'A ticket that is {status} cannot {action}',
    'zh-CN': '状态为「{status}」的工单不能执行「{action}」',
  },
  'ticket.needsAssignee': {
    'en-US': 'Assign the ticket to someone before "{action}"',
    'zh-CN': '请先指派处理人，再执行「{action}」',
  },
  'ticket.changedMeanwhile': {
    'en-US': 'The ticket changed in the meantime (now {status}); reload it and try again',
    'zh-CN': '工单已被他人修改（当前状态「{status}」），请刷新后重试',
  },
  'ticket.threadNotFound': { 'en-US': 'Conversation "{tid}" does not exist', 'zh-CN': '会话「{tid}」不存在' },
  'ticket.templateNotFound': {
    'en-US': 'Template "{ttid}" does not exist',
    'zh-CN': '工单模板「{ttid}」不存在',
  },
  'ticket.templateNameTaken': {
    'en-US': 'A template named "{name}" exists already',
    'zh-CN': '名为「{name}」的工单模板已存在',
  },
  'ticket.unknownCategory': {
    'en-US': 'Category "{cid}" is not a ticket category of this organisation',
    'zh-CN': '分类「{cid}」不是本组织的工单分类',
  },
  'ticket.unknownWorkgroup': {
    'en-US': 'Skill group "{wid}" does not belong to this organisation',
    'zh-CN': '技能组「{wid}」不属于本组织',
  },
  'ticket.unknownColleague': {
    'en-US': 'Not an enabled colleague of this organisation: {uids}',
    'zh-CN': '不是本组织已启用的同事：{uids}',
  },
  'ticket.unknownCustomer': {
    'en-US': 'Customer "{cid}" is not a customer of this organisation',
    'zh-CN': '客户「{cid}」不是本组织的客户',
  },
  'ticket.customFieldRequired': { 'en-US': 'is required', 'zh-CN': '为必填项' },
  'ticket.customFieldInvalid': {
    'en-US': 'must be a {type} value',
    'zh-CN': '必须是 {type} 类型的值',
  },
  'ticket.inboundUnauthorized': {
    'en-US': 'Unknown organisation or wrong inbound secret',
    'zh-CN': '组织不存在或入站密钥错误',
  },
  'ticket.inboundEmpty': { 'en-US': 'The mail has no text', 'zh-CN': '邮件没有正文' },
  'ticket.statisticRange': {
    'en-US': '"to" must not be before "from", and the range is at most 366 days',
    'zh-CN': '结束时间不能早于开始时间，且跨度不超过 366 天',
  },
  'ticket.unknownAttachment': {
    'en-US': '"{path}" is not a file uploaded to this organisation',
    'zh-CN': '「{path}」不是本组织上传的文件',
  },
  'ticket.contentEmpty': { 'en-US': 'The comment has no content', 'zh-CN': '评论内容为空' },
  'ticket.templateMissing': {
    'en-US': 'Template "{ttid}" does not exist',
    'zh-CN': '工单模板「{ttid}」不存在',
  },
  'ticket.transcript': { 'en-US': 'Conversation transcript', 'zh-CN': '会话记录' },
  'ticket.fromThreadTitle': { 'en-US': 'Conversation with {name}', 'zh-CN': '与{name}的会话' },
  'ticket.visitor': { 'en-US': 'Visitor', 'zh-CN': '访客' },
  'ticket.robot': { 'en-US': 'Robot', 'zh-CN': '机器人' },
  'ticket.noAssignee': { 'en-US': 'unassigned', 'zh-CN': '未指派' },
  // The statistics export (GET /api/ticket/statistic/export).
  'ticket.export.fileName': { 'en-US': 'Ticket statistics', 'zh-CN': '工单统计' },
  'ticket.export.sheet': { 'en-US': 'Statistics', 'zh-CN': '统计' },
  'ticket.export.dimension': { 'en-US': 'Dimension', 'zh-CN': '维度' },
  'ticket.export.item': { 'en-US': 'Item', 'zh-CN': '项目' },
  'ticket.export.value': { 'en-US': 'Count / value', 'zh-CN': '数量 / 数值' },
  'ticket.export.resolved': { 'en-US': 'Resolved', 'zh-CN': '已解决' },
  'ticket.export.backlog': { 'en-US': 'Backlog', 'zh-CN': '积压' },
  'ticket.export.summary': { 'en-US': 'Summary', 'zh-CN': '概览' },
  'ticket.export.total': { 'en-US': 'Tickets created', 'zh-CN': '新建工单数' },
  'ticket.export.medianFirstResponse': {
    'en-US': 'Median first response (minutes)',
    'zh-CN': '首次响应中位数（分钟）',
  },
  'ticket.export.medianResolution': {
    'en-US': 'Median resolution (minutes)',
    'zh-CN': '解决时长中位数（分钟）',
  },
  'ticket.export.slaBreachRate': { 'en-US': 'SLA breach rate', 'zh-CN': 'SLA 超时率' },
  'ticket.export.byDay': { 'en-US': 'Created by day', 'zh-CN': '每日新建' },
  'ticket.export.byStatus': { 'en-US': 'By status', 'zh-CN': '按状态' },
  'ticket.export.byPriority': { 'en-US': 'By priority', 'zh-CN': '按优先级' },
  'ticket.export.byAssignee': { 'en-US': 'By assignee', 'zh-CN': '按处理人' },
  'ticket.export.byGroup': { 'en-US': 'By skill group', 'zh-CN': '按技能组' },
  'ticket.export.noGroup': { 'en-US': 'no group', 'zh-CN': '无技能组' },
  'ticket.status.new': { 'en-US': 'New', 'zh-CN': '新建' },
  'ticket.status.assigned': { 'en-US': 'Assigned', 'zh-CN': '已分配' },
  'ticket.status.processing': { 'en-US': 'Processing', 'zh-CN': '处理中' },
  'ticket.status.pending': { 'en-US': 'Pending', 'zh-CN': '等待中' },
  'ticket.status.resolved': { 'en-US': 'Resolved', 'zh-CN': '已解决' },
  'ticket.status.closed': { 'en-US': 'Closed', 'zh-CN': '已关闭' },
  'ticket.status.reopened': { 'en-US': 'Reopened', 'zh-CN': '已重开' },
  'ticket.priority.lowest': { 'en-US': 'Lowest', 'zh-CN': '最低' },
  'ticket.priority.low': { 'en-US': 'Low', 'zh-CN': '低' },
  'ticket.priority.medium': { 'en-US': 'Medium', 'zh-CN': '中' },
  'ticket.priority.high': { 'en-US': 'High', 'zh-CN': '高' },
  'ticket.priority.urgent': { 'en-US': 'Urgent', 'zh-CN': '紧急' },
  'ticket.priority.critical': { 'en-US': 'Critical', 'zh-CN': '严重' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    ticket: typeof ticketMessages;
  }
}

registerMessages(ticketMessages);
