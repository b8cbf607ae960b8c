import type { Messages } from '../../../../shared/i18n/types';
import type { KefuSummaryMessages } from './en-US';

/** The `kefuSummary` namespace, zh-CN. */
export const kefuSummaryZhCN: Messages<KefuSummaryMessages> = {
  title: '会话小结',
  empty: '没有符合条件的小结',
  filters: {
    category: '分类',
    agent: '客服',
    keyword: '关键词',
    keywordPlaceholder: '小结中的文字',
    time: '时间',
  },
  columns: {
    category: '分类',
    content: '小结',
    agent: '客服',
    visitor: '访客',
    createdAt: '填写时间',
    actions: '操作',
  },
  uncategorised: '未分类',
  actions: {
    conversation: '查看会话',
  },
};
