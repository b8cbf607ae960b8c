import type { Messages } from '../../../../shared/i18n/types';
import type { KefuLeavemsgMessages } from './en-US';

/** The `kefuLeavemsg` namespace, zh-CN. */
export const kefuLeavemsgZhCN: Messages<KefuLeavemsgMessages> = {
  title: '留言',
  empty: '没有符合条件的留言',
  filters: {
    status: '状态',
    workgroup: '技能组',
    time: '时间',
  },
  status: {
    unread: '未读',
    read: '已读',
    replied: '已回复',
    closed: '已关闭',
  },
  columns: {
    visitor: '访客',
    content: '留言内容',
    contact: '联系方式',
    workgroup: '技能组',
    status: '状态',
    reply: '回复',
    createdAt: '留言时间',
    actions: '操作',
  },
  noWorkgroup: '—',
  emailed: '已发邮件',
  notEmailed: '未发邮件',
  repliedBy: '{{agent}}，{{time}}',
  actions: {
    read: '标为已读',
    reply: '回复',
    close: '关闭',
    closeConfirm: '确定关闭这条留言吗？',
    closeHint: '关闭后将无法再回复。',
    cancel: '取消',
  },
  done: {
    read: '已标为已读',
    closed: '留言已关闭',
    repliedEmailed: '回复已保存，并已发送邮件至 {{email}}',
    repliedNotEmailed:
      '回复已保存，但未能发送邮件至 {{email}}（服务器未配置邮件或发送失败）。访客可在聊天窗口看到回复。',
    repliedInWidget: '回复已保存，访客再次打开聊天窗口时可以看到',
  },
  replyModal: {
    title: '回复 {{visitor}}',
    original: '留言内容',
    contact: '联系方式',
    reply: '回复',
    placeholder: '请输入回复内容',
    required: '请填写回复内容',
    tooLong: '最多 {{max}} 个字符',
    viaEmail: '回复将同时通过邮件发送至 {{email}}。',
    viaWidget: '访客没有留下邮箱：访客再次打开聊天窗口时可以看到回复。',
    submit: '发送回复',
    cancel: '取消',
  },
};
