/**
 * Build-time settings (Vite `VITE_*` variables), read in one place so the rest of the code sees
 * typed values and their defaults.
 */
const env = import.meta.env as Record<string, string | boolean | undefined>;

const readString = (name: string, fallback: string): string => {
  const value = env[name];
  return typeof value === 'string' && value !== '' ? value : fallback;
};

/** API base address; '' means the same origin that served the console (spec §7). */
export const apiBaseUrl = readString('VITE_API_BASE_URL', '').replace(/\/+$/, '');

/** OAuth client credentials sent as Basic auth to the token endpoints (server default client/secret). */
export const oauthClientId = readString('VITE_OAUTH_CLIENT_ID', 'client');
export const oauthClientSecret = readString('VITE_OAUTH_CLIENT_SECRET', 'secret');

/** Provider segment of `GET /sms/api/send/{provider}`; the server's default provider writes codes to its log. */
export const smsProvider = readString('VITE_SMS_PROVIDER', 'log');

export const isProduction = env.PROD === true;
