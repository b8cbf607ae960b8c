import { useMemo } from 'react';
import { useSession } from '../../../shared/routing/session';

/**
 * Where the console page of a menu component (`kefu/group`) lives for this user, or null when it is
 * not theirs to open (outside their menu, debug-only in production, switched off): links to it are
 * then left out rather than leading to a 403.
 */
export const usePagePaths = (): ((component: string) => string | null) => {
  const session = useSession();
  return useMemo(() => {
    const byComponent = new Map<string, string>();
    for (const page of session?.table.pages.values() ?? [])
      if (!page.isExternal && !byComponent.has(page.component)) byComponent.set(page.component, page.path);
    return (component: string) => byComponent.get(component) ?? null;
  }, [session]);
};

/** The workbench (its own route, outside the menu): for users who serve visitors (authority `chat`). */
export const WORKBENCH_PATH = '/agent';
