import type { Executor } from '../../db/database.js';
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

export const createAdapterContext = (deps: ContextDeps, row: ChannelAccountRow): AdapterContext => {
  const { settings, secrets } = openSettings(deps.sealer, row);
  const accountId = Number(row.id);
  return {
    caid: row.caid,
    settings: { ...settings, ...secrets },
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
