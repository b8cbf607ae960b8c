export { Countdown, formatCountdown, type CountdownProps } from './Countdown';
export { COUNTDOWN_TICK_MS, toTargetTime, useCountdown } from './useCountdown';
