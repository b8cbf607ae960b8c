import { createPublicKey, createVerify } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlipayServer, type AlipayServer } from '../../../test/protocol/alipay.js';
import { createRsaKeyPairPem } from '../payment.keys.js';
import type { PaymentGateway } from '../payment.gateway.js';
import { notificationErrorOf, outsideErrorOf } from '../payment.fixture.js';
import { createAlipayGateway } from './alipay.gateway.js';

let alipay: AlipayServer;
let gateway: PaymentGateway;
let sequence = 0;

beforeAll(async () => {
  alipay = await startAlipayServer();
  gateway = createAlipayGateway(alipay.settings, { timeoutMs: 2_000 });
});
afterAll(async () => {
  await alipay.close();
});

const nextNo = () => `ALI${Date.now()}${(sequence += 1)}`;

/** Places an order and opens its cashier as the payer's browser would; answers the order number and URL. */
const place = async (
  amountCents = 1234,
  options: { open?: boolean; notifyUrl?: string } = {},
): Promise<{ outTradeNo: string; url: string }> => {
  const outTradeNo = nextNo();
  const start = await gateway.create({
    outTradeNo,
    amountCents,
    description: 'OpenKefu 充值 recharge',
    expiresAt: Date.now() + 30 * 60_000,
    notifyUrl: options.notifyUrl ?? 'https://kefu.example.com/api/v1/pay/notify/alipay',
    returnUrl: 'https://kefu.example.com/admin/billing?paid=1',
  });
  if (start.kind !== 'redirect') throw new Error('expected a redirect');
  if (options.open !== false) await alipay.openCashier(start.url);
  return { outTradeNo, url: start.url };
};

describe('Alipay page pay', () => {
  it('makes a signed gateway URL carrying the common parameters and biz_content', async () => {
    const outTradeNo = nextNo();
    const start = await gateway.create({
      outTradeNo,
      amountCents: 1234,
      description: '充值 100 元',
      expiresAt: Date.parse('2030-05-01T02:34:56.789Z'),
      notifyUrl: 'https://kefu.example.com/notify',
      returnUrl: 'https://kefu.example.com/back',
    });
    expect(start.kind).toBe('redirect');
    const url = new URL(start.kind === 'redirect' ? start.url : '');
    expect(`${url.origin}${url.pathname}`).toBe(alipay.gatewayUrl);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: alipay.settings.appId,
      method: 'alipay.trade.page.pay',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://kefu.example.com/notify',
      return_url: 'https://kefu.example.com/back',
    });
    expect(params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: outTradeNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '12.34',
      subject: '充值 100 元',
      time_expire: '2030-05-01 10:34:56',
    });
    // Verified independently: the sorted k=v text of everything but sign, with the app's public key.
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((name) => `${name}=${rest[name]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256')
        .update(content)
        .verify(createPublicKey(alipay.settings.privateKeyPem), sign ?? '', 'base64'),
    ).toBe(true);
  });

  it('the cashier: opening creates the trade; paying redirects to return_url and posts the notification', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        gateway
          .readNotification({
            headers: { 'content-type': request.headers['content-type'] },
            rawBody: Buffer.concat(chunks).toString('utf8'),
          })
          .then(
            (notification) => {
              received.push(`${notification.kind}:${notification.outTradeNo}`);
              return gateway.answer(true);
            },
            () => gateway.answer(false),
          )
          .then((answer) =>
            response.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body),
          );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
      const { outTradeNo, url } = await place(2500, { open: false, notifyUrl });
      expect(await gateway.query(outTradeNo)).toEqual({ state: 'pending' });
      const cashier = await fetch(url);
      const html = await cashier.text();
      expect(html).toContain('<span id="amount">25.00</span>');
      expect(alipay.orders.get(outTradeNo)?.tradeStatus).toBe('WAIT_BUYER_PAY');
      const paid = await fetch(`${alipay.baseUrl}/cashier/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ out_trade_no: outTradeNo }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(302);
      const back = new URL(paid.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe('https://kefu.example.com/admin/billing');
      expect(back.searchParams.get('out_trade_no')).toBe(outTradeNo);
      expect(back.searchParams.get('method')).toBe('alipay.trade.page.pay.return');
      expect(received).toEqual([`payment:${outTradeNo}`]);
      expect(alipay.deliveries.at(-1)).toMatchObject({
        tradeStatus: 'TRADE_SUCCESS',
        delivery: { status: 200, body: 'success' },
      });
      const forged = await alipay.deliver(
        alipay.paymentNotification(outTradeNo, undefined, { forgeSignature: true }),
      );
      expect(forged).toEqual({ status: 200, body: 'fail' });
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('a tampered cashier URL is refused by the gateway', async () => {
    const { url } = await place(100, { open: false });
    const tampered = url.replace('total_amount%22%3A%221.00', 'total_amount%22%3A%220.01');
    expect(tampered).not.toBe(url);
    await expect(alipay.openCashier(tampered)).rejects.toThrow(/isv.invalid-signature/);
  });
});

