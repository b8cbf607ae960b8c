import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startAlipayServer, type AlipayServer } from '../../test/protocol/alipay.js';
import { startWechatPayServer, type WechatPayServer } from '../../test/protocol/wechatpay.js';
import { OutsideError } from '../outside/http.js';
import { createRsaKeyPairPem } from './payment.keys.js';
import { configuredPaymentProviders, createPaymentGateways } from './payment.providers.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

let wechatpay: WechatPayServer;
let alipay: AlipayServer;
const keys = createRsaKeyPairPem();

beforeAll(async () => {
  [wechatpay, alipay] = await Promise.all([startWechatPayServer(), startAlipayServer()]);
});
afterAll(async () => {
  await Promise.all([wechatpay.close(), alipay.close()]);
});

describe('configured payment providers', () => {
  it('offers none by default', () => {
    const config = loadConfig({});
    expect(config.payments).toEqual({ wechatpay: null, alipay: null, apiBases: {} });
    expect(configuredPaymentProviders(config)).toEqual([]);
    expect(createPaymentGateways(config)).toEqual({});
  });

  it('builds both from the environment and reaches the addresses PAYMENT_API_BASES gives', async () => {
    const config = loadConfig({
      ...wechatpay.env,
      ...alipay.env,
      PAYMENT_API_BASES: `${wechatpay.apiBaseEntry}, ${alipay.apiBaseEntry}/`,
    });
    expect(configuredPaymentProviders(config)).toEqual(['wechatpay', 'alipay']);
    expect(config.payments.apiBases).toEqual({ wechatpay: wechatpay.baseUrl, alipay: alipay.gatewayUrl });
    const gateways = createPaymentGateways(config);
    const input = {
      amountCents: 100,
      description: 'recharge',
      expiresAt: Date.now() + 60_000,
      notifyUrl: 'https://kefu.example.com/notify',
    };
    const qr = await gateways.wechatpay?.create({ ...input, outTradeNo: 'CFGWX000001' });
    expect(qr).toEqual({ kind: 'qr', codeUrl: wechatpay.orders.get('CFGWX000001')?.codeUrl });
    const redirect = await gateways.alipay?.create({ ...input, outTradeNo: 'CFGALI00001' });
    expect(redirect?.kind === 'redirect' && redirect.url.startsWith(`${alipay.gatewayUrl}?`)).toBe(true);
    if (redirect?.kind === 'redirect') await alipay.openCashier(redirect.url);
    expect(await gateways.alipay?.query('CFGALI00001')).toEqual({ state: 'pending' });
  });

  it('calls the public addresses when PAYMENT_API_BASES is empty', async () => {
    const called: string[] = [];
    const offline: typeof fetch = (input) => {
      called.push(String(input));
      return Promise.reject(new TypeError('fetch failed'));
    };
    const gateways = createPaymentGateways(
      loadConfig({ ...wechatpay.env, ...alipay.env, PAYMENT_API_BASES: '' }),
      {
        fetch: offline,
      },
    );
    const error = await gateways.wechatpay?.query('ORDER00001').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutsideError);
    expect(error).toMatchObject({ kind: 'network', isRetryable: true });
    await gateways.alipay?.close('ORDER00001').catch(() => undefined);
    expect(called[0]).toBe(
      'https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/ORDER00001?mchid=' +
        wechatpay.settings.mchId,
    );
    expect(called[1]?.startsWith('https://openapi.alipay.com/gateway.do?')).toBe(true);
  });
});

