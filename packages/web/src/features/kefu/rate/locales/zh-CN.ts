import type { Messages } from '../../../../shared/i18n/types';
import type { KefuRateMessages } from './en-US';

/** The `kefuRate` namespace, zh-CN. */
export const kefuRateZhCN: Messages<KefuRateMessages> = {
  title: '满意度评价',
  empty: '没有符合条件的评价',
  summary: {
    average: '平均分',
    outOf: '/ 5',
    count: '评价数',
    none: '暂无评价',
    distribution: '评分分布',
    bar: '{{label}}：{{count}}（{{percent}}%）',
  },
  scores: {
    '1': '非常不满意',
    '2': '不满意',
    '3': '一般',
    '4': '满意',
    '5': '非常满意',
  },
  filters: {
    score: '评分',
    agent: '客服',
    time: '时间',
  },
  columns: {
    score: '评分',
    note: '备注',
    agent: '客服',
    visitor: '访客',
    how: '方式',
    createdAt: '评价时间',
    actions: '操作',
  },
  how: {
    invited: '客服邀请',
    visitor: '访客主动',
    auto: '系统默认',
  },
  actions: {
    conversation: '查看会话',
  },
};
