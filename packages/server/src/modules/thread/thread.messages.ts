import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of live chat (registered with http/i18n.ts below). Keys start with `thread.` or `message.`. */
export const threadMessages = {
  'thread.notFound': { 'en-US': 'Conversation "{tid}" does not exist', 'zh-CN': '会话「{tid}」不存在' },
  'thread.notOpen': {
    'en-US': 'Conversation "{tid}" is not open any more',
    'zh-CN': '会话「{tid}」已结束',
  },
  'thread.unknownTarget': {
    'en-US': 'No skill group or agent "{target}" here',
    'zh-CN': '不存在技能组或客服「{target}」',
  },
  'thread.notWithRobot': {
    'en-US': 'Conversation "{tid}" is not with the robot any more',
    'zh-CN': '会话「{tid}」已不在机器人接待中',
  },
  'thread.robotLeadAnswered': {
    'en-US': 'Your contact details have already been sent',
    'zh-CN': '您的联系方式已经提交过了',
  },
  'thread.robotAlreadyRated': {
    'en-US': 'This answer has already been rated',
    'zh-CN': '该回答已评价过',
  },
  'thread.notQueuing': {
    'en-US': 'Conversation "{tid}" is not waiting in the queue',
    'zh-CN': '会话「{tid}」不在排队中',
  },
  'thread.appointedToOther': {
    'en-US': 'This visitor asked for another agent',
    'zh-CN': '该访客指定了其他客服',
  },
  'thread.alreadyTaken': {
    'en-US': 'A colleague has already taken conversation "{tid}"',
    'zh-CN': '会话「{tid}」已被其他客服接入',
  },
  'thread.atCapacity': {
    'en-US': 'You already have {max} conversations, your maximum',
    'zh-CN': '您的会话数已达上限 {max}',
  },
  'thread.transferAtCapacity': {
    'en-US':
      'You already chat in {max} conversations, your maximum: end one before taking this transfer (it stays waiting for you)',
    'zh-CN': '您的会话数已达上限 {max}，请先结束一个会话再接受转接（转接会继续等待）',
  },
  'thread.notYours': {
    'en-US': 'Only the agent serving this conversation may do this',
    'zh-CN': '只有接待该会话的客服可以执行此操作',
  },
  'thread.offerNotFound': {
    'en-US': 'Transfer or invitation "{id}" does not exist',
    'zh-CN': '转接或邀请「{id}」不存在',
  },
  'thread.offerSettled': {
    'en-US': 'This transfer or invitation has already been answered',
    'zh-CN': '该转接或邀请已被处理',
  },
  'thread.agentNotFound': {
    'en-US': 'Agent "{uid}" does not exist or is disabled',
    'zh-CN': '客服「{uid}」不存在或已禁用',
  },
  'thread.transferToSelf': {
    'en-US': 'You cannot transfer a conversation to yourself',
    'zh-CN': '不能把会话转接给自己',
  },
  'thread.inviteSelf': { 'en-US': 'You cannot invite yourself', 'zh-CN': '不能邀请自己' },
  'thread.nobodyToTransferTo': {
    'en-US': 'Nobody in skill group "{group}" is online to take the conversation',
    'zh-CN': '技能组「{group}」没有在线客服可以接入',
  },
  'thread.alreadyRated': {
    'en-US': 'This conversation has already been rated',
    'zh-CN': '该会话已评价',
  },
  'thread.nothingToRate': {
    'en-US': 'No agent has served this conversation yet',
    'zh-CN': '该会话尚未有客服接待，无法评价',
  },
  'message.attachmentNotFound': {
    'en-US': 'Upload "{aid}" does not exist',
    'zh-CN': '上传的文件「{aid}」不存在',
  },
  'message.notAnImage': { 'en-US': 'The upload is not an image', 'zh-CN': '上传的文件不是图片' },
  'message.notFound': { 'en-US': 'Message "{mid}" does not exist', 'zh-CN': '消息「{mid}」不存在' },
  'message.recallTooLate': {
    'en-US': 'Messages can only be recalled within 2 minutes',
    'zh-CN': '消息发送超过 2 分钟，无法撤回',
  },
} satisfies Record<`thread.${string}` | `message.${string}`, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    thread: typeof threadMessages;
  }
}

registerMessages(threadMessages);
