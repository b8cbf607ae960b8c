/** Where a successful sign-in goes without a usable `redirect` (spec §2: / and the index → /dashboard). */
export const DEFAULT_AFTER_LOGIN = '/dashboard';
export const CONSOLE_BASENAME = '/admin';
const LOGIN_PATH = '/antv/user/login';

// A fixed, never-resolving origin to parse relative paths against: anything that comes out with
// another origin was absolute or protocol-relative, i.e. an open redirect.
const PROBE_ORIGIN = 'https://console.invalid';

/**
 * The `redirect` query parameter as a path inside the console, or the default. Only same-origin
 * paths are honoured (never `https://…`, `//host`, `/\host` or `javascript:`), a leading
 * `/admin` basename is dropped because the router adds it, and the login page itself is skipped.
 */
export const safeRedirect = (
  value: string | null | undefined,
  fallback: string = DEFAULT_AFTER_LOGIN,
): string => {
  if (typeof value !== 'string') return fallback;
  const raw = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are part of the attack surface
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw))
    return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  let path = url.pathname;
  if (path === CONSOLE_BASENAME || path.startsWith(`${CONSOLE_BASENAME}/`))
    path = path.slice(CONSOLE_BASENAME.length) || '/';
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return fallback;
  return `${path}${url.search}${url.hash}`;
};
