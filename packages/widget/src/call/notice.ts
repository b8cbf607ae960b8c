import type { CallNotice } from '@openkefu/contract';
import { formatDuration } from '@openkefu/media';
import type { Translate } from '../i18n.js';

/**
 * The notice as the server wrote it (the contract's callNoticeSchema), read by hand: zod stays out
 * of the widget's first load. Only the fields the line uses are checked.
 */
const parse = (content: string): CallNotice | null => {
  try {
    const value = JSON.parse(content) as Partial<Record<keyof CallNotice, unknown>> | null;
    if (!value || typeof value !== 'object') return null;
    if (value.event !== 'started' && value.event !== 'ended') return null;
    if (value.media !== 'audio' && value.media !== 'video') return null;
    return {
      callId: typeof value.callId === 'string' ? value.callId : '',
      event: value.event,
      media: value.media,
      caller: value.caller === 'visitor' ? 'visitor' : 'agent',
      reason: typeof value.reason === 'string' ? (value.reason as CallNotice['reason']) : undefined,
      durationMs: typeof value.durationMs === 'number' ? value.durationMs : undefined,
    };
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
