import { lazy, Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import {
  createBrowserRouter,
  Outlet,
  redirect,
  useLoaderData,
  useMatches,
  type RouteObject,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import './i18nBoot';
import { useLanguage } from '../shared/i18n';
import {
  agentLoader,
  APP_BASENAME,
  guardLoader,
  redirectSignedInLoader,
  type GuardResult,
} from './guard/guard';
import { HOME_PATH, LOGIN_PATH } from '../shared/routing/resolvePath';
import { setDocumentTitle } from '../shared/title/pageTitle';
import { BootFallback, RouteErrorScreen } from './boot/BootScreens';
import { removePrerender } from '../features/user/prerender';
import { BlankLayout } from '../layouts/BlankLayout';

/**
 * The route tree (spec §2). This module and main.tsx stay light (DESIGN §5/§7): react, react-router,
 * TanStack Query and the shared modules only. antd, ProComponents and the menu-driven shell load
 * through the lazy imports below, after the guard lets the user in.
 */

type TitleHandle = { titleKey?: string };

/** Lazy route module from one of the public pages' named exports. */
const userPage =
  (load: () => Promise<Record<string, ComponentType>>, name: string): RouteObject['lazy'] =>
  async () => ({ Component: (await load())[name] });

const loadUserPage = {
  login: () => import('../features/user/pages/LoginPage'),
  register: () => import('../features/user/pages/RegisterPage'),
  registerEmail: () => import('../features/user/pages/RegisterEmailPage'),
  registerMobile: () => import('../features/user/pages/RegisterMobilePage'),
  registerResult: () => import('../features/user/pages/RegisterResultPage'),
  forgetPassword: () => import('../features/user/pages/ForgetPasswordPage'),
  forgetBind: () => import('../features/user/pages/ForgetBindPage'),
  forgetResult: () => import('../features/user/pages/ForgetResultPage'),
  bind: () => import('../features/user/pages/BindPage'),
  bindWechat: () => import('../features/user/pages/BindWechatPage'),
  bindWechatWork: () => import('../features/user/pages/BindWechatWorkPage'),
  redirect: () => import('../features/user/pages/OAuthRedirectPage'),
  testHome: () => import('../features/user/pages/TestHomePage'),
};

/** The redirect pages of the OAuth providers (spec §2 user area). */
export const oauthRedirectPages = [
  'redirect',
  'redirect-lazada',
  'redirect-lazada-im',
  'redirect-lazada-erp',
  'redirect-shopee',
  'redirect-wechatkefu',
  'redirect-wechatwork',
] as const;

/** Provider callbacks → the matching page of the user area, query string kept (spec §2). */
export const oauthCallbacks: Record<string, string> = {
  'oauth/wechat/callback': '/antv/user/bind-wechat',
  'antv/mp/redirect': '/antv/user/redirect',
  'antv/lazada/redirect': '/antv/user/redirect-lazada',
  'antv/lazada/redirect/im': '/antv/user/redirect-lazada-im',
  'antv/lazada/redirect/erp': '/antv/user/redirect-lazada-erp',
  'antv/shopee/redirect': '/antv/user/redirect-shopee',
  'antv/wechatkefu/redirect': '/antv/user/redirect-wechatkefu',
  'antv/wechatwork/redirect': '/antv/user/redirect-wechatwork',
};

/** Element of the redirect-only routes: their loader always redirects before anything renders. */
const RedirectOnly = () => null;

const keepQuery =
  (to: string) =>
  ({ request }: { request: Request }) =>
    redirect(`${to}${new URL(request.url).search}`);

const ExceptionRoute = lazy(() =>
  import('../features/exception/ExceptionRoute').then((m) => ({ default: m.ExceptionRoute })),
);
const AppShell = lazy(() => import('./shell/AppShell').then((m) => ({ default: m.AppShell })));
// The workbench's own chunk (socket.io-client lives only there), apart from the console's shell.
const AgentShell = lazy(() => import('./shell/AgentShell').then((m) => ({ default: m.AgentShell })));

/** The root: keeps the document title of the public routes (the shell titles its own pages). */
const RootRoute = () => {
  const matches = useMatches();
  const { t } = useTranslation();
  const language = useLanguage();
  // The first route to render replaces the server's pre-rendered login form (after the page has
  // adopted its values: children's layout effects run first).
  useLayoutEffect(removePrerender, []);
  const titleKey = [...matches]
    .reverse()
    .map((match) => (match.handle as TitleHandle | undefined)?.titleKey)
    .find(Boolean);
  useEffect(() => {
    if (titleKey) setDocumentTitle(t(`app:boot.titles.${titleKey}`), t('shared:product.tagline'));
  }, [titleKey, t, language]);
  return <Outlet />;
};

/**
 * Authenticated area. The loader (the guard) has already signed the user in and loaded the menu;
 * React.lazy (not the route's `lazy`) makes sure the heavy shell is fetched only after that.
 */
const ProtectedRoute = ({ variant }: { variant: 'console' | 'agent' }) => {
  const result = useLoaderData() as GuardResult;
  const { t } = useTranslation();
  if (result.kind === 'signingOut') return <BootFallback message={t('app:boot.emptyMenu')} />;
  const Shell = variant === 'agent' ? AgentShell : AppShell;
  return (
    <Suspense fallback={<BootFallback />}>
      <Shell />
    </Suspense>
  );
};

const ExceptionScreen = ({ code }: { code: '403' | '404' | '500' }) => (
  <Suspense fallback={<BootFallback />}>
    <ExceptionRoute code={code} />
  </Suspense>
);

// The public pages title themselves (UserLayout); the router titles only the screens it renders.
const userChild = (
  path: string,
  lazyRoute: RouteObject['lazy'],
  extra: Partial<RouteObject> = {},
): RouteObject => ({ path, lazy: lazyRoute, ...extra }) as RouteObject;

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootRoute />,
    HydrateFallback: BootFallback,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, loader: () => redirect(HOME_PATH), Component: RedirectOnly },
      {
        path: 'antv/user',
        element: <BlankLayout />,
        children: [
          { index: true, loader: () => redirect(LOGIN_PATH), Component: RedirectOnly },
          userChild('login', userPage(loadUserPage.login, 'LoginPage'), { loader: redirectSignedInLoader }),
          userChild('register', userPage(loadUserPage.register, 'RegisterPage')),
          userChild('register-email', userPage(loadUserPage.registerEmail, 'RegisterEmailPage')),
          userChild('register-mobile', userPage(loadUserPage.registerMobile, 'RegisterMobilePage')),
          userChild('register-result', userPage(loadUserPage.registerResult, 'RegisterResultPage')),
          userChild('forget-password', userPage(loadUserPage.forgetPassword, 'ForgetPasswordPage')),
          userChild('forget-bind', userPage(loadUserPage.forgetBind, 'ForgetBindPage')),
          userChild('forget-result', userPage(loadUserPage.forgetResult, 'ForgetResultPage')),
          userChild('bind', userPage(loadUserPage.bind, 'BindPage')),
          userChild('bind-wechat', userPage(loadUserPage.bindWechat, 'BindWechatPage')),
          userChild('bind-wechat-work', userPage(loadUserPage.bindWechatWork, 'BindWechatWorkPage')),
          ...oauthRedirectPages.map((path) =>
            userChild(path, userPage(loadUserPage.redirect, 'OAuthRedirectPage')),
          ),
        ],
      },
      {
        path: 'antv/test/home',
        element: <BlankLayout />,
        children: [{ index: true, lazy: userPage(loadUserPage.testHome, 'TestHomePage') }],
      },
      ...Object.entries(oauthCallbacks).map(([path, to]): RouteObject => ({
        path,
        loader: keepQuery(to),
        Component: RedirectOnly,
      })),
      {
        path: 'exception/403',
        element: <ExceptionScreen code="403" />,
        handle: { titleKey: 'exception403' },
      },
      {
        path: 'exception/404',
        element: <ExceptionScreen code="404" />,
        handle: { titleKey: 'exception404' },
      },
      {
        path: 'exception/500',
        element: <ExceptionScreen code="500" />,
        handle: { titleKey: 'exception500' },
      },
      {
        path: 'agent/*',
        loader: agentLoader,
        element: <ProtectedRoute variant="agent" />,
        handle: { titleKey: 'agent' },
      },
      { path: '*', loader: guardLoader, element: <ProtectedRoute variant="console" /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes, { basename: APP_BASENAME });
