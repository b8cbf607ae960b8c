import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

const isVisible = () => document.visibilityState !== 'hidden';

/**
 * Whether the browser tab is showing. Live pages poll only while it is: a tab left in the
 * background costs the server nothing, and coming back refreshes at once.
 */
export const usePageVisible = (): boolean => useSyncExternalStore(subscribe, isVisible, () => true);
