import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of quality inspection (registered with http/i18n.ts below). */
export const qualityMessages = {
  'quality.notFound': { 'en-US': 'Inspection "{qid}" does not exist', 'zh-CN': '质检记录「{qid}」不存在' },
  'quality.schemeNotFound': {
    'en-US': 'Scheme "{qsid}" does not exist',
    'zh-CN': '质检方案「{qsid}」不存在',
  },
  'quality.ruleNotFound': {
    'en-US': 'Sampling rule "{qrid}" does not exist',
    'zh-CN': '抽检规则「{qrid}」不存在',
  },
  'quality.ruleKindTaken': {
    'en-US': 'There is already a sampling rule of this kind',
    'zh-CN': '已存在同类型的抽检规则',
  },
  'quality.threadNotFound': {
    'en-US': 'Conversation "{tid}" does not exist',
    'zh-CN': '会话「{tid}」不存在',
  },
  'quality.threadNotClosed': {
    'en-US': 'Only a closed conversation served by an agent can be inspected',
    'zh-CN': '只能质检已结束且由客服接待的会话',
  },
  'quality.alreadyQueued': {
    'en-US': 'This conversation is already in quality inspection',
    'zh-CN': '该会话已在质检中',
  },
  'quality.transitionRefused': {
    'en-US': 'An inspection that is {status} cannot be {action}',
    'zh-CN': '状态为「{status}」的质检不能执行「{action}」',
  },
  'quality.changedMeanwhile': {
    'en-US': 'The inspection changed in the meantime; reload it and try again',
    'zh-CN': '质检记录已被他人修改，请刷新后重试',
  },
  'quality.notYours': {
    'en-US': 'Only the agent who served the conversation can appeal',
    'zh-CN': '只有接待该会话的客服可以申诉',
  },
  'quality.weightsSum': {
    'en-US': 'The criteria weights must sum to 100 % (now {sum} %)',
    'zh-CN': '各考核维度权重之和必须为 100%（当前 {sum}%）',
  },
  'quality.duplicateKey': { 'en-US': 'Key "{key}" is used twice', 'zh-CN': '标识「{key}」重复' },
  'quality.noPoints': {
    'en-US': 'A weighted criterion needs at least one non-fatal item with points',
    'zh-CN': '有权重的维度至少需要一个有分值的非致命项',
  },
  'quality.unknownItem': {
    'en-US': 'Check item "{key}" is not in the scheme',
    'zh-CN': '检查项「{key}」不在方案中',
  },
  'quality.tooManyPoints': { 'en-US': 'At most {points} points', 'zh-CN': '最多 {points} 分' },
  'quality.schemeInUse': {
    'en-US': 'The scheme has scored conversations; it can be changed but not deleted',
    'zh-CN': '该方案已有质检记录，可修改但不能删除',
  },
  'quality.defaultScheme': {
    'en-US': 'The default scheme cannot be deleted; make another one the default first',
    'zh-CN': '默认方案不能删除，请先将其他方案设为默认',
  },
  'quality.unknownWorkgroup': {
    'en-US': 'Skill group "{wid}" does not belong to this organisation',
    'zh-CN': '技能组「{wid}」不属于本组织',
  },
  'quality.unknownMessage': {
    'en-US': 'Message "{mid}" is not part of this conversation',
    'zh-CN': '消息「{mid}」不属于该会话',
  },
  'quality.statisticRange': {
    'en-US': '"to" must not be before "from", and the range is at most 366 days',
    'zh-CN': '结束时间不能早于开始时间，且跨度不超过 366 天',
  },
  'quality.defaultName': { 'en-US': 'Default scheme', 'zh-CN': '默认方案' },
  'quality.sheet': { 'en-US': 'Quality', 'zh-CN': '质检统计' },
  'quality.exportName': { 'en-US': 'quality-statistics', 'zh-CN': '质检统计' },
  'quality.column.dimension': { 'en-US': 'Dimension', 'zh-CN': '维度' },
  'quality.column.name': { 'en-US': 'Name', 'zh-CN': '名称' },
  'quality.column.count': { 'en-US': 'Scored', 'zh-CN': '质检数' },
  'quality.column.average': { 'en-US': 'Average score', 'zh-CN': '平均分' },
  'quality.dimension.total': { 'en-US': 'Overall', 'zh-CN': '总体' },
  'quality.dimension.agent': { 'en-US': 'Agent', 'zh-CN': '客服' },
  'quality.dimension.group': { 'en-US': 'Skill group', 'zh-CN': '技能组' },
  'quality.dimension.criterion': { 'en-US': 'Criterion', 'zh-CN': '考核维度' },
  'quality.dimension.week': { 'en-US': 'Week', 'zh-CN': '周' },
  'quality.dimension.missed': { 'en-US': 'Missed item', 'zh-CN': '失分项' },
  'quality.passRate': { 'en-US': 'Pass rate', 'zh-CN': '合格率' },
  'quality.appealRate': { 'en-US': 'Appeal rate', 'zh-CN': '申诉率' },
  'quality.noGroup': { 'en-US': 'No skill group', 'zh-CN': '无技能组' },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    quality: typeof qualityMessages;
  }
}

registerMessages(qualityMessages);
