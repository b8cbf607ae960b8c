import { callNoticeSchema, type CallNotice } from '@openkefu/contract';
import { formatDuration } from '@openkefu/media';
import type { Translate } from '../i18n.js';

const parse = (content: string): CallNotice | null => {
  try {
    const parsed = callNoticeSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The line a `notification_webrtc` message shows in the visitor's language. */
export const callNoticeText = (content: string, t: Translate): string => {
  const notice = parse(content);
  if (!notice) return t('callNoticeUnknown');
  const media = t(notice.media === 'video' ? 'callMediaVideo' : 'callMediaVoice');
  if (notice.event === 'started')
    return t(notice.caller === 'visitor' ? 'callNoticeStartedByYou' : 'callNoticeStartedByAgent', { media });
  const duration = formatDuration(notice.durationMs ?? 0);
  switch (notice.reason) {
    case 'hangup':
    case 'failed':
      return t('callNoticeEnded', { media, duration });
    case 'rejected':
      return t('callNoticeRejected', { media });
    case 'busy':
      return t('callNoticeBusy', { media });
    case 'timeout':
      return t('callNoticeTimeout', { media });
    default:
      return t('callNoticeCancelled', { media });
  }
};