describe('payment configuration', () => {
  it('reads keys as PEM text, PEM with \\n escapes, a file path, or bare base64 (PKCS#8 or PKCS#1)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'openkefu-keys-'));
    try {
      const privatePath = join(folder, 'apiclient_key.pem');
      writeFileSync(privatePath, keys.privateKeyPem);
      const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
      const pkcs1 = createPrivateKey(keys.privateKeyPem)
        .export({ format: 'der', type: 'pkcs1' })
        .toString('base64');
      const spki = createPublicKey(keys.publicKeyPem)
        .export({ format: 'der', type: 'spki' })
        .toString('base64');
      for (const [privateKey, publicKey] of [
        [privatePath, keys.publicKeyPem.replace(/\n/g, '\\n')],
        [bare(keys.privateKeyPem), spki],
        [pkcs1, bare(keys.publicKeyPem)],
      ] as const) {
        const config = loadConfig({
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_PRIVATE_KEY: privateKey,
          ALIPAY_PUBLIC_KEY: publicKey,
        });
        expect(config.payments.alipay).toEqual({
          appId: '2021000000000001',
          privateKeyPem: keys.privateKeyPem,
          alipayPublicKeyPem: keys.publicKeyPem,
        });
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('wants every setting of a provider once one is set', () => {
    const problems = problemsOf({ WECHATPAY_MCH_ID: '1900000109' });
    expect(problems.map((problem) => problem.name).sort()).toEqual([
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_APP_ID',
      'WECHATPAY_CERT_SERIAL',
      'WECHATPAY_PRIVATE_KEY',
      'WECHATPAY_PUBLIC_KEY',
      'WECHATPAY_PUBLIC_KEY_ID',
    ]);
    expect(problems[0]?.message).toMatch(/is required for WeChat Pay/);
    expect(
      problemsOf({ ALIPAY_PRIVATE_KEY: keys.privateKeyPem })
        .map((problem) => problem.name)
        .sort(),
    ).toEqual(['ALIPAY_APP_ID', 'ALIPAY_PUBLIC_KEY']);
  });

  it('names each badly formed setting without echoing secrets', () => {
    const messageOf = (env: Record<string, string>, name: string) =>
      problemsOf({ ...wechatpay.env, ...env }).find((problem) => problem.name === name)?.message ?? '';
    expect(messageOf({ WECHATPAY_API_V3_KEY: 'tooshort-secret' }, 'WECHATPAY_API_V3_KEY')).toMatch(
      /32-character APIv3 key/,
    );
    expect(messageOf({ WECHATPAY_API_V3_KEY: 'tooshort-secret' }, 'WECHATPAY_API_V3_KEY')).not.toContain(
      'tooshort',
    );
    expect(
      messageOf({ WECHATPAY_PRIVATE_KEY: '/no/such/apiclient_key.pem' }, 'WECHATPAY_PRIVATE_KEY'),
    ).toMatch(/no such file/);
    const pastedPrivate = messageOf({ WECHATPAY_PUBLIC_KEY: keys.privateKeyPem }, 'WECHATPAY_PUBLIC_KEY');
    expect(pastedPrivate).toMatch(/is a private key/);
    expect(pastedPrivate).not.toContain(keys.privateKeyPem.split('\n')[1]);
    expect(messageOf({ WECHATPAY_PUBLIC_KEY_ID: 'abc' }, 'WECHATPAY_PUBLIC_KEY_ID')).toMatch(/PUB_KEY_ID_/);
    expect(messageOf({ WECHATPAY_CERT_SERIAL: 'not-hex' }, 'WECHATPAY_CERT_SERIAL')).toMatch(/serial number/);
    expect(messageOf({ WECHATPAY_MCH_ID: 'mch' }, 'WECHATPAY_MCH_ID')).toMatch(/digits/);
    expect(messageOf({ ALIPAY_APP_ID: 'app' }, 'ALIPAY_APP_ID')).toMatch(/numeric APPID/);
    expect(messageOf({ PAYMENT_API_BASES: 'paypal=https://api.paypal.com' }, 'PAYMENT_API_BASES')).toMatch(
      /providers: wechatpay, alipay/,
    );
    expect(
      messageOf(
        {
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_PRIVATE_KEY: 'A'.repeat(200),
          ALIPAY_PUBLIC_KEY: keys.publicKeyPem,
        },
        'ALIPAY_PRIVATE_KEY',
      ),
    ).toMatch(/not a readable RSA private key \(got 200 characters\)/);
  });
});
