import { i18n } from '../i18n';

/**
 * Spec §9 day-time formatter: a duration in seconds as days, hours, minutes and seconds —
 * "1d 2h 3m 4s" / "1天2小时3分4秒". Zero parts are left out; zero itself is "0s" / "0秒".
 */
export const formatDayTime = (totalSeconds: number): string => {
  const seconds = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const parts: Array<[key: string, count: number]> = [
    ['day', Math.floor(seconds / 86_400)],
    ['hour', Math.floor((seconds % 86_400) / 3600)],
    ['minute', Math.floor((seconds % 3600) / 60)],
    ['second', seconds % 60],
  ];
  const shown = parts.filter(([, count]) => count > 0);
  const list = shown.length > 0 ? shown : [parts[3]];
  return list
    .map(([key, count]) => i18n.t(`shared:dayTime.${key}`, { count }))
    .join(i18n.t('shared:dayTime.separator'));
};
