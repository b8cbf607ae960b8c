import {
  channelFields,
  isPlatformAppField,
  usesPlatformApp,
  type ChannelAccount,
  type ChannelCreateBody,
  type ChannelField,
  type ChannelType,
  type ChannelUpdateBody,
} from '@openkefu/contract';
import { parseError } from '../../shared/api/parseError';
import { generatedLengthOf } from './platforms';

/** The connection form: `config` holds every field of the type's `channelFields`, by key. */
export type ChannelFormValues = {
  name: string;
  /** Empty: the organisation's default skill group. */
  wid?: string;
  config: Record<string, string | undefined>;
};

/** A form field's path: `name`, `wid` or `['config', key]`. */
export type FormFieldPath = 'name' | 'wid' | ['config', string];

const trimmed = (value: string | undefined): string => (value ?? '').trim();

/**
 * New account: each field's default. Edit: the stored non-secret values, and secrets empty —
 * their values never come back, and an empty secret keeps the stored one.
 */
export const initialValuesOf = (type: ChannelType, account: ChannelAccount | null): ChannelFormValues => ({
  name: account?.name ?? '',
  wid: account?.workgroup?.wid,
  config: Object.fromEntries(
    channelFields[type].map((field) => [
      field.key,
      field.secret ? '' : account ? (account.config[field.key] ?? '') : (field.initial ?? ''),
    ]),
  ),
});

/**
 * The fields the form shows: the app choice only when the platform's app is on offer (or already
 * chosen), and none of the fields the platform's app fills in when it is chosen.
 */
export const visibleFieldsOf = (
  type: ChannelType,
  config: Record<string, string | undefined>,
  isPlatformAppOffered: boolean,
): ChannelField[] => {
  const isOnPlatformApp = usesPlatformApp(type, config);
  return channelFields[type].filter((field) =>
    field.key === 'appSource'
      ? isPlatformAppOffered || isOnPlatformApp
      : !(isOnPlatformApp && isPlatformAppField(type, field.key)),
  );
};

export const toCreateBody = (type: ChannelType, values: ChannelFormValues): ChannelCreateBody => {
  const config: Record<string, string> = {};
  const isOnPlatformApp = usesPlatformApp(type, values.config);
  for (const field of channelFields[type]) {
    if (isOnPlatformApp && isPlatformAppField(type, field.key)) continue;
    const value = trimmed(values.config[field.key]);
    if (value !== '') config[field.key] = value;
  }
  const wid = trimmed(values.wid);
  return { type, name: values.name.trim(), ...(wid ? { wid } : {}), config };
};

/**
 * Only what the admin changed goes out: a secret left empty is not sent (it keeps its value), and
 * `config` is sent only when a setting changed, because new settings make the server drop the
 * platform tokens it fetched with the old ones.
 */
export const toUpdateBody = (account: ChannelAccount, values: ChannelFormValues): ChannelUpdateBody => {
  const config: Record<string, string> = {};
  let isChanged = false;
  for (const field of channelFields[account.type]) {
    const value = trimmed(values.config[field.key]);
    if (field.secret) {
      if (value === '') continue;
      config[field.key] = value;
      isChanged = true;
    } else {
      config[field.key] = value;
      if (value !== (account.config[field.key] ?? '')) isChanged = true;
    }
  }
  return {
    caid: account.caid,
    name: values.name.trim(),
    // '' sends the channel's conversations to the organisation's default skill group.
    wid: trimmed(values.wid),
    ...(isChanged ? { config } : {}),
  };
};

/** Secrets the admin chose in this form that must also be pasted on the platform's side. */
export const chosenSecretsOf = (
  type: ChannelType,
  values: ChannelFormValues,
): { key: string; value: string }[] =>
  channelFields[type]
    .filter((field) => field.secret && generatedLengthOf(field.key) !== undefined)
    .map((field) => ({ key: field.key, value: trimmed(values.config[field.key]) }))
    .filter((entry) => entry.value !== '');

export type FieldProblem = 'tooLong' | 'email' | 'number' | 'aesKey' | 'option';

/** The server's checks of one filled-in value (channel.service.ts `checkValues`; keep in sync). */
export const problemOf = (field: ChannelField, raw: string): FieldProblem | null => {
  const value = raw.trim();
  if (value === '') return null;
  if (field.maxLength && value.length > field.maxLength) return 'tooLong';
  if (field.kind === 'select' && field.options && !field.options.includes(value)) return 'option';
  if (field.kind === 'number' && !/^\d{1,6}$/.test(value)) return 'number';
  if (field.kind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'email';
  if (field.key === 'encodingAesKey' && !/^[A-Za-z0-9]{43}$/.test(value)) return 'aesKey';
  return null;
};

/** The 400 answer's `fields` (`config.<key>`, `wid`, `name`) as form fields; the rest stays unplaced. */
export const placeServerErrors = (
  error: unknown,
  type: ChannelType,
): { placed: { name: FormFieldPath; errors: string[] }[]; message: string } => {
  const { fields, message } = parseError(error);
  const keys = new Set(channelFields[type].map((field) => field.key));
  const placed: { name: FormFieldPath; errors: string[] }[] = [];
  for (const [field, text] of Object.entries(fields)) {
    if (field === 'name' || field === 'wid') placed.push({ name: field, errors: [text] });
    else if (field.startsWith('config.') && keys.has(field.slice('config.'.length)))
      placed.push({ name: ['config', field.slice('config.'.length)], errors: [text] });
  }
  return { placed, message };
};
