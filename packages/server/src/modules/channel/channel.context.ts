import { canUsePlatformApp, platformAppTypeOf, usesPlatformApp } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { OutsideError } from '../../lib/outside/http.js';
import type { Sealer } from '../../lib/sealed.js';
import type { AdapterContext, TokenStore } from './channel.adapter.js';
import {
  deleteToken,
  findToken,
  readAccountState,
  upsertToken,
  writeAccountState,
  type ChannelAccountRow,
} from './channel.repository.js';

/* What an adapter gets to work with for one account: its opened settings, tokens and state. */

export type ContextDeps = {
  db: Executor;
  sealer: Sealer;
  /** CHANNEL_API_BASES. */
  apiBases: Record<string, string>;
  publicUrl: string;
  fetchImpl?: typeof fetch;
  now: () => number;
  /** The platform's own apps (platform → channel), for accounts that connect through them. */
  platformApps: PlatformAppSource;
};

export type PlatformAppSource = {
  /** The app's values with secrets opened; null when platform staff have not set it up. */
  credentials: (type: string) => Promise<Record<string, string> | null>;
  /** The platform apps' own tokens (WeChat's verify ticket and component access token). */
  tokens: TokenStore;
};

/** Tokens in the database, sealed: every node uses the same one (WeChat revokes a token when another is fetched). */
const createTokenStore = (deps: ContextDeps, accountId: number): TokenStore => ({
  get: async (name) => {
    const row = await findToken(deps.db, accountId, name);
    if (!row || Number(row.expires_at) - deps.now() <= 60_000) return undefined;
    try {
      return deps.sealer.open(row.value_sealed);
    } catch {
      return undefined;
    }
  },
  set: async (name, value, expiresAt) => {
    await upsertToken(deps.db, { accountId, name, valueSealed: deps.sealer.seal(value), expiresAt });
  },
  drop: async (name) => {
    await deleteToken(deps.db, accountId, name);
  },
});

/** The form's values of an account: settings as stored, secrets opened. */
export const openSettings = (sealer: Sealer, row: Pick<ChannelAccountRow, 'settings' | 'secrets_sealed'>) => {
  const settings = JSON.parse(row.settings) as Record<string, string>;
  const secrets = row.secrets_sealed
    ? (JSON.parse(sealer.open(row.secrets_sealed)) as Record<string, string>)
    : {};
  return { settings, secrets };
};

/**
 * The settings an adapter signs and calls with: the account's own, with the platform app's
 * credentials in place of its own when it connects through the platform's app.
 */
const effectiveSettings = async (
  deps: ContextDeps,
  row: ChannelAccountRow,
): Promise<Record<string, string>> => {
  const { settings, secrets } = openSettings(deps.sealer, row);
  const own = { ...settings, ...secrets };
  if (!usesPlatformApp(row.type, settings) || !canUsePlatformApp(row.type)) return own;
  const app = await deps.platformApps.credentials(platformAppTypeOf[row.type]);
  if (!app)
    throw new OutsideError(
      'platform',
      `the platform's ${platformAppTypeOf[row.type]} app is not set up (platform → channel)`,
      null,
      false,
      'no_platform_app',
    );
  return { ...own, ...app };
};

export const createAdapterContext = async (
  deps: ContextDeps,
  row: ChannelAccountRow,
): Promise<AdapterContext> => {
  const accountId = Number(row.id);
  const settings = await effectiveSettings(deps, row);
  return {
    caid: row.caid,
    settings,
    ...(usesPlatformApp(row.type, settings) ? { platformTokens: deps.platformApps.tokens } : {}),
    apiBase: (platform, fallback) => deps.apiBases[platform] ?? fallback,
    tokens: createTokenStore(deps, accountId),
    state: {
      get: () => readAccountState(deps.db, accountId),
      set: (value) => writeAccountState(deps.db, accountId, value),
    },
    publicUrl: deps.publicUrl,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    now: deps.now,
  };
};

/**
 * A context with the platform's own app's credentials and no account: for checking pushes to the
 * app's shared address that no account takes, and for testing the app. It keeps no tokens.
 */
export const createPlatformAppContext = (
  deps: Pick<ContextDeps, 'apiBases' | 'publicUrl' | 'fetchImpl' | 'now'>,
  settings: Record<string, string>,
): AdapterContext => ({
  caid: 'platform',
  settings,
  apiBase: (platform, fallback) => deps.apiBases[platform] ?? fallback,
  tokens: { get: async () => undefined, set: async () => undefined, drop: async () => undefined },
  state: { get: async () => '', set: async () => undefined },
  publicUrl: deps.publicUrl,
  ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  now: deps.now,
});
