import dayjs from 'dayjs';
import { i18n } from '../i18n';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9: seconds, minutes, hours, under 5 days as days, otherwise the date (YYYY-MM-DD).
 * `now` is injectable for tests and lists that render many rows against one clock.
 */
export const timeAgo = (time: Date | number | string, now: Date | number = Date.now()): string => {
  const then = dayjs(time);
  if (!then.isValid()) return '';
  const seconds = Math.floor((dayjs(now).valueOf() - then.valueOf()) / 1000);
  if (seconds < 1) return i18n.t('shared:timeAgo.justNow');
  if (seconds < MINUTE) return i18n.t('shared:timeAgo.seconds', { count: seconds });
  if (seconds < HOUR) return i18n.t('shared:timeAgo.minutes', { count: Math.floor(seconds / MINUTE) });
  if (seconds < DAY) return i18n.t('shared:timeAgo.hours', { count: Math.floor(seconds / HOUR) });
  if (seconds < 5 * DAY) return i18n.t('shared:timeAgo.days', { count: Math.floor(seconds / DAY) });
  return then.format('YYYY-MM-DD');
};
