import type { Messages } from '../../../../shared/i18n/types';
import type { KefuMonitorMessages } from './en-US';

/** The `kefuMonitor` namespace, zh-CN. */
export const kefuMonitorZhCN: Messages<KefuMonitorMessages> = {
  title: '进行中的会话',
  empty: '当前没有进行中的会话',
  live: '实时 · 每 {{seconds}} 秒刷新 · 更新于 {{time}}',
  filters: {
    status: '状态',
    workgroup: '技能组',
  },
  columns: {
    visitor: '访客',
    status: '状态',
    workgroup: '技能组',
    agent: '客服',
    content: '最后一条消息',
    since: '持续',
    unread: '客服未读',
    actions: '操作',
  },
  since: {
    queuing: '已等待 {{duration}}',
    chatting: '已对话 {{duration}}',
    robot: '机器人接待 {{duration}}',
  },
  actions: {
    watch: '旁听',
    refresh: '刷新',
  },
};
