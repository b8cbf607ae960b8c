import { useTranslation } from 'react-i18next';
import '../../i18n';
import { toTargetTime, useCountdown } from './useCountdown';

export type CountdownProps = {
  /** When it ends: a Date or milliseconds since the epoch. Anything else throws 'invalid target prop'. */
  target: Date | number;
  /** Called once when the countdown reaches 0. */
  onEnd?: () => void;
  /** Custom rendering of the remaining milliseconds; default hh:mm:ss. */
  format?: (remainingMs: number) => string;
  className?: string;
};

const pad = (value: number): string => String(value).padStart(2, '0');

/** hh:mm:ss, hours not wrapped at 24 (a 30-hour countdown shows 30:00:00). */
export const formatCountdown = (remainingMs: number): string => {
  const totalSeconds = Math.ceil(Math.max(0, remainingMs) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
};

/** Spec §2/§4: counts down to a target time, ticking every 1000 ms, then fires `onEnd`. */
export const Countdown = ({ target, onEnd, format = formatCountdown, className }: CountdownProps) => {
  const { t } = useTranslation('shared');
  const targetTime = toTargetTime(target);
  const remaining = useCountdown(targetTime, onEnd);
  return (
    <span className={className} role="timer" aria-label={t('countdown.label')}>
      {format(remaining)}
    </span>
  );
};
