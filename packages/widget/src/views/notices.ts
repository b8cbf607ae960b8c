import type { Message } from '@openkefu/contract';
import { callNoticeText } from '../call/notice.js';
import type { Translate } from '../i18n.js';

/** The words of a stored notification: the server sends the parameter, each page words it. */
export const noticeText = (message: Message, t: Translate): string => {
  switch (message.type) {
    case 'notification_accept':
    case 'notification_queue_accept':
      return t('noticeAccept', { name: message.content });
    case 'notification_transfer':
      return t('noticeTransfer', { name: message.content });
    case 'notification_invite_accept':
      return t('noticeInvite', { name: message.content });
    case 'notification_invite_rate':
      return t('noticeInviteRate');
    case 'notification_rate_result':
      return t('noticeRateResult', { score: message.content });
    case 'notification_agent_close':
      return message.content || t('noticeAgentClose');
    case 'notification_visitor_close':
      return t('noticeVisitorClose');
    case 'notification_auto_close':
      return message.content || t('noticeAutoClose');
    case 'notification_webrtc':
      return callNoticeText(message.content, t);
    default:
      return message.content;
  }
};
