import {
  channelClientOf,
  channelFields,
  canUsePlatformApp,
  isAuthorizedAccount,
  isPlatformAppField,
  platformAppChannelTypes,
  platformAppTypeOf,
  usesPlatformApp,
  channelTypes,
  isSdkChannel,
  toPage,
  type ChannelAccount,
  type ChannelCreateBody,
  type ChannelField,
  type ChannelOverview,
  type ChannelPlatformApps,
  type ChannelQuery,
  type ChannelTestResult,
  type ChannelType,
  type ChannelUpdateBody,
  type FieldError,
  type Page,
} from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { OutsideError } from '../../lib/outside/http.js';
import type { Principal } from '../auth/auth.service.js';
import { ChannelSignatureError } from './channel.adapter.js';
import { createAdapterContext, openSettings, type ContextDeps } from './channel.context.js';
import { toChannelAccount } from './channel.mapper.js';
import { adapterOf } from './channel.registry.js';
import {
  countChannelTraffic,
  deleteAccount,
  deleteTokens,
  findAccountByCaid,
  findFallbackWorkgroupWid,
  findLiveWorkgroupId,
  insertAccount,
  pageAccounts,
  recordAccountOutcome,
  releasePlatformTenant,
  updateAccount,
  type ChannelAccountRow,
} from './channel.repository.js';

export type ChannelService = ReturnType<typeof createChannelService>;

const aesKeyPattern = /^[A-Za-z0-9]{43}$/;
const authorizationTtlMs = 30 * 60_000;

/** What went wrong with a call to the platform, in the platform's words where it gave any. */
export const describeFailure = (error: unknown): string => {
  if (error instanceof OutsideError)
    return error.platformCode ? `${error.message} (${error.platformCode})` : error.message;
  if (error instanceof ChannelSignatureError) return error.message;
  return error instanceof Error ? error.message : String(error);
};

/** Checks a form's values against its type's fields; a secret left empty on update keeps its value. */
const checkValues = (
  type: ChannelType,
  values: Record<string, string>,
  stored: { settings: Record<string, string>; secrets: Record<string, string> } | null,
): { settings: Record<string, string>; secrets: Record<string, string> } => {
  const fields = channelFields[type];
  const problems: FieldError[] = [];
  const known = new Set(fields.map((field) => field.key));
  for (const key of Object.keys(values))
    if (!known.has(key))
      problems.push({ field: `config.${key}`, message: 'is not a setting of this channel' });
  const settings: Record<string, string> = { ...stored?.settings };
  const secrets: Record<string, string> = { ...stored?.secrets };
  const check = (field: ChannelField, value: string) => {
    if (field.maxLength && value.length > field.maxLength)
      return `must be at most ${field.maxLength} characters`;
    if (field.kind === 'select' && field.options && !field.options.includes(value))
      return `must be one of ${field.options.join(', ')}`;
    if (field.kind === 'number' && !/^\d{1,6}$/.test(value)) return 'must be a whole number';
    // "Shop Support <support@shop.example>" names the sender too.
    if (field.kind === 'email' && !/^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/.test(value))
      return 'must be an email address, optionally with a name: Support <help@example.com>';
    if (field.key === 'encodingAesKey' && !aesKeyPattern.test(value))
      return 'must be the 43 letters and digits the platform shows';
    return null;
  };
  // Through the platform's app: its credentials stand in for these fields, which are dropped.
  const platformSource = values.appSource?.trim() ?? stored?.settings.appSource;
  const isOnPlatformApp = usesPlatformApp(type, { appSource: platformSource });
  for (const field of fields) {
    if (isOnPlatformApp && isPlatformAppField(type, field.key)) {
      delete settings[field.key];
      delete secrets[field.key];
      continue;
    }
    const given = values[field.key];
    const value = given === undefined ? undefined : given.trim();
    const target = field.secret ? secrets : settings;
    if (value !== undefined && value !== '') {
      const problem = check(field, value);
      if (problem) problems.push({ field: `config.${field.key}`, message: problem });
      else target[field.key] = value;
    } else if (value === '' && !field.secret) {
      delete target[field.key];
    } else if (value === undefined && !stored && field.initial !== undefined) {
      target[field.key] = field.initial;
    }
    if (field.required && !target[field.key] && !problems.some((p) => p.field === `config.${field.key}`))
      problems.push({ field: `config.${field.key}`, message: 'is required' });
  }
  // WeChat's encrypted modes cannot work without the key the admin chose.
  if (settings.encryptMode && settings.encryptMode !== 'plain' && !secrets.encodingAesKey)
    if (!problems.some((p) => p.field === 'config.encodingAesKey'))
      problems.push({ field: 'config.encodingAesKey', message: 'is required when messages are encrypted' });
  if (problems.length > 0)
    throw AppError.badRequest('channel.invalidSettings', {
      params: { fields: problems.map((p) => p.field).join(', ') },
      fields: problems,
    });
  return { settings, secrets };
};

