import { describe, expect, it } from 'vitest';
import { signLazadaCall, signLazadaPush } from './lazada.sign.js';

// Expected values computed independently with `openssl dgst -sha256 -hmac`.
describe('Lazada signatures', () => {
  it('signs path + sorted key/value pairs, upper-case hex', () => {
    expect(
      signLazadaCall('secret-1', '/seller/get', {
        timestamp: '1700000000000',
        app_key: '112233',
        sign_method: 'sha256',
        access_token: 'tok1',
      }),
    ).toBe('94F62C2B7191274A98990D8772B6A6C6D1C10805477D3198ED409B2F96A3328B');
  });

  it('mixes business parameters into the sort and leaves out `sign`', () => {
    expect(
      signLazadaCall('secret-1', '/im/message/send', {
        txt: 'hello',
        template_id: '1',
        session_id: '100_2_5_1_103',
        app_key: '112233',
        sign_method: 'sha256',
        timestamp: '1700000000000',
        access_token: 'tok1',
        sign: 'IGNORED',
      }),
    ).toBe('1EEBA3B9B4FA0D8EBB91FE420A9E9E1025D94AB745C33C3DB49623A813AAE9EA');
  });

  it('signs a push over app key + body with the app secret (lower-case hex)', () => {
    expect(
      signLazadaPush('123456', '3412gyo124goi3124', Buffer.from('{"seller_id":"1234567","message_type":2}')),
    ).toBe('e2bc1fc87510f29898e141486dfd58f44f475739e373c5b5e8ac0c8689118c1a');
  });
});
