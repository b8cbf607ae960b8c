import type { Messages } from '../../../../shared/i18n/types';
import type { KefuMessageMessages } from './en-US';

/** The `kefuMessage` namespace, zh-CN. */
export const kefuMessageZhCN: Messages<KefuMessageMessages> = {
  title: '消息记录',
  empty: '没有符合条件的消息',
  filters: {
    keyword: '关键词',
    keywordPlaceholder: '完整单词或任意中文字词',
    keywordHint:
      '关键词中的每个词都须出现。英文等以空格分词的语言按完整单词匹配，不区分大小写；中文、日文、韩文可匹配任意连续字词。',
    type: '类型',
    time: '时间',
  },
  columns: {
    content: '消息',
    type: '类型',
    sender: '发送者',
    createdAt: '发送时间',
    actions: '操作',
  },
  senderKinds: {
    visitor: '访客',
    agent: '客服',
    robot: '机器人',
    system: '系统',
  },
  actions: {
    conversation: '查看会话',
  },
};
