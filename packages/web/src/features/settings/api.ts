import type {
  AccountBinding,
  BindEmailBody,
  BindMobileBody,
  CodeSent,
  Envelope,
  PasswordUpdateBody,
  ProfileUpdateBody,
  User,
  UserSettingKey,
  UserSettings,
  Workgroup,
} from '@openkefu/contract';
import { http } from '../../shared/api/http';
import { fetchProfile, sendEmailCode, sendSmsCode } from '../../shared/auth/session';
import { setProfile } from '../../shared/auth/profileStore';

/* The calls of settings → account settings (spec §7 "User", "Workgroup"). */

export const ME_QUERY_KEY = ['settings', 'me'] as const;
export const USER_SETTINGS_QUERY_KEY = ['settings', 'userSettings'] as const;
export const MY_GROUPS_QUERY_KEY = ['settings', 'myGroups'] as const;

/** `GET /api/user/me`: the signed-in account with the fields the profile lacks (real name, tips, last login). */
export const fetchMe = async (): Promise<User> => (await http.get<Envelope<User>>('/api/user/me')).data;

/** `POST /api/user/update/profile`. */
export const updateMyProfile = async (body: ProfileUpdateBody): Promise<User> =>
  (await http.post<Envelope<User>>('/api/user/update/profile', body)).data;

/** `POST /api/user/update/password` for the signed-in user (no uid: the old password is checked). */
export const updateMyPassword = async (body: Pick<PasswordUpdateBody, 'oldPassword' | 'password'>) => {
  await http.post<Envelope<unknown>>('/api/user/update/password', body);
};

/** `GET /api/user/settings`. */
export const fetchUserSettings = async (): Promise<UserSettings> =>
  (await http.get<Envelope<UserSettings>>('/api/user/settings')).data;

/** `GET /api/user/settings/{key}?on=`: answers the settings after the change. */
export const toggleUserSetting = async (key: UserSettingKey, on: boolean): Promise<UserSettings> =>
  (await http.get<Envelope<UserSettings>>(`/api/user/settings/${key}`, { params: { on } })).data;

/** Binding codes are sent for purpose `register`: the server refuses (409) addresses another account uses. */
export const sendBindingCode = (channel: 'email' | 'mobile', address: string): Promise<CodeSent> =>
  channel === 'email' ? sendEmailCode(address, 'register') : sendSmsCode(address, 'register');

export const bindEmail = async (body: BindEmailBody): Promise<AccountBinding> =>
  (await http.post<Envelope<AccountBinding>>('/api/user/bind/email', body)).data;

export const bindMobile = async (body: BindMobileBody): Promise<AccountBinding> =>
  (await http.post<Envelope<AccountBinding>>('/api/user/bind/mobile', body)).data;

/**
 * `GET /api/workgroup/all`, silently: a user whose roles may not list skill groups gets a 403,
 * which the account centre answers by hiding the tab rather than with the "no permission" notice.
 */
export const fetchAllWorkgroups = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all', { silent: true })).data;

/** Re-reads the profile so the header's avatar and nickname follow a change made here. */
export const refreshProfile = async (): Promise<void> => {
  setProfile(await fetchProfile());
};

export type ScanProvider = 'wechat' | 'wechatWork';
export type ScanBindings = {
  available: ScanProvider[];
  bound: { provider: ScanProvider; boundAt: number }[];
};
export const SCAN_BINDINGS_QUERY_KEY = ['settings', 'scanBindings'] as const;

/** WeChat / WeCom scan sign-ins: which the server offers, which this account has bound. */
export const fetchScanBindings = async (): Promise<ScanBindings> =>
  (await http.get<Envelope<ScanBindings>>('/api/user/bind/wechat')).data;

/** The platform's QR page that binds the signed-in account (it comes back to Account settings). */
export const startScanBinding = async (provider: ScanProvider): Promise<string> =>
  (await http.post<Envelope<{ url: string }>>('/api/user/bind/wechat/start', { provider })).data.url;

export const unbindScan = async (provider: ScanProvider): Promise<void> => {
  await http.delete(`/api/user/bind/wechat?provider=${provider}`);
};
