import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWechatPayServer, type WechatPayServer } from '../../../test/protocol/wechatpay.js';
import { createRsaKeyPairPem } from '../payment.keys.js';
import type { PaymentGateway } from '../payment.gateway.js';
import { notificationErrorOf, outsideErrorOf } from '../payment.fixture.js';
import { createWechatPayGateway } from './wechatpay.gateway.js';

let wechatpay: WechatPayServer;
let gateway: PaymentGateway;
let sequence = 0;

beforeAll(async () => {
  wechatpay = await startWechatPayServer();
  gateway = createWechatPayGateway(wechatpay.settings, { timeoutMs: 2_000 });
});
afterAll(async () => {
  await wechatpay.close();
});

const nextNo = () => `WX${Date.now()}${(sequence += 1)}`;

/** Places an order; answers its number. */
const place = async (
  amountCents = 1234,
  notifyUrl = 'https://kefu.example.com/api/v1/pay/notify/wechatpay',
) => {
  const outTradeNo = nextNo();
  await gateway.create({
    outTradeNo,
    amountCents,
    description: 'OpenKefu 充值 recharge',
    expiresAt: Date.now() + 30 * 60_000,
    notifyUrl,
  });
  return outTradeNo;
};

describe('WeChat Pay Native orders', () => {
  it('places an order and answers its code_url; the request is signed as WeChat Pay checks', async () => {
    const outTradeNo = nextNo();
    const expiresAt = Date.parse('2030-05-01T02:34:56.789Z');
    const start = await gateway.create({
      outTradeNo,
      amountCents: 1234,
      description: '充值'.repeat(30),
      expiresAt,
      notifyUrl: 'https://kefu.example.com/notify',
    });
    expect(start.kind).toBe('qr');
    const order = wechatpay.orders.get(outTradeNo);
    expect(start).toEqual({ kind: 'qr', codeUrl: order?.codeUrl });
    expect(order?.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(order).toMatchObject({
      amountCents: 1234,
      tradeState: 'NOTPAY',
      notifyUrl: 'https://kefu.example.com/notify',
    });
    // 60 characters of 3 bytes are 180 bytes: cut to the 127 WeChat Pay takes, on a character boundary.
    expect(Buffer.byteLength(order?.description ?? '')).toBe(126);
    expect(order?.expiresAt).toBe(Date.parse('2030-05-01T10:34:56+08:00'));
    const call = wechatpay.calls.at(-1);
    expect(call).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', isSigned: true });
    expect(call?.body).toMatchObject({
      appid: wechatpay.settings.appId,
      mchid: wechatpay.settings.mchId,
      out_trade_no: outTradeNo,
      time_expire: '2030-05-01T10:34:56+08:00',
      amount: { total: 1234, currency: 'CNY' },
    });
  });

  it('queries pending, then paid with the transaction id, amount in cents and paid time', async () => {
    const outTradeNo = await place(990);
    expect(await gateway.query(outTradeNo)).toEqual({ state: 'pending' });
    await wechatpay.pay(outTradeNo, { send: false });
    const order = wechatpay.orders.get(outTradeNo);
    expect(await gateway.query(outTradeNo)).toEqual({
      state: 'paid',
      transactionId: order?.transactionId,
      amountCents: 990,
      // success_time has whole seconds.
      paidAt: Math.floor((order?.paidAt ?? 0) / 1000) * 1000,
    });
    expect(wechatpay.calls.at(-1)).toMatchObject({
      method: 'GET',
      query: { mchid: wechatpay.settings.mchId },
    });
  });

  it('closes an unpaid order; closing again is fine; a paid order refuses with ORDERPAID', async () => {
    const outTradeNo = await place();
    await gateway.close(outTradeNo);
    expect(await gateway.query(outTradeNo)).toEqual({ state: 'closed' });
    await gateway.close(outTradeNo);
    wechatpay.failNext('close', { status: 400, code: 'ORDER_CLOSED', message: '订单已关闭' });
    await gateway.close(outTradeNo);
    wechatpay.failNext('close', { status: 404, code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    await gateway.close(outTradeNo);
    expect(wechatpay.calls.filter((call) => call.path.endsWith('/close'))).toHaveLength(4);
    await expect(wechatpay.pay(outTradeNo)).rejects.toThrow(/not payable/);

    const paid = await place();
    await wechatpay.pay(paid, { send: false });
    const error = await outsideErrorOf(gateway.close(paid));
    expect(error).toMatchObject({ status: 400, platformCode: 'ORDERPAID', isRetryable: false });
  });

  it('refunds: PROCESSING, then the REFUND.SUCCESS notification; the order queries as refunded', async () => {
    const outTradeNo = await place(5000);
    await wechatpay.pay(outTradeNo, { send: false });
    const result = await gateway.refund({
      outTradeNo,
      outRefundNo: `R${outTradeNo}`,
      amountCents: 2000,
      totalCents: 5000,
      reason: '用户申请退款',
      notifyUrl: 'https://kefu.example.com/refund-notify',
    });
    expect(result.state).toBe('processing');
    expect(result.refundId).toBe(wechatpay.orders.get(outTradeNo)?.refunds[0]?.refundId);
    expect(wechatpay.calls.at(-1)?.body).toMatchObject({
      out_trade_no: outTradeNo,
      out_refund_no: `R${outTradeNo}`,
      notify_url: 'https://kefu.example.com/refund-notify',
      amount: { refund: 2000, total: 5000, currency: 'CNY' },
    });
    // The same refund number again is the same refund.
    expect(
      await gateway.refund({
        outTradeNo,
        outRefundNo: `R${outTradeNo}`,
        amountCents: 2000,
        totalCents: 5000,
        reason: '',
        notifyUrl: 'https://kefu.example.com/refund-notify',
      }),
    ).toEqual(result);
    expect(wechatpay.orders.get(outTradeNo)?.refunds).toHaveLength(1);

    const { notification } = await wechatpay.settleRefund(`R${outTradeNo}`, 'SUCCESS', { send: false });
    expect(notification.url).toBe('https://kefu.example.com/refund-notify');
    expect(await gateway.readNotification(notification)).toEqual({
      kind: 'refund',
      outTradeNo,
      outRefundNo: `R${outTradeNo}`,
      refundId: result.refundId,
      state: 'success',
      amountCents: 2000,
    });
    expect(await gateway.query(outTradeNo)).toMatchObject({ state: 'refunded', amountCents: 5000 });

    wechatpay.setRefundAnswer('SUCCESS');
    try {
      const second = await gateway.refund({
        outTradeNo,
        outRefundNo: `S${outTradeNo}`,
        amountCents: 3000,
        totalCents: 5000,
        reason: 'rest',
        notifyUrl: 'https://kefu.example.com/refund-notify',
      });
      expect(second.state).toBe('success');
    } finally {
      wechatpay.setRefundAnswer('PROCESSING');
    }
    const abnormal = wechatpay.refundNotification(`S${outTradeNo}`, 'ABNORMAL');
    expect(await gateway.readNotification(abnormal)).toMatchObject({
      kind: 'refund',
      state: 'abnormal',
      amountCents: 3000,
    });
    const closed = wechatpay.refundNotification(`S${outTradeNo}`, 'CLOSED');
    expect(await gateway.readNotification(closed)).toMatchObject({ kind: 'refund', state: 'closed' });
  });

  it("refuses a refund above what is left, with WeChat Pay's code and words", async () => {
    const outTradeNo = await place(100);
    await wechatpay.pay(outTradeNo, { send: false });
    const error = await outsideErrorOf(
      gateway.refund({
        outTradeNo,
        outRefundNo: `R${outTradeNo}`,
        amountCents: 101,
        totalCents: 100,
        reason: '',
        notifyUrl: 'https://kefu.example.com/n',
      }),
    );
    expect(error).toMatchObject({
      kind: 'platform',
      status: 400,
      platformCode: 'INVALID_REQUEST',
      isRetryable: false,
    });
    expect(error.message).toContain('申请退款金额超过订单可退金额');
  });
});

describe('WeChat Pay errors', () => {
  it('an unknown order: 404 ORDER_NOT_EXIST, not retryable', async () => {
    const error = await outsideErrorOf(gateway.query('NOSUCHORDER1'));
    expect(error).toMatchObject({ status: 404, platformCode: 'ORDER_NOT_EXIST', isRetryable: false });
    expect(error.message).toContain('订单不存在');
  });

  it('4xx are final, 5xx and time-outs retryable', async () => {
    wechatpay.failNext('create', { status: 400, code: 'PARAM_ERROR', message: '参数错误' });
    const refused = await outsideErrorOf(place());
    expect(refused).toMatchObject({
      kind: 'platform',
      status: 400,
      platformCode: 'PARAM_ERROR',
      isRetryable: false,
    });
    expect(refused.message).toBe('WeChat Pay: 参数错误');

    wechatpay.failNext('create', { status: 500, code: 'SYSTEM_ERROR', message: '系统错误' });
    expect(await outsideErrorOf(place())).toMatchObject({
      status: 500,
      platformCode: 'SYSTEM_ERROR',
      isRetryable: true,
    });

    wechatpay.failNext('create', { status: 429, code: 'FREQUENCY_LIMITED', message: '频率超限' });
    expect(await outsideErrorOf(place())).toMatchObject({ status: 429, isRetryable: true });

    wechatpay.failNext('query', { hang: true });
    const slow = createWechatPayGateway(wechatpay.settings, { timeoutMs: 200 });
    expect(await outsideErrorOf(slow.query('ANYORDER1'))).toMatchObject({
      kind: 'timeout',
      isRetryable: true,
    });
  });

  it('an answer not signed by the WeChat Pay public key is not believed', async () => {
    const outTradeNo = await place();
    wechatpay.failNext('query', { badSignature: true });
    const error = await outsideErrorOf(gateway.query(outTradeNo));
    expect(error).toMatchObject({ kind: 'protocol', isRetryable: false });
    expect(error.message).toMatch(/does not verify/);
    const otherKeyId = createWechatPayGateway({
      ...wechatpay.settings,
      publicKeyId: 'PUB_KEY_ID_0199999999',
    });
    expect((await outsideErrorOf(otherKeyId.query(outTradeNo))).message).toMatch(/not the configured/);
  });

  it('a request signed with another merchant key gets 401 SIGN_ERROR', async () => {
    const stranger = createWechatPayGateway({
      ...wechatpay.settings,
      privateKeyPem: createRsaKeyPairPem().privateKeyPem,
    });
    const error = await outsideErrorOf(stranger.query('ANYORDER1'));
    expect(error).toMatchObject({ status: 401, platformCode: 'SIGN_ERROR', isRetryable: false });
    expect(wechatpay.calls.at(-1)?.isSigned).toBe(false);
    const wrongSerial = createWechatPayGateway({ ...wechatpay.settings, certSerial: 'ABCDEF0123' });
    expect(await outsideErrorOf(wrongSerial.query('ANYORDER1'))).toMatchObject({
      status: 401,
      platformCode: 'SIGN_ERROR',
    });
  });
});

describe('WeChat Pay notifications', () => {
  it('reads TRANSACTION.SUCCESS: amount in cents, transaction id, paid time', async () => {
    const outTradeNo = await place(4321);
    const { notification, delivery } = await wechatpay.pay(outTradeNo, { send: false });
    expect(delivery).toBeNull();
    const order = wechatpay.orders.get(outTradeNo);
    const read = await gateway.readNotification(notification);
    expect(read).toEqual({
      kind: 'payment',
      outTradeNo,
      state: 'paid',
      transactionId: order?.transactionId,
      amountCents: 4321,
      paidAt: Math.floor((order?.paidAt ?? 0) / 1000) * 1000,
    });
    // A duplicate reads the same; crediting once is the caller's (by transaction id).
    expect(await gateway.readNotification(notification)).toEqual(read);
  });

  it('refuses forged, wrong-serial, stale, future, tampered, wrong-key, altered and foreign notifications', async () => {
    const outTradeNo = await place();
    expect(
      await notificationErrorOf(
        gateway.readNotification(wechatpay.paymentNotification(outTradeNo, { forgeSignature: true })),
      ),
    ).toMatch(/does not verify/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(
          wechatpay.paymentNotification(outTradeNo, { serial: 'PUB_KEY_ID_0100000000000000' }),
        ),
      ),
    ).toMatch(/not the configured/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(wechatpay.paymentNotification(outTradeNo, { timestampOffsetSeconds: -600 })),
      ),
    ).toMatch(/stale or replayed/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(wechatpay.paymentNotification(outTradeNo, { timestampOffsetSeconds: 600 })),
      ),
    ).toMatch(/stale or replayed/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(wechatpay.paymentNotification(outTradeNo, { tamperCiphertext: true })),
      ),
    ).toMatch(/does not decrypt/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(wechatpay.paymentNotification(outTradeNo, { apiV3Key: 'Z'.repeat(32) })),
      ),
    ).toMatch(/does not decrypt/);
    expect(
      await notificationErrorOf(
        gateway.readNotification(
          wechatpay.paymentNotification(outTradeNo, { resource: { mchid: '1900000001' } }),
        ),
      ),
    ).toMatch(/another merchant/);
    const good = wechatpay.paymentNotification(outTradeNo);
    const altered = {
      ...good,
      rawBody: good.rawBody.replace('"summary":"支付成功"', '"summary":"支付成功 "'),
    };
    expect(await notificationErrorOf(gateway.readNotification(altered))).toMatch(/does not verify/);
    const unsigned = { ...good, headers: { 'content-type': 'application/json' } };
    expect(await notificationErrorOf(gateway.readNotification(unsigned))).toMatch(/missing/);
    const unpaid = wechatpay.paymentNotification(outTradeNo, { resource: { trade_state: 'NOTPAY' } });
    expect(await notificationErrorOf(gateway.readNotification(unpaid))).toMatch(/lacks/);
  });

  it('reads a paid notification arriving after the order was closed (out of order)', async () => {
    const outTradeNo = await place(777);
    await gateway.close(outTradeNo);
    const late = wechatpay.paymentNotification(outTradeNo);
    expect(await gateway.readNotification(late)).toMatchObject({
      kind: 'payment',
      outTradeNo,
      state: 'paid',
      amountCents: 777,
    });
  });

  it('answers 204 to stop WeChat Pay, 500 {code: FAIL} to have it retry', () => {
    expect(gateway.answer(true)).toMatchObject({ status: 204, body: '' });
    const failed = gateway.answer(false);
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toMatchObject({ code: 'FAIL' });
  });

  it('pay() posts the notification to notify_url over HTTP, as WeChat Pay does', async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const headers: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(request.headers))
          headers[name] = Array.isArray(value) ? value[0] : value;
        gateway.readNotification({ headers, rawBody: Buffer.concat(chunks).toString('utf8') }).then(
          (notification) => {
            received.push(notification.outTradeNo);
            const answer = gateway.answer(true);
            response.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body);
          },
          () => {
            const answer = gateway.answer(false);
            response.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body);
          },
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
      const outTradeNo = await place(100, notifyUrl);
      const { delivery } = await wechatpay.pay(outTradeNo);
      expect(delivery).toEqual({ status: 204, body: '' });
      expect(received).toEqual([outTradeNo]);
      const forged = await wechatpay.deliver(
        wechatpay.paymentNotification(outTradeNo, { forgeSignature: true }),
      );
      expect(forged.status).toBe(500);
      expect(wechatpay.deliveries.slice(-2).map((item) => item.delivery.status)).toEqual([204, 500]);
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
