import { redirect } from 'react-router';
import type { Envelope, MenuNode, Profile, PublicConfig } from '@openkefu/contract';
import { http } from '../../shared/api/http';
import { HttpError } from '../../shared/api/HttpError';
import { getToken } from '../../shared/auth/token';
import { getProfile, setProfile } from '../../shared/auth/profileStore';
import { fetchPublicConfig, logout, logoutAndReload } from '../../shared/auth/session';
import { notify } from '../../shared/feedback/notify';
import { readInlinedConfig } from '../../features/user/hooks/usePublicConfig';
import { i18n } from '../i18nBoot';
import { createSession, getSession, setSession, type AppSession } from '../../shared/routing/session';
import { LOGIN_PATH, WORKPLACE_PATH, resolvePath } from '../../shared/routing/resolvePath';

/** Spec §4/§9: logout and reload 1.5 s after an empty menu. */
export const EMPTY_MENU_RELOAD_DELAY_MS = 1500;
export const APP_BASENAME = '/admin';

export type GuardResult =
  { kind: 'page' } | { kind: 'forbidden' } | { kind: 'notFound' } | { kind: 'signingOut' };

/** The path inside the console (`/admin/stable/x?y=1` → `/stable/x?y=1`), query included. */
export const appPathOf = (url: URL, basename: string = APP_BASENAME): string => {
  const { pathname } = url;
  const inside =
    pathname === basename
      ? '/'
      : pathname.startsWith(`${basename}/`)
        ? pathname.slice(basename.length)
        : pathname;
  return `${inside}${url.search}`;
};

export const loginPathFor = (fullPath: string): string =>
  `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;

const fetchMenuList = async (): Promise<MenuNode[]> =>
  (await http.get<Envelope<MenuNode[]>>('/api/v1/menu/list', { params: { platform: 'kefu' }, silent: true }))
    .data;

// Silent: a failed profile call has its own notice and path (spec §8), not the client's 401 reload.
const fetchProfileSilently = async (): Promise<Profile> =>
  (await http.get<Envelope<Profile>>('/api/user/profile', { silent: true })).data;

const fetchConfigOrNull = async (): Promise<PublicConfig | null> => {
  // The server puts the configuration into the page it serves (issue 18); fetched otherwise.
  const inlined = readInlinedConfig();
  if (inlined) return inlined;
  try {
    return await fetchPublicConfig();
  } catch {
    return null; // The console runs with the defaults; the config only hides links and sections.
  }
};

/** Token check and the once-per-page-life load of user info, menu and configuration (spec §4). */
const ensureSession = async (fullPath: string): Promise<AppSession | 'signingOut'> => {
  if (!getToken()) throw redirect(loginPathFor(fullPath));
  const existing = getSession();
  if (getProfile() && existing) return existing;

  let profile: Profile;
  let menu: MenuNode[];
  let config: PublicConfig | null;
  try {
    [profile, menu, config] = await Promise.all([
      fetchProfileSilently(),
      fetchMenuList(),
      fetchConfigOrNull(),
    ]);
  } catch (error) {
    notify.error({ title: i18n.t('app:boot.errorTitle'), description: i18n.t('app:boot.profileFailed') });
    // No answer at all (offline, or the page navigating away mid-request) says nothing about the
    // session: signing out here would revoke a good token for every tab. The route error screen
    // offers a retry instead.
    if (error instanceof HttpError && error.status === 0) throw error;
    await logout();
    setSession(null);
    throw redirect(loginPathFor(fullPath));
  }
  if (!Array.isArray(menu) || menu.length === 0) {
    notify.warning({ title: i18n.t('app:boot.errorTitle'), description: i18n.t('app:boot.emptyMenu') });
    setSession(null);
    await logoutAndReload(EMPTY_MENU_RELOAD_DELAY_MS);
    return 'signingOut';
  }
  setProfile(profile);
  const session = createSession(menu, config);
  setSession(session);
  return session;
};

/**
 * The navigation guard of spec §4, run as the loader of every authenticated route:
 * - no token → login with `redirect` = the full original path;
 * - token but no user info → fetch the profile and the menu, build the routes, then go on; a
 *   failure shows "错误 / 请求用户信息失败，请重试", logs out and goes to login with the redirect;
 *   an empty menu logs out and reloads after 1.5 s;
 * - `/`, `/dashboard` and section paths redirect to their defaults; unknown paths resolve to 404,
 *   product pages outside the user's menu to 403.
 */
export const guardLoader = async ({ request }: { request: Request }): Promise<GuardResult> => {
  const url = new URL(request.url);
  const session = await ensureSession(appPathOf(url));
  if (session === 'signingOut') return { kind: 'signingOut' };
  const resolution = resolvePath(session.table, appPathOf(url).split('?')[0]);
  if (resolution.kind === 'redirect') throw redirect(`${resolution.to}${url.search}`);
  return { kind: resolution.kind };
};

/** The agent workbench (`/agent`) needs the same sign-in and user info, but lives outside the menu. */
export const agentLoader = async ({ request }: { request: Request }): Promise<GuardResult> => {
  const session = await ensureSession(appPathOf(new URL(request.url)));
  return { kind: session === 'signingOut' ? 'signingOut' : 'page' };
};

/** Spec §2: a signed-in user opening the login path goes to the workplace. */
export const redirectSignedInLoader = (): Response | null => (getToken() ? redirect(WORKPLACE_PATH) : null);
