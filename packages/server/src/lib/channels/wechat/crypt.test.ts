import { describe, expect, it } from 'vitest';
import { ChannelSignatureError } from '../../../modules/channel/channel.adapter.js';
import { createWechatCrypt } from './crypt.js';
import { computeWechatSignature } from './signature.js';

// Values from WeChat's own WXBizMsgCrypt samples (official account and Work WeChat).
const official = {
  encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  token: 'spamtest',
  appId: 'wx2c2769f8efd9abc2',
  timestamp: '1409735669',
  nonce: '1320562132',
  msgSignature: '5d197aaffba7e9b25a30732f161a50dee96bd5fa',
  encrypt:
    'hyzAe4OzmOMbd6TvGdIOO6uBmdJoD0Fk53REIHvxYtJlE2B655HuD0m8KUePWB3+LrPXo87wzQ1QLvbeUgmBM4x6F8PGHQHFVAFmOD2LdJF9FrXpbUAh0B5GIItb52sn896wVsMSHGuPE328HnRGBcrS7C41IzDWyWNlZkyyXwon8T332jisa+h6tEDYsVticbSnyU8dKOIbgU6ux5VTjg3yt+WGzjlpKn6NPhRjpA912xMezR4kw6KWwMrCVKSVCZciVGCgavjIQ6X8tCOp3yZbGpy0VxpAe+77TszTfRd5RJSVO/HTnifJpXgCSUdUue1v6h0EIBYYI1BD1DlD+C0CR8e6OewpusjZ4uBl9FyJvnhvQl+q5rv1ixrcpCumEPo5MJSgM9ehVsNPfUM669WuMyVWQLCzpu9GhglF2PE=',
};

const work = {
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
  token: 'QDG6eK',
  corpId: 'wx5823bf96d3bd56c7',
  verify: {
    msgSignature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
    timestamp: '1409659589',
    nonce: '263014780',
    echostr: 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==',
  },
  push: {
    msgSignature: '477715d11cdb4164915debcba66cb864d751f3e6',
    timestamp: '1409659813',
    nonce: '1372623149',
    encrypt:
      'RypEvHKD8QQKFhvQ6QleEB4J58tiPdvo+rtK1I9qca6aM/wvqnLSV5zEPeusUiX5L5X/0lWfrf0QADHHhGd3QczcdCUpj911L3vg3W/sYYvuJTs3TUUkSUXxaccAS0qhxchrRYt66wiSpGLYL42aM6A8dTT+6k4aSknmPj48kzJs8qLjvd4Xgpue06DOdnLxAUHzM6+kDZ+HMZfJYuR+LtwGc2hgf5gsijff0ekUNXZiqATP7PF5mZxZ3Izoun1s4zG4LUMnvw2r+KqCKIw+3IQH03v+BCA9nMELNqbSf6tiWSrXJB3LAVGUcallcrw8V2t9EL4EhzJWrQUax5wLVMNS0+rUPA3k22Ncx4XXZS9o0MBH27Bo6BpNelZpS+/uh9KsNlY6bHCmJU9p8g7m3fVKn28H3KDYA5Pl/T8Z1ptDAVe0lXdQ2YoyyH2uyPIGHBZZIs2pDBS8R07+qN+E7Q==',
  },
};

describe('WXBizMsgCrypt', () => {
  it('decrypts the official account sample and its msg_signature checks out', () => {
    expect(
      computeWechatSignature([official.token, official.timestamp, official.nonce, official.encrypt]),
    ).toBe(official.msgSignature);
    const plain = createWechatCrypt(official.encodingAesKey, official.appId).decrypt(official.encrypt);
    expect(plain).toContain('<Content><![CDATA[abcdteT]]></Content>');
    expect(plain).toContain('<MsgId>6054768590064713728</MsgId>');
  });

  it("decrypts Work WeChat's URL-check echostr and message samples", () => {
    const crypt = createWechatCrypt(work.encodingAesKey, work.corpId);
    const { verify, push } = work;
    expect(computeWechatSignature([work.token, verify.timestamp, verify.nonce, verify.echostr])).toBe(
      verify.msgSignature,
    );
    expect(crypt.decrypt(verify.echostr)).toBe('1616140317555161061');
    expect(computeWechatSignature([work.token, push.timestamp, push.nonce, push.encrypt])).toBe(
      push.msgSignature,
    );
    const plain = crypt.decrypt(push.encrypt);
    expect(plain).toContain('<FromUserName><![CDATA[mycreate]]></FromUserName>');
    expect(plain).toContain('<Content><![CDATA[hello]]></Content>');
  });

  it("encrypts exactly as WeChat's Java sample does for a fixed random prefix", () => {
    const crypt = createWechatCrypt('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', 'wxb11529c136998cb6');
    expect(crypt.encrypt('我是中文abcd123', Buffer.from('aaaabbbbccccdddd'))).toBe(
      'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==',
    );
  });

  it('round-trips any text, padded to 32-byte blocks', () => {
    const crypt = createWechatCrypt(work.encodingAesKey, work.corpId);
    for (const message of ['', 'x', '中文'.repeat(40), 'a'.repeat(12)]) {
      const encrypted = crypt.encrypt(message);
      expect(Buffer.from(encrypted, 'base64').length % 32).toBe(0);
      expect(crypt.decrypt(encrypted)).toBe(message);
    }
  });

  it('refuses a message encrypted for another receive id', () => {
    const encrypted = createWechatCrypt(work.encodingAesKey, 'wwOTHERCORP').encrypt('<xml/>');
    expect(() => createWechatCrypt(work.encodingAesKey, work.corpId).decrypt(encrypted)).toThrow(
      ChannelSignatureError,
    );
    expect(() =>
      createWechatCrypt(official.encodingAesKey, 'wxSomeoneElse').decrypt(official.encrypt),
    ).toThrow(/wx2c2769f8efd9abc2/);
  });

  it('refuses garbage and the wrong key with ChannelSignatureError, not a crash', () => {
    const crypt = createWechatCrypt(work.encodingAesKey, work.corpId);
    expect(() => crypt.decrypt('bm90IGVuY3J5cHRlZA==')).toThrow(ChannelSignatureError);
    expect(() => createWechatCrypt(official.encodingAesKey, work.corpId).decrypt(work.push.encrypt)).toThrow(
      ChannelSignatureError,
    );
    expect(() => createWechatCrypt('short', work.corpId)).toThrow(ChannelSignatureError);
  });
});
