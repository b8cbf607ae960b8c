import { useSyncExternalStore } from 'react';
import type { MenuNode, PublicConfig } from '@openkefu/contract';
import { buildRouteTable, type RouteTable } from './buildRoutes';
import { disabledMenuNames } from './features';

/**
 * What the guard loads once per page life after sign-in (spec §4): the menu tree, the routes built
 * from it, and the public configuration. The profile itself lives in the shared profile store.
 */
export type AppSession = {
  menu: MenuNode[];
  table: RouteTable;
  config: PublicConfig | null;
};

let current: AppSession | null = null;
const listeners = new Set<() => void>();

export const isProductionBuild = (): boolean => import.meta.env.PROD;

export const createSession = (
  menu: MenuNode[],
  config: PublicConfig | null,
  isProduction = isProductionBuild(),
): AppSession => ({
  menu,
  config,
  table: buildRouteTable(menu, {
    isProduction,
    showDebugMenus: config?.showDebugMenus === true,
    disabledNames: disabledMenuNames(config?.features),
  }),
});

export const getSession = (): AppSession | null => current;

export const setSession = (session: AppSession | null): void => {
  current = session;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useSession = (): AppSession | null => useSyncExternalStore(subscribe, getSession, getSession);
