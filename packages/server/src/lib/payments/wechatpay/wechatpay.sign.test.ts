import { createCipheriv, createPublicKey, createVerify, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRsaKeyPairPem } from '../payment.keys.js';
import {
  buildAuthorization,
  checkWechatPaySignature,
  decryptResource,
  encryptResource,
  parseAuthorization,
  signAsWechatPay,
} from './wechatpay.sign.js';

const merchant = createRsaKeyPairPem();
const platform = createRsaKeyPairPem();
const apiV3Key = 'a9bC3dE5fG7hI9jK1lM3nO5pQ7rS9tU1';

describe('request signature (WECHATPAY2-SHA256-RSA2048)', () => {
  it('signs METHOD\\nPATH?QUERY\\nTIMESTAMP\\nNONCE\\nBODY\\n with the merchant key', () => {
    const body = '{"mchid":"1900000109"}';
    const header = buildAuthorization(
      {
        mchId: '1900000109',
        certSerial: '408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB',
        privateKeyPem: merchant.privateKeyPem,
      },
      {
        method: 'POST',
        pathWithQuery: '/v3/pay/transactions/out-trade-no/1217752501201407033233368018/close',
        body,
      },
      { timestamp: '1554208460', nonce: '593BEC0C930BF1AFEB40B4A08C8FB242' },
    );
    expect(
      header.startsWith(
        'WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="',
      ),
    ).toBe(true);
    expect(
      header.endsWith('",timestamp="1554208460",serial_no="408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"'),
    ).toBe(true);
    const fields = parseAuthorization(header);
    // The message as the API v3 rules spell it, verified independently with node:crypto.
    const message =
      'POST\n/v3/pay/transactions/out-trade-no/1217752501201407033233368018/close\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"mchid":"1900000109"}\n';
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(createPublicKey(merchant.publicKeyPem), fields?.signature ?? '', 'base64'),
    ).toBe(true);
    // A GET signs an empty body, still followed by its newline.
    const get = parseAuthorization(
      buildAuthorization(
        { mchId: '1900000109', certSerial: 'AB', privateKeyPem: merchant.privateKeyPem },
        {
          method: 'GET',
          pathWithQuery: '/v3/pay/transactions/out-trade-no/X123456?mchid=1900000109',
          body: '',
        },
        { timestamp: '1554208460', nonce: 'N1' },
      ),
    );
    expect(
      createVerify('RSA-SHA256')
        .update('GET\n/v3/pay/transactions/out-trade-no/X123456?mchid=1900000109\n1554208460\nN1\n\n')
        .verify(merchant.publicKeyPem, get?.signature ?? '', 'base64'),
    ).toBe(true);
  });

  it('reads only its own scheme', () => {
    expect(parseAuthorization('Bearer abc')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });
});

describe('answer and notification signatures', () => {
  const key = { publicKeyPem: platform.publicKeyPem, publicKeyId: 'PUB_KEY_ID_0114232134912410000000000000' };
  const signer = { privateKeyPem: platform.privateKeyPem, serial: key.publicKeyId };
  const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=p4lpSuKzz"}';

  it('accepts TIMESTAMP\\nNONCE\\nBODY\\n signed by the configured key', () => {
    const headers = signAsWechatPay(body, signer);
    expect(checkWechatPaySignature(headers, body, key)).toBeNull();
    expect(
      createVerify('RSA-SHA256')
        .update(`${headers['wechatpay-timestamp']}\n${headers['wechatpay-nonce']}\n${body}\n`)
        .verify(platform.publicKeyPem, headers['wechatpay-signature'], 'base64'),
    ).toBe(true);
  });

  it('refuses another serial, a stale or future timestamp, a forged signature, an altered body, missing headers', () => {
    expect(
      checkWechatPaySignature(signAsWechatPay(body, { ...signer, serial: 'PUB_KEY_ID_OTHER' }), body, key),
    ).toMatch(/not the configured/);
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    expect(checkWechatPaySignature(signAsWechatPay(body, signer, { timestamp: stale }), body, key)).toMatch(
      /5 minutes/,
    );
    const future = String(Math.floor(Date.now() / 1000) + 301);
    expect(checkWechatPaySignature(signAsWechatPay(body, signer, { timestamp: future }), body, key)).toMatch(
      /5 minutes/,
    );
    const forger = createRsaKeyPairPem();
    expect(
      checkWechatPaySignature(
        signAsWechatPay(body, { ...signer, privateKeyPem: forger.privateKeyPem }),
        body,
        key,
      ),
    ).toMatch(/does not verify/);
    expect(checkWechatPaySignature(signAsWechatPay(body, signer), body.replace('p4l', 'x4l'), key)).toMatch(
      /does not verify/,
    );
    expect(
      checkWechatPaySignature(
        { ...signAsWechatPay(body, signer), 'wechatpay-signature': undefined },
        body,
        key,
      ),
    ).toMatch(/missing/);
    // WeChat Pay probes merchants with deliberately wrong signatures; they must fail too.
    expect(
      checkWechatPaySignature(
        { ...signAsWechatPay(body, signer), 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' },
        body,
        key,
      ),
    ).toMatch(/does not verify/);
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  it('opens what AES-256-GCM sealed with the APIv3 key, nonce and associated data', () => {
    const nonce = 'fdasflkja484';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([
      cipher.update('{"trade_state":"SUCCESS"}'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    expect(
      decryptResource(
        {
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: sealed.toString('base64'),
          associated_data: 'transaction',
          nonce,
        },
        apiV3Key,
      ),
    ).toBe('{"trade_state":"SUCCESS"}');
  });

  it('refuses a flipped byte, other associated data, another key or another algorithm', () => {
    const resource = encryptResource('{"a":1}', apiV3Key, 'refund', 'refund');
    expect(decryptResource(resource, apiV3Key)).toBe('{"a":1}');
    const flipped = Buffer.from(resource.ciphertext, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      decryptResource({ ...resource, ciphertext: flipped.toString('base64') }, apiV3Key),
    ).toThrow();
    expect(() => decryptResource({ ...resource, associated_data: 'transaction' }, apiV3Key)).toThrow();
    expect(() => decryptResource(resource, randomBytes(16).toString('hex'))).toThrow();
    expect(() => decryptResource({ ...resource, algorithm: 'AES_128_CBC' }, apiV3Key)).toThrow(/algorithm/);
  });
});
