import { createSign, createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRsaKeyPairPem } from '../payment.keys.js';
import {
  alipaySignContent,
  isSignedAlipayAnswer,
  isSignedAlipayNotification,
  isSignedAlipayRequest,
  rawJsonMember,
  readAlipayAnswer,
  signAlipayNotification,
  signAlipayParams,
} from './alipay.sign.js';

const keys = createRsaKeyPairPem();

describe('Alipay sign content', () => {
  it('sorts by name, joins raw name=value with &, leaves out sign and empty values', () => {
    // The open platform's own example ("自行实现签名"): values stay unencoded, spaces and JSON included.
    const content = alipaySignContent({
      app_id: '2014072300007148',
      method: 'alipay.mobile.public.menu.add',
      format: 'JSON',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      version: '1.0',
      biz_content: '{"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}',
      sign: 'ignored',
      notify_url: '',
      return_url: undefined,
    });
    expect(content).toBe(
      'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}&charset=GBK&format=JSON&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0',
    );
  });

  it('signs requests over everything but sign (sign_type included), notifications without sign_type', () => {
    const params = {
      app_id: '2021000000000001',
      method: 'alipay.trade.query',
      sign_type: 'RSA2',
      biz_content: '{}',
    };
    const signed = signAlipayParams(params, keys.privateKeyPem);
    expect(
      createVerify('RSA-SHA256')
        .update('app_id=2021000000000001&biz_content={}&method=alipay.trade.query&sign_type=RSA2')
        .verify(keys.publicKeyPem, signed.sign ?? '', 'base64'),
    ).toBe(true);
    expect(isSignedAlipayRequest(signed, keys.publicKeyPem)).toBe(true);
    expect(isSignedAlipayRequest({ ...signed, biz_content: '{"a":1}' }, keys.publicKeyPem)).toBe(false);

    const notification = signAlipayNotification(
      { app_id: '2021000000000001', trade_status: 'TRADE_SUCCESS' },
      keys.privateKeyPem,
    );
    expect(notification.sign_type).toBe('RSA2');
    expect(
      createVerify('RSA-SHA256')
        .update('app_id=2021000000000001&trade_status=TRADE_SUCCESS')
        .verify(keys.publicKeyPem, notification.sign ?? '', 'base64'),
    ).toBe(true);
    expect(isSignedAlipayNotification(notification, keys.publicKeyPem)).toBe(true);
    expect(
      isSignedAlipayNotification({ ...notification, trade_status: 'TRADE_FINISHED' }, keys.publicKeyPem),
    ).toBe(false);
  });
});

describe('Alipay answers', () => {
  it('cuts the response object exactly as sent, whatever its spacing, escapes and nesting', () => {
    const node =
      '{ "code":"10000","msg":"Success","subject":"a \\"quoted\\" {brace}","nested":{"sign":"inner"},"list":[1,{"x":"]"}] }';
    const body = `{"alipay_trade_query_response":${node},"sign":"c2lnbg=="}`;
    expect(rawJsonMember(body, 'alipay_trade_query_response')).toBe(node);
    expect(rawJsonMember(body, 'sign')).toBe('"c2lnbg=="');
    expect(readAlipayAnswer(body, 'alipay_trade_query_response')).toEqual({
      nodeName: 'alipay_trade_query_response',
      nodeText: node,
      sign: 'c2lnbg==',
    });
    // A key nested deeper is not a top-level member.
    expect(rawJsonMember('{"a":{"sign":"x"}}', 'sign')).toBeNull();
    expect(readAlipayAnswer('{"error_response":{"code":"40002"}}', 'alipay_trade_close_response')).toEqual({
      nodeName: 'error_response',
      nodeText: '{"code":"40002"}',
      sign: null,
    });
    expect(readAlipayAnswer('<html>busy</html>', 'alipay_trade_close_response')).toBeNull();
  });

  it('verifies the signature over the response object text, also with \\/ escapes', () => {
    const nodeText = '{"code":"10000","msg":"Success","url":"https:\\/\\/example.com"}';
    const signAs = (text: string) => createSign('RSA-SHA256').update(text).sign(keys.privateKeyPem, 'base64');
    expect(isSignedAlipayAnswer(nodeText, signAs(nodeText), keys.publicKeyPem)).toBe(true);
    expect(isSignedAlipayAnswer(nodeText, signAs(nodeText.replace(/\\\//g, '/')), keys.publicKeyPem)).toBe(
      true,
    );
    expect(
      isSignedAlipayAnswer(nodeText.replace('10000', '40004'), signAs(nodeText), keys.publicKeyPem),
    ).toBe(false);
  });
});
