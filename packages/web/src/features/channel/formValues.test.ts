import { describe, expect, it } from 'vitest';
import { channelFields } from '@openkefu/contract';
import { HttpError } from '../../shared/api/HttpError';
import {
  chosenSecretsOf,
  initialValuesOf,
  placeServerErrors,
  problemOf,
  toCreateBody,
  toUpdateBody,
  visibleFieldsOf,
} from './formValues';
import { generateSecret } from './secrets';
import { makeAccount } from './testData';

const fieldOf = (key: string) => {
  const field = channelFields.mp.find((candidate) => candidate.key === key);
  if (!field) throw new Error(key);
  return field;
};

describe('channel form values', () => {
  it('starts a new account from the defaults and an edit from the stored values, secrets empty', () => {
    expect(initialValuesOf('mp', null).config).toEqual({
      appSource: 'own',
      appId: '',
      appSecret: '',
      token: '',
      encryptMode: 'safe',
      encodingAesKey: '',
    });
    expect(initialValuesOf('mp', makeAccount())).toMatchObject({
      name: 'Main account',
      wid: 'wg-sales',
      config: { appId: 'wx123', appSecret: '', encryptMode: 'safe' },
    });
  });

  it('creates with the filled-in values only, trimmed', () => {
    expect(
      toCreateBody('mp', {
        name: ' A ',
        wid: '',
        config: { appId: ' wx1 ', appSecret: 's', encodingAesKey: '' },
      }),
    ).toEqual({ type: 'mp', name: 'A', config: { appId: 'wx1', appSecret: 's' } });
  });

  it('updates settings only when one changed, and secrets only when typed', () => {
    const account = makeAccount();
    const unchanged = {
      name: 'Main account',
      wid: undefined,
      config: { appId: 'wx123', encryptMode: 'safe' },
    };
    expect(toUpdateBody(account, unchanged)).toEqual({ caid: 'ca-main', name: 'Main account', wid: '' });
    expect(
      toUpdateBody(account, { ...unchanged, config: { ...unchanged.config, token: 'newtoken' } }),
    ).toEqual({
      caid: 'ca-main',
      name: 'Main account',
      wid: '',
      // An optional setting never chosen (the app source) goes as empty: "not set".
      config: { appSource: '', appId: 'wx123', encryptMode: 'safe', token: 'newtoken' },
    });
  });

  it('leaves out what the platform’s app fills in, and shows the app choice only when offered or chosen', () => {
    expect(
      toCreateBody('mp', { name: 'P', config: { appSource: 'platform', appId: 'typed', token: 't' } }),
    ).toEqual({ type: 'mp', name: 'P', config: { appSource: 'platform' } });
    const keys = (config: Record<string, string>, isOffered: boolean) =>
      visibleFieldsOf('mp', config, isOffered).map((field) => field.key);
    expect(keys({}, false)).toEqual(['appId', 'appSecret', 'token', 'encryptMode', 'encodingAesKey']);
    expect(keys({ appSource: 'own' }, true)).toEqual([
      'appSource',
      'appId',
      'appSecret',
      'token',
      'encryptMode',
      'encodingAesKey',
    ]);
    expect(keys({ appSource: 'platform' }, false)).toEqual(['appSource']);
  });

  it('lists the chosen secrets to paste on the platform', () => {
    expect(
      chosenSecretsOf('mp', { name: 'x', config: { appSecret: 'issued', token: 't', encodingAesKey: 'k' } }),
    ).toEqual([
      { key: 'token', value: 't' },
      { key: 'encodingAesKey', value: 'k' },
    ]);
  });

  it('checks values as the server does', () => {
    expect(problemOf(fieldOf('token'), 'x'.repeat(33))).toBe('tooLong');
    expect(problemOf(fieldOf('encodingAesKey'), 'short')).toBe('aesKey');
    expect(problemOf(fieldOf('encodingAesKey'), generateSecret(43))).toBeNull();
    expect(problemOf(fieldOf('encryptMode'), 'rot13')).toBe('option');
    expect(problemOf({ key: 'port', kind: 'number', secret: false, required: false }, '99x')).toBe('number');
    expect(problemOf({ key: 'address', kind: 'email', secret: false, required: true }, 'a@b')).toBe('email');
  });

  it('places the server’s field errors on the form and leaves the rest', () => {
    const error = new HttpError({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid settings',
      fields: {
        'config.appId': 'is required',
        wid: 'no such skill group',
        'config.unknown': 'x',
        other: 'y',
      },
    });
    expect(placeServerErrors(error, 'mp')).toEqual({
      message: 'Invalid settings',
      placed: [
        { name: ['config', 'appId'], errors: ['is required'] },
        { name: 'wid', errors: ['no such skill group'] },
      ],
    });
  });

  it('generates secrets of letters and digits', () => {
    const secrets = new Set(Array.from({ length: 20 }, () => generateSecret(43)));
    expect(secrets.size).toBe(20);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9]{43}$/);
  });
});