export const createChannelService = (deps: ContextDeps) => {
  const { db, sealer, now } = deps;

  const load = async (orgId: number, caid: string): Promise<ChannelAccountRow> => {
    const row = await findAccountByCaid(db, orgId, caid);
    if (!row) throw AppError.notFound('channel.notFound', { caid });
    return row;
  };

  const view = async (orgId: number, caid: string, origin: string) =>
    toChannelAccount(sealer, await load(orgId, caid), origin);

  const workgroupIdOf = async (orgId: number, wid: string | undefined): Promise<number | null> => {
    if (wid === undefined || wid === '') return null;
    const id = await findLiveWorkgroupId(db, orgId, wid);
    if (id === undefined)
      throw AppError.badRequest('channel.workgroupNotFound', {
        params: { wid },
        fields: [{ field: 'wid', message: 'no such skill group' }],
      });
    return Number(id);
  };

  /** An account on the platform's app needs that app set up by platform staff. */
  const checkPlatformApp = async (type: ChannelType, settings: Record<string, string>) => {
    if (!usesPlatformApp(type, settings) || !canUsePlatformApp(type)) return;
    if (await deps.platformApps.credentials(platformAppTypeOf[type])) return;
    throw AppError.badRequest('channel.noPlatformApp', {
      params: { type },
      fields: [{ field: 'config.appSource', message: `the platform has no ${type} app set up` }],
    });
  };

  /** The channels whose platform app organisations can connect through now. */
  const platformApps = async (): Promise<ChannelPlatformApps> => {
    const types: ChannelType[] = [];
    for (const type of platformAppChannelTypes)
      if (await deps.platformApps.credentials(platformAppTypeOf[type])) types.push(type);
    return { types };
  };

  const sealSecrets = (secrets: Record<string, string>) =>
    Object.keys(secrets).length > 0 ? sealer.seal(JSON.stringify(secrets)) : '';

  const page = async (
    principal: Principal,
    query: ChannelQuery,
    origin: string,
  ): Promise<Page<ChannelAccount>> => {
    const { items, total } = await pageAccounts(db, principal.orgId, { type: query.type }, query);
    return toPage(
      items.map((row) => toChannelAccount(sealer, row, origin)),
      total,
      query,
    );
  };

  const create = async (principal: Principal, body: ChannelCreateBody, origin: string) => {
    const { settings, secrets } = checkValues(body.type, body.config, null);
    await checkPlatformApp(body.type, settings);
    const workgroupId = await workgroupIdOf(principal.orgId, body.wid);
    if (workgroupId === null && !(await findFallbackWorkgroupWid(db, principal.orgId)))
      throw AppError.badRequest('channel.noWorkgroup', {
        fields: [{ field: 'wid', message: 'the organisation has no skill group' }],
      });
    const caid = createPublicId();
    await insertAccount(db, {
      caid,
      orgId: principal.orgId,
      type: body.type,
      name: body.name,
      workgroupId,
      settings: JSON.stringify(settings),
      secretsSealed: sealSecrets(secrets),
      webhookKey: createPublicId(24),
      appKey: isSdkChannel(body.type) ? `ak${createPublicId(30)}` : null,
      now: now(),
    });
    return view(principal.orgId, caid, origin);
  };

  const update = async (principal: Principal, body: ChannelUpdateBody, origin: string) => {
    const row = await load(principal.orgId, body.caid);
    const values: Parameters<typeof updateAccount>[3] = { updated_at: now() };
    if (body.name !== undefined) values.name = body.name;
    if (body.wid !== undefined) values.workgroup_id = await workgroupIdOf(principal.orgId, body.wid);
    if (body.config !== undefined) {
      const checked = checkValues(row.type as ChannelType, body.config, openSettings(sealer, row));
      await checkPlatformApp(row.type as ChannelType, checked.settings);
      // Pushes through the platform's app reach the account again once the shop grants access anew.
      values.platform_tenant = null;
      values.settings = JSON.stringify(checked.settings);
      values.secrets_sealed = sealSecrets(checked.secrets);
      // New credentials: tokens fetched with the old ones are worthless, and so is the old error.
      await deleteTokens(db, Number(row.id));
      values.last_error = '';
      values.last_error_at = null;
    }
    await updateAccount(db, principal.orgId, Number(row.id), values);
    return view(principal.orgId, body.caid, origin);
  };

  const setEnabled = async (principal: Principal, caid: string, isEnabled: boolean, origin: string) => {
    const row = await load(principal.orgId, caid);
    await updateAccount(db, principal.orgId, Number(row.id), {
      enabled: isEnabled ? 1 : 0,
      updated_at: now(),
    });
    return view(principal.orgId, caid, origin);
  };

  /** Disconnects: the account, its tokens and platform users go; its conversations stay in the records. */
  const remove = async (principal: Principal, caid: string) => {
    const row = await load(principal.orgId, caid);
    await deleteAccount(db, principal.orgId, Number(row.id));
  };

  /** The console's test button: a real call to the platform with the stored credentials. */
  const test = async (principal: Principal, caid: string, origin: string): Promise<ChannelTestResult> => {
    const row = await load(principal.orgId, caid);
    const adapter = adapterOf(row.type);
    if (!adapter) {
      return {
        ok: true,
        detail: isSdkChannel(row.type as ChannelType) ? 'sdk' : '',
        account: toChannelAccount(sealer, row, origin),
      };
    }
    let result: { ok: boolean; detail: string };
    try {
      result = { ok: true, detail: (await adapter.test(await createAdapterContext(deps, row))).detail };
      await recordAccountOutcome(db, Number(row.id), { at: now(), error: null, isOutbound: false });
    } catch (error) {
      result = { ok: false, detail: describeFailure(error) };
      await recordAccountOutcome(db, Number(row.id), { at: now(), error: result.detail, isOutbound: false });
    }
    return { ...result, account: await view(principal.orgId, caid, origin) };
  };

  const redirectUriOf = (origin: string, type: string) => `${origin}/antv/${type}/redirect`;

  /** Where to send the admin to grant us access to a shop (Shopee, Lazada). */
  const authorizeUrl = async (principal: Principal, caid: string, origin: string) => {
    const row = await load(principal.orgId, caid);
    const adapter = adapterOf(row.type);
    if (!adapter?.authorizeUrl || !isAuthorizedAccount(row.type, openSettings(sealer, row).settings))
      throw AppError.badRequest('channel.noAuthorization', { params: { type: row.type } });
    // Sealed: the platform hands it back untouched, and only this server can read or forge it.
    const state = sealer.seal(
      JSON.stringify({ caid, orgId: principal.orgId, exp: now() + authorizationTtlMs }),
    );
    try {
      const ctx = await createAdapterContext(deps, row);
      return { url: await adapter.authorizeUrl(ctx, redirectUriOf(origin, row.type), state) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw AppError.badRequest('channel.authorizationFailed', {
        params: { reason: describeFailure(error) },
      });
    }
  };

  /** The redirect page hands back what the platform appended; the grant completes for the account in `state`. */
  const completeAuthorization = async (
    principal: Principal,
    params: Record<string, string>,
    origin: string,
  ): Promise<ChannelAccount> => {
    let state: { caid: string; orgId: number; exp: number };
    try {
      state = JSON.parse(sealer.open(params.state ?? '')) as typeof state;
    } catch {
      throw AppError.badRequest('channel.badAuthorizationState', {
        fields: [{ field: 'params.state', message: 'not issued by this server' }],
      });
    }
    if (state.orgId !== principal.orgId || state.exp < now())
      throw AppError.badRequest('channel.badAuthorizationState', {
        fields: [{ field: 'params.state', message: 'expired or for another organisation' }],
      });
    const row = await load(principal.orgId, state.caid);
    const adapter = adapterOf(row.type);
    if (!adapter?.completeAuthorization)
      throw AppError.badRequest('channel.noAuthorization', { params: { type: row.type } });
    try {
      const outcome = await adapter.completeAuthorization(
        await createAdapterContext(deps, row),
        params,
        redirectUriOf(origin, row.type),
      );
      const { settings, secrets } = openSettings(sealer, row);
      const merged = { ...settings, ...(outcome.settings ?? {}) };
      // The grant proves the shop is this account's: pushes to the platform's app that name it come here.
      const tenant =
        adapter.platformApp && usesPlatformApp(row.type, merged)
          ? (merged[adapter.platformApp.tenantSetting] ?? null)
          : null;
      if (tenant) await releasePlatformTenant(db, row.type, tenant, Number(row.id));
      await updateAccount(db, principal.orgId, Number(row.id), {
        settings: JSON.stringify(merged),
        platform_tenant: tenant,
        secrets_sealed: sealSecrets(secrets),
        last_error: '',
        last_error_at: null,
        updated_at: now(),
      });
    } catch (error) {
      const reason = describeFailure(error);
      await recordAccountOutcome(db, Number(row.id), { at: now(), error: reason, isOutbound: false });
      throw AppError.badRequest('channel.authorizationFailed', {
        params: { reason },
        fields: [{ field: 'params.code', message: reason }],
      });
    }
    return view(principal.orgId, state.caid, origin);
  };

  /** Message and conversation counts per channel over the last `days`. */
  const overview = async (principal: Principal, days: number): Promise<ChannelOverview> => {
    const from = now() - days * 24 * 3600_000;
    const traffic = await countChannelTraffic(db, principal.orgId, from);
    const typeOfClient = new Map<string, ChannelType>();
    for (const type of channelTypes) typeOfClient.set(channelClientOf[type], type);
    // Native apps say which system they run on; both are the App channel.
    typeOfClient.set('ios', 'app');
    const rows = new Map(
      channelTypes.map((type) => [
        type,
        { type, accounts: 0, connected: 0, inbound: 0, outbound: 0, failed: 0, conversations: 0 },
      ]),
    );
    for (const row of traffic.accounts) {
      const entry = rows.get(row.type as ChannelType);
      if (entry) {
        entry.accounts = Number(row.accounts);
        entry.connected = Number(row.connected);
      }
    }
    for (const row of traffic.messages) {
      const type = typeOfClient.get(row.client);
      const entry = type ? rows.get(type) : undefined;
      if (!entry) continue;
      entry.inbound += Number(row.inbound);
      entry.outbound += Number(row.outbound);
      entry.failed += Number(row.failed);
    }
    for (const row of traffic.threads) {
      const type = typeOfClient.get(row.client);
      const entry = type ? rows.get(type) : undefined;
      if (entry) entry.conversations += Number(row.conversations);
    }
    return { days, rows: [...rows.values()] };
  };

  return {
    page,
    create,
    update,
    setEnabled,
    remove,
    test,
    authorizeUrl,
    completeAuthorization,
    overview,
    platformApps,
    load,
  };
};
