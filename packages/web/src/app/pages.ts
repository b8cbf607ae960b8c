import type { PageModuleLoader } from './routing/lazyPage';

/**
 * Menu component keys (`<section>/<item>`) → their lazily loaded page modules. A key missing here
 * shows the 404 "still in development" screen until a later issue adds its page (DESIGN §5).
 */
export const pageModules: Record<string, PageModuleLoader> = {
  'dashboard/workplace': () =>
    import('../features/dashboard/workplace/WorkplacePage').then((m) => ({ default: m.WorkplacePage })),
  'platform/menu': () => import('../features/platform/menu/MenuPage').then((m) => ({ default: m.MenuPage })),
};
