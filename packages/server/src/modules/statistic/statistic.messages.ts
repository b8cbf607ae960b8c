import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the statistics (registered with http/i18n.ts below). Keys start with `statistic.`. */
export const statisticMessages = {
  'statistic.range': {
    'en-US': '"to" must not be before "from", and the range is at most {max} days',
    'zh-CN': '结束日期不能早于开始日期，且跨度不超过 {max} 天',
  },
  'statistic.agentNotFound': { 'en-US': 'Agent "{uid}" not found', 'zh-CN': '客服「{uid}」不存在' },
  'statistic.workgroupNotFound': {
    'en-US': 'Skill group "{wid}" not found',
    'zh-CN': '技能组「{wid}」不存在',
  },
  'statistic.sheet': { 'en-US': 'Online service', 'zh-CN': '在线客服统计' },
  'statistic.fileName': { 'en-US': 'online-statistics', 'zh-CN': '在线客服统计' },
  'statistic.column.key': { 'en-US': 'Period / name', 'zh-CN': '时间 / 名称' },
  'statistic.total': { 'en-US': 'Total', 'zh-CN': '合计' },
  'statistic.none': { 'en-US': '(none)', 'zh-CN': '（无）' },
} satisfies Record<string, CatalogueEntry>;

declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    statistic: typeof statisticMessages;
  }
}

registerMessages(statisticMessages);
