import type {
  CodePurpose,
  CodeSent,
  Envelope,
  ForgetPasswordBody,
  Profile,
  PublicConfig,
  RegisterBody,
  RegisterResult,
  TokenResponse,
} from '@openkefu/contract';
import { http } from '../api/http';
import { parseError } from '../api/parseError';
import { oauthClientId, oauthClientSecret, smsProvider } from '../config/env';
import { notify } from '../feedback/notify';
import { i18n } from '../i18n';
import { page } from '../utils/page';
import { forgetPushOnDevice } from '../push/pushDevice';
import { clearToken, setToken, TOKEN_TTL_MS } from './token';
import { setProfile } from './profileStore';

// Spec §7: the token endpoints take the OAuth client credentials as Basic auth.
const basicAuthHeader = (): Record<string, string> => ({
  Authorization: `Basic ${btoa(`${oauthClientId}:${oauthClientSecret}`)}`,
});

const requestToken = async (url: string, fields: Record<string, string>): Promise<TokenResponse> => {
  const token = await http.post<TokenResponse>(
    url,
    { ...fields, scope: 'all' },
    { form: true, headers: basicAuthHeader() },
  );
  const ttlMs =
    Number.isFinite(token.expires_in) && token.expires_in > 0 ? token.expires_in * 1000 : TOKEN_TTL_MS;
  setToken(token.access_token, ttlMs);
  // Spec §7 `login/success`: the server records the sign-in (last login, client). Best effort: a
  // failure here must not undo a successful sign-in.
  void http
    .get('/api/user/login/success', { params: { client: 'web' }, silent: true })
    .catch(() => undefined);
  return token;
};

export const loginWithPassword = (username: string, password: string): Promise<TokenResponse> =>
  requestToken('/oauth/token', { username: username.trim(), password, grant_type: 'password' });

export const loginWithMobileCode = (mobile: string, code: string): Promise<TokenResponse> =>
  requestToken('/mobile/token', { mobile: mobile.trim(), code: code.trim(), grant_type: 'mobile' });

export const loginWithEmailCode = (email: string, code: string): Promise<TokenResponse> =>
  requestToken('/email/token', { email: email.trim(), code: code.trim(), grant_type: 'email' });

export const loginWithWechat = (unionid: string): Promise<TokenResponse> =>
  requestToken('/wechat/token', { unionid, grant_type: 'wechat' });

export const loginWithWechatWork = (userid: string): Promise<TokenResponse> =>
  requestToken('/wechat/work/token', { userid, grant_type: 'wechat_work' });

/** `GET /sms/api/send/{provider}`: a code for `purpose` (login, register, reset) to a mobile number. */
export const sendSmsCode = async (mobile: string, purpose: CodePurpose = 'login'): Promise<CodeSent> => {
  const body = await http.get<Envelope<CodeSent>>(`/sms/api/send/${encodeURIComponent(smsProvider)}`, {
    params: { mobile: mobile.trim(), purpose },
  });
  return body.data;
};

/** `POST /email/code`: the email counterpart of the SMS send call. */
export const sendEmailCode = async (email: string, purpose: CodePurpose = 'login'): Promise<CodeSent> => {
  const body = await http.post<Envelope<CodeSent>>('/email/code', { email: email.trim(), purpose });
  return body.data;
};

export const register = async (body: RegisterBody): Promise<RegisterResult> =>
  (await http.post<Envelope<RegisterResult>>('/api/v1/register', body)).data;

export const resetPassword = async (body: ForgetPasswordBody): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/v1/password/forget', body);
};

export const fetchPublicConfig = async (): Promise<PublicConfig> =>
  (await http.get<Envelope<PublicConfig>>('/api/v1/config')).data;

export const fetchProfile = async (): Promise<Profile> =>
  (await http.get<Envelope<Profile>>('/api/user/profile')).data;

/**
 * Spec §4: logout calls the server, then always clears the token and the user info; spec §8: a
 * failure shows its message. Never rejects. A 401 means the token was already dead: nothing to say.
 */
export const logout = async (): Promise<void> => {
  try {
    // While the token still works: the next person on this device gets none of this user's notices.
    await forgetPushOnDevice();
    await http.post('/api/user/logout', undefined, { silent: true });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status !== 401) {
      notify.error({ title: i18n.t('shared:notice.logoutFailed'), description: parseError(error).message });
    }
  } finally {
    clearToken();
    setProfile(null);
  }
};

/** Logout, then reload the page (spec §4) after `delayMs`. */
export const logoutAndReload = async (delayMs = 0): Promise<void> => {
  await logout();
  if (delayMs > 0) setTimeout(() => page.reload(), delayMs);
  else page.reload();
};