describe('Alipay query, close and refund', () => {
  it('queries an unopened trade as pending, an opened one pending, a paid one paid', async () => {
    const { outTradeNo, url } = await place(990, { open: false });
    expect(await gateway.query(outTradeNo)).toEqual({ state: 'pending' });
    await alipay.openCashier(url);
    expect(await gateway.query(outTradeNo)).toEqual({ state: 'pending' });
    await alipay.pay(outTradeNo, { send: false });
    const order = alipay.orders.get(outTradeNo);
    expect(await gateway.query(outTradeNo)).toEqual({
      state: 'paid',
      transactionId: order?.tradeNo,
      amountCents: 990,
      paidAt: Math.floor((order?.paidAt ?? 0) / 1000) * 1000,
    });
    const call = alipay.calls.at(-1);
    expect(call).toMatchObject({ method: 'alipay.trade.query', isSigned: true });
    expect(JSON.parse(call?.params.biz_content ?? '')).toEqual({ out_trade_no: outTradeNo });
  });

  it('closes: an open trade, again (already closed), one never opened; a paid one refuses', async () => {
    const { outTradeNo } = await place();
    await gateway.close(outTradeNo);
    expect(alipay.orders.get(outTradeNo)?.tradeStatus).toBe('TRADE_CLOSED');
    expect(await gateway.query(outTradeNo)).toEqual({ state: 'closed' });
    await gateway.close(outTradeNo);
    const unopened = await place(100, { open: false });
    await gateway.close(unopened.outTradeNo);
    const paid = await place();
    await alipay.pay(paid.outTradeNo, { send: false });
    const error = await outsideErrorOf(gateway.close(paid.outTradeNo));
    expect(error).toMatchObject({
      kind: 'platform',
      platformCode: 'ACQ.TRADE_STATUS_ERROR',
      isRetryable: false,
    });
    expect(error.message).toBe('Alipay: 交易状态不合法');
  });

  it('refunds part, then the rest; the refund notifications are read; a whole refund queries as refunded', async () => {
    const { outTradeNo } = await place(5000);
    await alipay.pay(outTradeNo, { send: false });
    const first = await gateway.refund({
      outTradeNo,
      outRefundNo: `R1${outTradeNo}`,
      amountCents: 2000,
      totalCents: 5000,
      reason: '用户申请退款',
      notifyUrl: 'https://kefu.example.com/unused',
    });
    const tradeNo = alipay.orders.get(outTradeNo)?.tradeNo;
    expect(first).toEqual({ refundId: `${tradeNo}-R1${outTradeNo}`, state: 'success' });
    expect(JSON.parse(alipay.calls.at(-1)?.params.biz_content ?? '')).toEqual({
      out_trade_no: outTradeNo,
      refund_amount: '20.00',
      out_request_no: `R1${outTradeNo}`,
      refund_reason: '用户申请退款',
    });
    // The same out_request_no again is the same refund.
    await gateway.refund({
      outTradeNo,
      outRefundNo: `R1${outTradeNo}`,
      amountCents: 2000,
      totalCents: 5000,
      reason: '',
      notifyUrl: '',
    });
    expect(alipay.orders.get(outTradeNo)?.refunds).toHaveLength(1);
    expect(await gateway.query(outTradeNo)).toMatchObject({ state: 'paid' });
    expect(await gateway.readNotification(alipay.refundNotification(outTradeNo, `R1${outTradeNo}`))).toEqual({
      kind: 'refund',
      outTradeNo,
      outRefundNo: `R1${outTradeNo}`,
      refundId: first.refundId,
      state: 'success',
      amountCents: 2000,
    });

    const tooMuch = await outsideErrorOf(
      gateway.refund({
        outTradeNo,
        outRefundNo: `RX${outTradeNo}`,
        amountCents: 3001,
        totalCents: 5000,
        reason: '',
        notifyUrl: '',
      }),
    );
    expect(tooMuch).toMatchObject({ platformCode: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', isRetryable: false });

    await gateway.refund({
      outTradeNo,
      outRefundNo: `R2${outTradeNo}`,
      amountCents: 3000,
      totalCents: 5000,
      reason: '',
      notifyUrl: '',
    });
    expect(await gateway.query(outTradeNo)).toMatchObject({
      state: 'refunded',
      transactionId: tradeNo,
      amountCents: 5000,
    });
    // Alipay's refund_fee is the trade's refunded total; the whole refund closes the trade.
    const whole = alipay.refundNotification(outTradeNo, `R2${outTradeNo}`);
    expect(new URLSearchParams(whole.rawBody).get('trade_status')).toBe('TRADE_CLOSED');
    expect(await gateway.readNotification(whole)).toMatchObject({
      kind: 'refund',
      outRefundNo: `R2${outTradeNo}`,
      amountCents: 5000,
    });
  });
});

describe('Alipay errors', () => {
  it('business refusals are final with the sub_code; 20000, SYSTEM_ERROR, 5xx and time-outs retryable', async () => {
    const { outTradeNo } = await place();
    alipay.failNext('query', { subCode: 'ACQ.INVALID_PARAMETER', subMsg: '参数无效' });
    expect(await outsideErrorOf(gateway.query(outTradeNo))).toMatchObject({
      kind: 'platform',
      platformCode: 'ACQ.INVALID_PARAMETER',
      message: 'Alipay: 参数无效',
      isRetryable: false,
    });
    alipay.failNext('query', { subCode: 'ACQ.SYSTEM_ERROR', subMsg: '系统错误' });
    expect(await outsideErrorOf(gateway.query(outTradeNo))).toMatchObject({ isRetryable: true });
    alipay.failNext('close', { code: '20000', subCode: 'isp.unknow-error', subMsg: '服务暂不可用' });
    expect(await outsideErrorOf(gateway.close(outTradeNo))).toMatchObject({
      platformCode: 'isp.unknow-error',
      isRetryable: true,
    });
    alipay.failNext('query', { httpStatus: 502 });
    expect(await outsideErrorOf(gateway.query(outTradeNo))).toMatchObject({
      kind: 'http',
      status: 502,
      isRetryable: true,
    });
    alipay.failNext('query', { httpStatus: 200 });
    expect(await outsideErrorOf(gateway.query(outTradeNo))).toMatchObject({
      kind: 'protocol',
      isRetryable: true,
    });
    alipay.failNext('refund', { hang: true });
    const slow = createAlipayGateway(alipay.settings, { timeoutMs: 200 });
    expect(
      await outsideErrorOf(
        slow.refund({
          outTradeNo,
          outRefundNo: 'R1',
          amountCents: 1,
          totalCents: 1234,
          reason: '',
          notifyUrl: '',
        }),
      ),
    ).toMatchObject({ kind: 'timeout', isRetryable: true });
  });

  it('an answer not signed by the Alipay public key is not believed', async () => {
    const { outTradeNo } = await place();
    alipay.failNext('query', { badSignature: true });
    expect(await outsideErrorOf(gateway.query(outTradeNo))).toMatchObject({
      kind: 'protocol',
      isRetryable: false,
    });
  });

  it('a request signed with another app key gets 40002 isv.invalid-signature', async () => {
    const stranger = createAlipayGateway({
      ...alipay.settings,
      privateKeyPem: createRsaKeyPairPem().privateKeyPem,
    });
    const error = await outsideErrorOf(stranger.query('ANYORDER1'));
    expect(error).toMatchObject({ platformCode: 'isv.invalid-signature', isRetryable: false });
    expect(alipay.calls.at(-1)?.isSigned).toBe(false);
  });
});

describe('Alipay notifications', () => {
  it('reads TRADE_SUCCESS (and TRADE_FINISHED): trade_no, total_amount in cents, gmt_payment', async () => {
    const { outTradeNo } = await place(4321);
    const { notification } = await alipay.pay(outTradeNo, { send: false });
    expect(notification.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const order = alipay.orders.get(outTradeNo);
    const expected = {
      kind: 'payment',
      outTradeNo,
      state: 'paid',
      transactionId: order?.tradeNo,
      amountCents: 4321,
      paidAt: Math.floor((order?.paidAt ?? 0) / 1000) * 1000,
    };
    expect(await gateway.readNotification(notification)).toEqual(expected);
    expect(await gateway.readNotification(alipay.paymentNotification(outTradeNo, 'TRADE_FINISHED'))).toEqual(
      expected,
    );
  });

  it('reads TRADE_CLOSED as closed, and a paid notification arriving after the close', async () => {
    const { outTradeNo } = await place(300);
    await gateway.close(outTradeNo);
    expect(await gateway.readNotification(alipay.paymentNotification(outTradeNo))).toEqual({
      kind: 'payment',
      outTradeNo,
      state: 'closed',
    });
    const late = alipay.paymentNotification(outTradeNo, 'TRADE_SUCCESS', {
      fields: { gmt_payment: '2030-05-01 10:00:00' },
    });
    expect(await gateway.readNotification(late)).toMatchObject({
      state: 'paid',
      amountCents: 300,
      paidAt: Date.parse('2030-05-01T10:00:00+08:00'),
    });
  });

  it('refuses forged, foreign, tampered, unsigned, non-RSA2 and unactionable notifications', async () => {
    const { outTradeNo } = await place();
    await alipay.pay(outTradeNo, { send: false });
    expect(
      await notificationErrorOf(
        gateway.readNotification(alipay.paymentNotification(outTradeNo, undefined, { forgeSignature: true })),
      ),
    ).toMatch(/does not verify/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(
          alipay.paymentNotification(outTradeNo, undefined, { appId: '2021009999999999' }),
        ),
      ),
    ).toMatch(/another app_id/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(
          alipay.paymentNotification(outTradeNo, undefined, { tamper: { total_amount: '9999.00' } }),
        ),
      ),
    ).toMatch(/does not verify/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(alipay.paymentNotification(outTradeNo, undefined, { tamper: { sign: '' } })),
      ),
    ).toMatch(/not signed/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(
          alipay.paymentNotification(outTradeNo, undefined, { tamper: { sign_type: 'RSA' } }),
        ),
      ),
    ).toMatch(/not RSA2/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(alipay.paymentNotification(outTradeNo, 'WAIT_BUYER_PAY')),
      ),
    ).toMatch(/nothing to act on/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(
          alipay.paymentNotification(outTradeNo, undefined, { fields: { gmt_payment: undefined } }),
        ),
      ),
    ).toMatch(/lacks/);
  });

  it('answers the exact text success, or fail', () => {
    expect(gateway.answer(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(gateway.answer(false).body).toBe('fail');
  });
});
