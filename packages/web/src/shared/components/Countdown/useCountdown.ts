import { useEffect, useRef, useState } from 'react';

/** Spec §4/§9: the countdown ticks every 1000 ms. */
export const COUNTDOWN_TICK_MS = 1000;

/** A target as milliseconds since the epoch; throws 'invalid target prop' for anything else (spec §8). */
export const toTargetTime = (target: unknown): number => {
  if (target instanceof Date) {
    const time = target.getTime();
    if (Number.isFinite(time)) return time;
  } else if (typeof target === 'number' && Number.isFinite(target)) {
    return target;
  }
  throw new Error('invalid target prop');
};

const remainingUntil = (targetTime: number | null): number =>
  targetTime === null ? 0 : Math.max(0, targetTime - Date.now());

/**
 * Milliseconds left until `targetTime` (null: not running), re-rendering every tick, and calling
 * `onEnd` once when it reaches 0. Remaining time is recomputed from the clock on each tick, so a
 * throttled background tab catches up instead of drifting.
 */
export const useCountdown = (targetTime: number | null, onEnd?: () => void): number => {
  const [remaining, setRemaining] = useState(() => remainingUntil(targetTime));
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    if (targetTime === null) {
      setRemaining(0);
      return undefined;
    }
    let hasEnded = false;
    const tick = () => {
      const left = remainingUntil(targetTime);
      setRemaining(left);
      if (left === 0 && !hasEnded) {
        hasEnded = true;
        clearInterval(timer);
        onEndRef.current?.();
      }
    };
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    tick();
    return () => clearInterval(timer);
  }, [targetTime]);

  return remaining;
};
