import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** What the hook needs of ProTable's `actionRef`. */
export type Reloadable = { reload: () => Promise<void> | void };

export type ListRefreshOptions = {
  /**
   * Poll this often while the browser tab shows (for lists whose data changes while one looks:
   * ongoing conversations). Off by default: most records only change when the user comes back.
   */
  pollMs?: number;
  /** Also run on every refresh (e.g. a summary query shown above the table). */
  onRefresh?: () => void;
};

/** Returning to the window fires both `focus` and `visibilitychange`: one reload is enough. */
export const REFRESH_GAP_MS = 1_000;

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

const isDocumentVisible = () => document.visibilityState !== 'hidden';

/**
 * Keeps a records list current (issue 12): it reloads when its page is opened again while it is
 * showing (a menu or tab click on the same page is a new history entry), when the browser
 * window or tab comes back (the agent chatted in the workbench meanwhile), and, with `pollMs`,
 * polls while the tab shows. Returns ProTable's `polling` prop: undefined while hidden, so a
 * background tab costs the server nothing.
 */
export const useListRefresh = (
  actionRef: RefObject<Reloadable | undefined>,
  { pollMs, onRefresh }: ListRefreshOptions = {},
): { polling: number | undefined } => {
  const location = useLocation();
  const isVisible = useSyncExternalStore(subscribeVisibility, isDocumentVisible, () => true);
  const seen = useRef({ key: location.key, pathname: location.pathname });
  const lastRefresh = useRef(0);
  const latest = useRef(onRefresh);
  latest.current = onRefresh;

  const refresh = useRef((force: boolean) => {
    const now = Date.now();
    if (!force && now - lastRefresh.current < REFRESH_GAP_MS) return;
    lastRefresh.current = now;
    void actionRef.current?.reload();
    latest.current?.();
  }).current;

  useEffect(() => {
    const previous = seen.current;
    seen.current = { key: location.key, pathname: location.pathname };
    // Only a new entry for this same page: other navigations unmount it (and mount refetches).
    if (previous.key !== location.key && previous.pathname === location.pathname) refresh(true);
  }, [location.key, location.pathname, refresh]);

  useEffect(() => {
    const onReturn = () => {
      if (isDocumentVisible()) refresh(false);
    };
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [refresh]);

  return { polling: pollMs && isVisible ? pollMs : undefined };
};
