import {
  channelAppFields,
  channelAppTypeSchema,
  testableChannelAppTypes,
  type ChannelAppType,
  type PlatformChannelApp,
  type PlatformChannelAppTest,
} from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { getComponentAccessToken, type ComponentSettings } from '../../../lib/channels/wechat/component.js';
import type { Sealer } from '../../../lib/sealed.js';
import type { TokenStore } from '../../channel/channel.adapter.js';
import { describeFailure } from '../../channel/channel.service.js';
import '../platform.messages.js';
import {
  deletePlatformToken,
  findChannelApp,
  findPlatformToken,
  listChannelApps,
  saveChannelApp,
  upsertPlatformToken,
} from './channel-app.repository.js';

export type PlatformChannelAppService = ReturnType<typeof createPlatformChannelAppService>;

const credentialsTtlMs = 30_000;

type Row = { type: string; settings: string; secrets_sealed: string; updated_at: number };

const parseRecord = (text: string): Record<string, string> => {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
};

/**
 * Platform → channel: the platform's own apps on channel platforms (WeChat Open Platform
 * component, Shopee and Lazada partner apps). Secrets are sealed with lib/sealed.ts and never
 * leave the server: the API says which are set. `credentials` is what a channel module reads when
 * an organisation's account uses the platform's app.
 */
export const createPlatformChannelAppService = (deps: {
  db: Executor;
  sealer: Sealer;
  apiBases: Record<string, string>;
  publicUrl: string;
  now?: () => number;
  fetchImpl?: typeof fetch;
}) => {
  const { db, sealer } = deps;
  const now = deps.now ?? Date.now;

  const secretsOf = (row: Row | undefined): Record<string, string> =>
    row && row.secrets_sealed !== '' ? parseRecord(sealer.open(row.secrets_sealed)) : {};

  const toView = (type: ChannelAppType, row: Row | undefined): PlatformChannelApp => {
    const fields = channelAppFields[type];
    const settings = row ? parseRecord(row.settings) : {};
    const secrets = secretsOf(row);
    const secretsSet = fields
      .filter((field) => field.isSecret && secrets[field.key])
      .map((field) => field.key);
    return {
      type,
      settings: Object.fromEntries(
        fields.filter((field) => !field.isSecret).map((field) => [field.key, settings[field.key] ?? '']),
      ),
      secretsSet,
      isConfigured: fields.every((field) => (field.isSecret ? secrets[field.key] : settings[field.key])),
      canTest: testableChannelAppTypes.includes(type),
      updatedAt: row ? Number(row.updated_at) : null,
    };
  };

  const list = async (): Promise<PlatformChannelApp[]> => {
    const rows = new Map((await listChannelApps(db)).map((row) => [row.type, row]));
    return channelAppTypeSchema.options.map((type) => toView(type, rows.get(type)));
  };

  // Every push and reply of an account on a platform app reads these: kept for a short while per
  // node (another node sees staff's change within credentialsTtlMs; this one at once).
  const cached = new Map<string, { value: Record<string, string> | null; until: number }>();

  const save = async (
    userId: number,
    type: ChannelAppType,
    values: Record<string, string>,
  ): Promise<PlatformChannelApp> => {
    const fields = channelAppFields[type];
    const known = new Set(fields.map((field) => field.key));
    const unknown = Object.keys(values).filter((key) => !known.has(key));
    const current = await findChannelApp(db, type);
    const storedSecrets = secretsOf(current);
    const settings: Record<string, string> = {};
    const secrets: Record<string, string> = {};
    const missing: string[] = [];
    for (const field of fields) {
      const value = values[field.key] ?? '';
      if (field.isSecret) {
        // Empty keeps the stored secret: the form never receives it to send back.
        const kept = value !== '' ? value : (storedSecrets[field.key] ?? '');
        if (kept === '') missing.push(field.key);
        else secrets[field.key] = kept;
      } else if (value === '') missing.push(field.key);
      else settings[field.key] = value;
    }
    if (unknown.length > 0 || missing.length > 0)
      throw AppError.validation([
        ...unknown.map((key) => ({ field: `values.${key}`, message: `is not a field of ${type}` })),
        ...missing.map((key) => ({ field: `values.${key}`, message: 'is required' })),
      ]);
    await saveChannelApp(db, {
      type,
      settings: JSON.stringify(settings),
      secretsSealed: sealer.seal(JSON.stringify(secrets)),
      userId,
      now: now(),
    });
    cached.delete(type);
    return toView(type, await findChannelApp(db, type));
  };

  /** The app's values with its secrets opened, for channel modules; null when not configured. */
  const credentials = async (type: string): Promise<Record<string, string> | null> => {
    const parsed = channelAppTypeSchema.safeParse(type);
    if (!parsed.success) return null;
    const hit = cached.get(type);
    if (hit && hit.until > now()) return hit.value;
    const row = await findChannelApp(db, type);
    const value =
      row && toView(parsed.data, row).isConfigured
        ? { ...parseRecord(row.settings), ...secretsOf(row) }
        : null;
    cached.set(type, { value, until: now() + credentialsTtlMs });
    return value;
  };

  /** The platform apps' own tokens, shared by every node; a token within a minute of expiry is gone. */
  const tokens: TokenStore = {
    get: async (name) => {
      const row = await findPlatformToken(db, name);
      if (!row || Number(row.expires_at) - now() <= 60_000) return undefined;
      try {
        return sealer.open(row.value_sealed);
      } catch {
        return undefined;
      }
    },
    set: async (name, value, expiresAt) => {
      await upsertPlatformToken(db, { name, valueSealed: sealer.seal(value), expiresAt });
    },
    drop: async (name) => {
      await deletePlatformToken(db, name);
    },
  };

  const test = async (type: ChannelAppType): Promise<PlatformChannelAppTest> => {
    if (!testableChannelAppTypes.includes(type))
      throw AppError.badRequest('platform.channelApp.notTestable', {
        params: { type },
        fields: [{ field: 'type', message: 'has no token call to test with' }],
      });
    const values = await credentials(type);
    if (!values) throw AppError.badRequest('platform.channelApp.notConfigured', { params: { type } });
    try {
      // A fresh component token: WeChat checks the AppID, the secret and the latest verify ticket.
      await getComponentAccessToken(
        {
          settings: values as ComponentSettings,
          store: tokens,
          apiBase: (platform, fallback) => deps.apiBases[platform] ?? fallback,
          ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
          now,
        },
        { fresh: true },
      );
      return { ok: true, detail: 'component_access_token' };
    } catch (error) {
      return { ok: false, detail: describeFailure(error) };
    }
  };

  return { list, save, credentials, test, tokens };
};
