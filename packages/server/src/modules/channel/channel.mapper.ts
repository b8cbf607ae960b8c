import {
  channelFields,
  hasWebhook,
  usesPlatformApp,
  type ChannelAccount,
  type ChannelType,
} from '@openkefu/contract';
import type { Sealer } from '../../lib/sealed.js';
import { openSettings } from './channel.context.js';
import type { ChannelAccountRow } from './channel.repository.js';

/** The webhook address a platform is given: our public origin and the account's key. */
export const webhookUrlOf = (origin: string, webhookKey: string) => `${origin}/channel/webhook/${webhookKey}`;

/** The platform's own partner app's push address, shared by every shop granted to it (platform staff set it). */
export const platformWebhookUrlOf = (origin: string, type: string) =>
  `${origin}/channel/webhook/platform/${type}`;

/** An account as the console sees it: secrets reduced to whether each is set. */
export const toChannelAccount = (sealer: Sealer, row: ChannelAccountRow, origin: string): ChannelAccount => {
  const type = row.type as ChannelType;
  const { settings, secrets } = openSettings(sealer, row);
  const fields = channelFields[type] ?? [];
  const config: Record<string, string> = {};
  for (const field of fields) if (!field.secret) config[field.key] = settings[field.key] ?? '';
  const isEnabled = Number(row.enabled) === 1;
  return {
    caid: row.caid,
    type,
    name: row.name,
    workgroup:
      row.workgroup_wid && row.workgroup_nickname !== null
        ? { wid: row.workgroup_wid, nickname: row.workgroup_nickname }
        : null,
    config,
    secretsSet: fields.filter((field) => field.secret && secrets[field.key]).map((field) => field.key),
    webhookUrl: !hasWebhook(type)
      ? null
      : usesPlatformApp(type, settings)
        ? platformWebhookUrlOf(origin, type)
        : webhookUrlOf(origin, row.webhook_key),
    appKey: row.app_key,
    status: !isEnabled ? 'disabled' : row.last_error ? 'error' : 'connected',
    enabled: isEnabled,
    lastInboundAt: row.last_inbound_at === null ? null : Number(row.last_inbound_at),
    lastOutboundAt: row.last_outbound_at === null ? null : Number(row.last_outbound_at),
    lastError: row.last_error,
    lastErrorAt: row.last_error_at === null ? null : Number(row.last_error_at),
    createdAt: Number(row.created_at),
  };
};
