import { callNoticeSchema, type CallNotice } from '@openkefu/contract';
import { formatDuration } from '@openkefu/media';
// Registers the call strings wherever a notice is shown (records pages too, not only the workbench).
import './i18n';

type Translate = (key: string, options?: Record<string, string>) => string;

const parse = (content: string): CallNotice | null => {
  try {
    const parsed = callNoticeSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The line a `notification_webrtc` message shows in the workbench (namespace `workbench`). */
export const callNoticeText = (content: string, t: Translate): string => {
  const notice = parse(content);
  if (!notice) return t('notice.notification_webrtc');
  const media = t(`call.media.${notice.media}`);
  if (notice.event === 'started') return t(`call.notice.started.${notice.caller}`, { media });
  const by = t(`call.party.${notice.by ?? 'system'}`);
  const duration = formatDuration(notice.durationMs ?? 0);
  return t(`call.notice.${notice.reason ?? 'hangup'}`, { media, by, duration });
};
