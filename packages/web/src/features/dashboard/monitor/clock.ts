import { useSyncExternalStore } from 'react';

/*
 * One ticking clock for the wallboard: every wait time on screen moves on each second from a
 * single timer, between the server's pushes, without re-rendering the whole board.
 */

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!timer) {
    const tick = () => {
      now = Date.now();
      for (const notify of listeners) notify();
    };
    timer = setInterval(tick, 1000);
    // The clock stood still while nobody watched: bring it up to date at once.
    queueMicrotask(tick);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};

const read = () => now;

/** The current time (ms), moving on every second while someone shows it. */
export const useClock = (): number => useSyncExternalStore(subscribe, read, read);
