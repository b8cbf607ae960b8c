import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatChinaRfc3339, parseRfc3339 } from '../../lib/payments/payment.amounts.js';
import { createRsaKeyPairPem, isRsaSha256Signature } from '../../lib/payments/payment.keys.js';
import type { IncomingNotification } from '../../lib/payments/payment.gateway.js';
import type { WechatPaySettings } from '../../lib/payments/wechatpay/wechatpay.gateway.js';
import {
  encryptResource,
  parseAuthorization,
  requestMessage,
  signAsWechatPay,
  wechatPayMaxSkewSeconds,
} from '../../lib/payments/wechatpay/wechatpay.sign.js';
import { readBody, serveLocally } from './local-server.js';

/*
 * A local WeChat Pay (API v3, Native payment) for tests. It checks our requests as WeChat Pay does
 * (the Authorization header's merchant, certificate serial, timestamp and RSA signature over
 * method, path, timestamp, nonce and body → 401 SIGN_ERROR), keeps orders and refunds in memory,
 * and signs every answer with its own "WeChat Pay public key". A test plays the payer with `pay`,
 * which marks the order paid and posts the signed, encrypted TRANSACTION.SUCCESS notification to
 * the order's notify_url; other notifications (refunds, forged, stale, replayed, out of order) are
 * built on demand and either handed back (for app.inject) or delivered over HTTP.
 *
 *   const wechatpay = await startWechatPayServer();
 *   const gateway = createWechatPayGateway(wechatpay.settings);   // or load config from wechatpay.env
 *   …create an order…; const { notification } = await wechatpay.pay(outTradeNo, { send: false });
 *   app.inject({ method: 'POST', url, headers: notification.headers, payload: notification.rawBody });
 */

export type WechatPayTradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';

export type WechatPayStubRefund = {
  outRefundNo: string;
  refundId: string;
  amountCents: number;
  reason: string;
  notifyUrl: string;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  createdAt: number;
};

export type WechatPayStubOrder = {
  outTradeNo: string;
  description: string;
  amountCents: number;
  notifyUrl: string;
  /** time_expire as epoch ms. */
  expiresAt: number;
  codeUrl: string;
  tradeState: WechatPayTradeState;
  transactionId: string | null;
  paidAt: number | null;
  refunds: WechatPayStubRefund[];
};

/** A notification as WeChat Pay posts it: `headers` (lower case) and `rawBody` feed readNotification or app.inject. */
export type StubNotification = IncomingNotification & {
  /** Where it goes: the order's (or refund's) notify_url. */
  url: string;
  headers: Record<string, string>;
};

/** What the notify_url answered (status 0 and the error text when it could not be reached). */
export type NotificationDelivery = { status: number; body: string };

/** Ways to spoil or shift a notification, for the refusal tests. */
export type WechatPayNotificationTweaks = {
  /** Sign with a key that is not WeChat Pay's. */
  forgeSignature?: boolean;
  /** Another Wechatpay-Serial than the configured public key id. */
  serial?: string;
  /** Seconds added to the signed timestamp (−600: a replay from ten minutes ago). */
  timestampOffsetSeconds?: number;
  /** Flip a byte of the ciphertext after signing the body anew (the signature holds; the AEAD tag fails). */
  tamperCiphertext?: boolean;
  /** Encrypt with another APIv3 key. */
  apiV3Key?: string;
  /** Fields merged into the decrypted resource (another mchid, amount, trade_state…). */
  resource?: Record<string, unknown>;
};

/** A scripted failure of the next call of an operation. */
export type WechatPayFailure =
  | { status: number; code: string; message: string }
  /** Never answers (the client's time limit fires). */
  | { hang: true }
  /** Answers normally but signs with a key that is not WeChat Pay's. */
  | { badSignature: true };

export type WechatPayOperation = 'create' | 'query' | 'close' | 'refund';

export type WechatPayServer = {
  /** The API address (PAYMENT_API_BASES `wechatpay=`). */
  baseUrl: string;
  /** What our side is configured with: createWechatPayGateway(settings). */
  settings: WechatPaySettings;
  /** The same as environment variables (WECHATPAY_* and PAYMENT_API_BASES=wechatpay=…), for loadConfig. */
  env: Record<string, string>;
  /** `wechatpay=<baseUrl>`, to join with Alipay's in one PAYMENT_API_BASES. */
  apiBaseEntry: string;
  orders: Map<string, WechatPayStubOrder>;
  /** Every API call received, in order, with whether its signature verified. */
  calls: { method: string; path: string; query: Record<string, string>; body: unknown; isSigned: boolean }[];
  /** Notifications delivered over HTTP, in order. */
  deliveries: { eventType: string; url: string; delivery: NotificationDelivery }[];
  /** Refunds answer SUCCESS at once instead of PROCESSING (then settled by settleRefund). */
  setRefundAnswer: (status: 'PROCESSING' | 'SUCCESS') => void;
  /**
   * The payer scans and pays: the order turns SUCCESS and its TRANSACTION.SUCCESS notification is
   * posted to notify_url (unless `send: false`). Throws when the order is unknown, not NOTPAY or expired.
   */
  pay: (
    outTradeNo: string,
    options?: { send?: boolean },
  ) => Promise<{ notification: StubNotification; delivery: NotificationDelivery | null }>;
  /** A TRANSACTION.SUCCESS notification for the order as it stands (or as if paid), not sent. */
  paymentNotification: (outTradeNo: string, tweaks?: WechatPayNotificationTweaks) => StubNotification;
  /** A REFUND.* notification for a refund (its current status unless given), not sent. */
  refundNotification: (
    outRefundNo: string,
    status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
    tweaks?: WechatPayNotificationTweaks,
  ) => StubNotification;
  /** Finishes a PROCESSING refund and posts its REFUND.* notification (unless `send: false`). */
  settleRefund: (
    outRefundNo: string,
    status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
    options?: { send?: boolean },
  ) => Promise<{ notification: StubNotification; delivery: NotificationDelivery | null }>;
  /** Posts a notification to its url (again, for duplicates) and records the answer. */
  deliver: (notification: StubNotification) => Promise<NotificationDelivery>;
  /** The next call of `operation` fails this way. */
  failNext: (operation: WechatPayOperation, failure: WechatPayFailure) => void;
  close: () => Promise<void>;
};

/** Posts a provider notification as the provider does; never throws. */
export const postNotification = async (
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<NotificationDelivery> => {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { status: 0, body: error instanceof Error ? error.message : String(error) };
  }
};

type KeyPair = { privateKeyPem: string; publicKeyPem: string };
let cachedKeys: { merchant: KeyPair; platform: KeyPair; forger: KeyPair } | undefined;
/** Key generation takes a moment: one set per test process serves every server. */
const keys = () =>
  (cachedKeys ??= {
    merchant: createRsaKeyPairPem(),
    platform: createRsaKeyPairPem(),
    forger: createRsaKeyPairPem(),
  });

const digits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join('');
const alphanumeric = (count: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: count }, () => alphabet[randomInt(0, alphabet.length)]).join('');
};

const outTradeNoPattern = /^[A-Za-z0-9_*|-]{6,32}$/;

export const startWechatPayServer = async (): Promise<WechatPayServer> => {
  const { merchant, platform, forger } = keys();
  const mchId = `19${digits(8)}`;
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const certSerial = randomBytes(20).toString('hex').toUpperCase();
  const apiV3Key = alphanumeric(32);
  const publicKeyId = `PUB_KEY_ID_01${mchId}${digits(14)}`;
  const orders = new Map<string, WechatPayStubOrder>();
  const refunds = new Map<string, { order: WechatPayStubOrder; refund: WechatPayStubRefund }>();
  const failures = new Map<WechatPayOperation, WechatPayFailure[]>();
  const calls: WechatPayServer['calls'] = [];
  const deliveries: WechatPayServer['deliveries'] = [];
  let refundAnswer: 'PROCESSING' | 'SUCCESS' = 'PROCESSING';

  const platformKey = { privateKeyPem: platform.privateKeyPem, serial: publicKeyId };

  const answer = (
    response: ServerResponse,
    status: number,
    body: unknown,
    options: { badSignature?: boolean } = {},
  ) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const signed = signAsWechatPay(
      text,
      options.badSignature ? { privateKeyPem: forger.privateKeyPem, serial: publicKeyId } : platformKey,
    );
    response.writeHead(status, {
      ...(text ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      'Request-ID': randomBytes(12).toString('hex'),
      'Wechatpay-Timestamp': signed['wechatpay-timestamp'],
      'Wechatpay-Nonce': signed['wechatpay-nonce'],
      'Wechatpay-Signature': signed['wechatpay-signature'],
      'Wechatpay-Serial': signed['wechatpay-serial'],
    });
    response.end(text);
  };
  const fail = (response: ServerResponse, status: number, code: string, message: string) =>
    answer(response, status, { code, message });

  /** Why WeChat Pay would refuse the request's signature, or null. */
  const signatureProblem = (request: IncomingMessage, body: string): string | null => {
    const fields = parseAuthorization(request.headers.authorization);
    if (!fields) return 'Authorization 头缺失或格式错误';
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (!mchid || !nonce || !signature || !timestamp || !serial) return 'Authorization 头缺少字段';
    if (mchid !== mchId) return '商户号不存在';
    if (serial !== certSerial) return '商户证书序列号有误';
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > wechatPayMaxSkewSeconds)
      return '请求时间戳超出有效范围';
    const message = requestMessage(request.method ?? 'GET', request.url ?? '/', timestamp, nonce, body);
    return isRsaSha256Signature(message, signature, merchant.publicKeyPem) ? null : '签名错误';
  };

  const transactionOf = (order: WechatPayStubOrder) => ({
    appid: appId,
    mchid: mchId,
    out_trade_no: order.outTradeNo,
    ...(order.transactionId
      ? {
          transaction_id: order.transactionId,
          trade_type: 'NATIVE',
          bank_type: 'OTHERS',
          success_time: formatChinaRfc3339(order.paidAt ?? Date.now()),
          payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        }
      : {}),
    trade_state: order.tradeState,
    trade_state_desc: {
      NOTPAY: '订单未支付',
      SUCCESS: '支付成功',
      CLOSED: '订单已关闭',
      REFUND: '订单发生过退款，退款详情请查询退款单',
    }[order.tradeState],
    attach: '',
    amount: {
      total: order.amountCents,
      currency: 'CNY',
      ...(order.transactionId ? { payer_total: order.amountCents, payer_currency: 'CNY' } : {}),
    },
  });

  const refundOf = (order: WechatPayStubOrder, refund: WechatPayStubRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: order.transactionId,
    out_trade_no: order.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: formatChinaRfc3339(refund.createdAt),
    ...(refund.status === 'SUCCESS' ? { success_time: formatChinaRfc3339(Date.now()) } : {}),
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: order.amountCents,
      refund: refund.amountCents,
      payer_total: order.amountCents,
      payer_refund: refund.amountCents,
      settlement_refund: refund.amountCents,
      settlement_total: order.amountCents,
      discount_refund: 0,
      currency: 'CNY',
      refund_fee: 0,
    },
  });

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = (await readBody(request)).toString('utf8');
    let body: Record<string, unknown> = {};
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return fail(response, 400, 'PARAM_ERROR', '请求体不是合法的JSON');
      }
    }
    const problem = signatureProblem(request, text);
    calls.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? body : undefined,
      isSigned: problem === null,
    });
    if (!request.headers['user-agent']) return fail(response, 400, 'INVALID_REQUEST', '请求头缺少User-Agent');
    if (problem) return fail(response, 401, 'SIGN_ERROR', problem);

    const route = routeOf(request.method ?? 'GET', url.pathname);
    if (!route) return fail(response, 404, 'NOT_FOUND', '请求的资源不存在');
    const failure = failures.get(route.operation)?.shift();
    if (failure && 'hang' in failure) return; // The connection stays open until the client gives up.
    if (failure && 'code' in failure) return fail(response, failure.status, failure.code, failure.message);
    const sign = { badSignature: Boolean(failure && 'badSignature' in failure) };

    switch (route.operation) {
      case 'create': {
        const amount = (body.amount ?? {}) as { total?: unknown; currency?: unknown };
        const expiresAt = parseRfc3339(body.time_expire);
        if (body.mchid !== mchId) return fail(response, 400, 'MCH_NOT_EXISTS', '商户号不存在');
        if (body.appid !== appId) return fail(response, 400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配');
        if (typeof body.out_trade_no !== 'string' || !outTradeNoPattern.test(body.out_trade_no))
          return fail(
            response,
            400,
            'PARAM_ERROR',
            '输入源“/body/out_trade_no”映射到字段“商户订单号”长度不符合要求',
          );
        if (
          typeof body.description !== 'string' ||
          !body.description ||
          Buffer.byteLength(body.description) > 127
        )
          return fail(
            response,
            400,
            'PARAM_ERROR',
            '输入源“/body/description”映射到字段“商品描述”长度不符合要求',
          );
        if (typeof body.notify_url !== 'string' || !/^https?:\/\/\S+$/.test(body.notify_url))
          return fail(response, 400, 'PARAM_ERROR', '输入源“/body/notify_url”映射到字段“通知地址”格式不正确');
        if (body.time_expire !== undefined && expiresAt === null)
          return fail(
            response,
            400,
            'PARAM_ERROR',
            '输入源“/body/time_expire”映射到字段“交易结束时间”格式不正确',
          );
        if (typeof amount.total !== 'number' || !Number.isSafeInteger(amount.total) || amount.total < 1)
          return fail(response, 400, 'PARAM_ERROR', '输入源“/body/amount/total”映射到字段“总金额”不合法');
        if (amount.currency !== undefined && amount.currency !== 'CNY')
          return fail(
            response,
            400,
            'PARAM_ERROR',
            '输入源“/body/amount/currency”映射到字段“货币类型”不合法',
          );
        const existing = orders.get(body.out_trade_no);
        if (existing) {
          if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND')
            return fail(response, 400, 'ORDERPAID', '该订单已支付');
          if (existing.tradeState === 'CLOSED') return fail(response, 400, 'ORDER_CLOSED', '订单已关闭');
          if (existing.amountCents !== amount.total || existing.description !== body.description)
            return fail(response, 403, 'OUT_TRADE_NO_USED', '商户订单号重复');
          return answer(response, 200, { code_url: existing.codeUrl }, sign);
        }
        const order: WechatPayStubOrder = {
          outTradeNo: body.out_trade_no,
          description: body.description,
          amountCents: amount.total,
          notifyUrl: body.notify_url,
          expiresAt: expiresAt ?? Date.now() + 2 * 60 * 60 * 1000,
          codeUrl: `weixin://wxpay/bizpayurl?pr=${alphanumeric(7)}`,
          tradeState: 'NOTPAY',
          transactionId: null,
          paidAt: null,
          refunds: [],
        };
        orders.set(order.outTradeNo, order);
        return answer(response, 200, { code_url: order.codeUrl }, sign);
      }
      case 'query': {
        if (url.searchParams.get('mchid') !== mchId)
          return fail(response, 400, 'PARAM_ERROR', '输入源“/query/mchid”映射到字段“直连商户号”不合法');
        const order = orders.get(route.outTradeNo);
        if (!order) return fail(response, 404, 'ORDER_NOT_EXIST', '订单不存在');
        return answer(response, 200, transactionOf(order), sign);
      }
      case 'close': {
        if (body.mchid !== mchId)
          return fail(response, 400, 'PARAM_ERROR', '输入源“/body/mchid”映射到字段“直连商户号”不合法');
        const order = orders.get(route.outTradeNo);
        if (order?.tradeState === 'SUCCESS' || order?.tradeState === 'REFUND')
          return fail(response, 400, 'ORDERPAID', '订单已支付');
        if (order) order.tradeState = 'CLOSED';
        return answer(response, 204, undefined, sign);
      }
      case 'refund': {
        const amount = (body.amount ?? {}) as { refund?: unknown; total?: unknown; currency?: unknown };
        const order = typeof body.out_trade_no === 'string' ? orders.get(body.out_trade_no) : undefined;
        if (typeof body.out_refund_no !== 'string' || !/^[A-Za-z0-9_*@|-]{1,64}$/.test(body.out_refund_no))
          return fail(
            response,
            400,
            'PARAM_ERROR',
            '输入源“/body/out_refund_no”映射到字段“商户退款单号”不合法',
          );
        if (!order) return fail(response, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
        const known = refunds.get(body.out_refund_no);
        if (known) return answer(response, 200, refundOf(known.order, known.refund), sign);
        if (order.tradeState !== 'SUCCESS' && order.tradeState !== 'REFUND')
          return fail(response, 400, 'INVALID_REQUEST', '订单未支付，不能退款');
        if (typeof amount.refund !== 'number' || !Number.isSafeInteger(amount.refund) || amount.refund < 1)
          return fail(response, 400, 'PARAM_ERROR', '输入源“/body/amount/refund”映射到字段“退款金额”不合法');
        if (amount.total !== order.amountCents)
          return fail(response, 400, 'PARAM_ERROR', '订单金额与原订单金额不一致');
        if (amount.currency !== 'CNY')
          return fail(
            response,
            400,
            'PARAM_ERROR',
            '输入源“/body/amount/currency”映射到字段“退款币种”不合法',
          );
        const refunded = order.refunds
          .filter((refund) => refund.status !== 'CLOSED' && refund.status !== 'ABNORMAL')
          .reduce((sum, refund) => sum + refund.amountCents, 0);
        if (refunded + amount.refund > order.amountCents)
          return fail(response, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
        const refund: WechatPayStubRefund = {
          outRefundNo: body.out_refund_no,
          refundId: `50${digits(27)}`,
          amountCents: amount.refund,
          reason: typeof body.reason === 'string' ? body.reason : '',
          notifyUrl: typeof body.notify_url === 'string' ? body.notify_url : order.notifyUrl,
          status: refundAnswer,
          createdAt: Date.now(),
        };
        order.refunds.push(refund);
        order.tradeState = 'REFUND';
        refunds.set(refund.outRefundNo, { order, refund });
        return answer(response, 200, refundOf(order, refund), sign);
      }
    }
  };

  const server = await serveLocally(handle, (response, error) => {
    if (!response.headersSent)
      response
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ code: 'SYSTEM_ERROR', message: String(error) }));
  });

  /** A notification with `resource` encrypted and the envelope signed, as WeChat Pay posts it. */
  const buildNotification = (
    url: string,
    eventType: string,
    originalType: 'transaction' | 'refund',
    summary: string,
    plaintext: Record<string, unknown>,
    tweaks: WechatPayNotificationTweaks,
  ): StubNotification => {
    const resource = encryptResource(
      JSON.stringify({ ...plaintext, ...tweaks.resource }),
      tweaks.apiV3Key ?? apiV3Key,
      originalType,
      originalType,
    );
    if (tweaks.tamperCiphertext) {
      const sealed = Buffer.from(resource.ciphertext, 'base64');
      sealed[0] = (sealed[0] ?? 0) ^ 0xff;
      resource.ciphertext = sealed.toString('base64');
    }
    const rawBody = JSON.stringify({
      id: randomBytes(16).toString('hex'),
      create_time: formatChinaRfc3339(Date.now()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource,
    });
    const signed = signAsWechatPay(
      rawBody,
      {
        privateKeyPem: tweaks.forgeSignature ? forger.privateKeyPem : platform.privateKeyPem,
        serial: tweaks.serial ?? publicKeyId,
      },
      { timestamp: String(Math.floor(Date.now() / 1000) + (tweaks.timestampOffsetSeconds ?? 0)) },
    );
    return {
      url,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mozilla/4.0',
        ...signed,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      rawBody,
    };
  };

  const orderOf = (outTradeNo: string) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`WeChat Pay test server: no order ${outTradeNo}`);
    return order;
  };

  const paymentNotification = (outTradeNo: string, tweaks: WechatPayNotificationTweaks = {}) => {
    const order = orderOf(outTradeNo);
    const transaction = transactionOf(order);
    return buildNotification(
      order.notifyUrl,
      'TRANSACTION.SUCCESS',
      'transaction',
      '支付成功',
      {
        ...transaction,
        // As if paid, whatever the order's state: out-of-order and after-close tests need that.
        transaction_id: order.transactionId ?? `4200${digits(24)}`,
        trade_type: 'NATIVE',
        bank_type: 'OTHERS',
        success_time: formatChinaRfc3339(order.paidAt ?? Date.now()),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        amount: {
          total: order.amountCents,
          payer_total: order.amountCents,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      },
      tweaks,
    );
  };

  const refundNotification = (
    outRefundNo: string,
    status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED',
    tweaks: WechatPayNotificationTweaks = {},
  ) => {
    const known = refunds.get(outRefundNo);
    if (!known) throw new Error(`WeChat Pay test server: no refund ${outRefundNo}`);
    const { order, refund } = known;
    const refundStatus = status ?? (refund.status === 'PROCESSING' ? 'SUCCESS' : refund.status);
    return buildNotification(
      refund.notifyUrl,
      `REFUND.${refundStatus}`,
      'refund',
      { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[refundStatus],
      {
        mchid: mchId,
        out_trade_no: order.outTradeNo,
        transaction_id: order.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: refundStatus,
        ...(refundStatus === 'SUCCESS' ? { success_time: formatChinaRfc3339(Date.now()) } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: order.amountCents,
          refund: refund.amountCents,
          payer_total: order.amountCents,
          payer_refund: refund.amountCents,
        },
      },
      tweaks,
    );
  };

  const deliver = async (notification: StubNotification) => {
    const delivery = await postNotification(notification.url, notification.headers, notification.rawBody);
    const eventType = String((JSON.parse(notification.rawBody) as { event_type?: unknown }).event_type);
    deliveries.push({ eventType, url: notification.url, delivery });
    return delivery;
  };

  const pay: WechatPayServer['pay'] = async (outTradeNo, options = {}) => {
    const order = orderOf(outTradeNo);
    if (order.tradeState !== 'NOTPAY')
      throw new Error(`WeChat Pay test server: order ${outTradeNo} is ${order.tradeState}, not payable`);
    if (Date.now() > order.expiresAt)
      throw new Error(`WeChat Pay test server: order ${outTradeNo} has expired`);
    order.tradeState = 'SUCCESS';
    order.transactionId = `4200${digits(24)}`;
    order.paidAt = Date.now();
    const notification = paymentNotification(outTradeNo);
    return { notification, delivery: options.send === false ? null : await deliver(notification) };
  };

  const settleRefund: WechatPayServer['settleRefund'] = async (
    outRefundNo,
    status = 'SUCCESS',
    options = {},
  ) => {
    const known = refunds.get(outRefundNo);
    if (!known) throw new Error(`WeChat Pay test server: no refund ${outRefundNo}`);
    known.refund.status = status;
    const notification = refundNotification(outRefundNo, status);
    return { notification, delivery: options.send === false ? null : await deliver(notification) };
  };

  return {
    baseUrl: server.base,
    settings: {
      mchId,
      appId,
      certSerial,
      privateKeyPem: merchant.privateKeyPem,
      apiV3Key,
      publicKeyPem: platform.publicKeyPem,
      publicKeyId,
      apiBase: server.base,
    },
    env: {
      WECHATPAY_MCH_ID: mchId,
      WECHATPAY_APP_ID: appId,
      WECHATPAY_CERT_SERIAL: certSerial,
      WECHATPAY_PRIVATE_KEY: merchant.privateKeyPem,
      WECHATPAY_API_V3_KEY: apiV3Key,
      WECHATPAY_PUBLIC_KEY: platform.publicKeyPem,
      WECHATPAY_PUBLIC_KEY_ID: publicKeyId,
      PAYMENT_API_BASES: `wechatpay=${server.base}`,
    },
    apiBaseEntry: `wechatpay=${server.base}`,
    orders,
    calls,
    deliveries,
    setRefundAnswer: (status) => {
      refundAnswer = status;
    },
    pay,
    paymentNotification,
    refundNotification,
    settleRefund,
    deliver,
    failNext: (operation, failure) => {
      failures.set(operation, [...(failures.get(operation) ?? []), failure]);
    },
    close: server.close,
  };
};

type Route = { operation: WechatPayOperation; outTradeNo: string };

const routeOf = (method: string, path: string): Route | null => {
  if (method === 'POST' && path === '/v3/pay/transactions/native')
    return { operation: 'create', outTradeNo: '' };
  if (method === 'POST' && path === '/v3/refund/domestic/refunds')
    return { operation: 'refund', outTradeNo: '' };
  const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
  if (!match) return null;
  const outTradeNo = decodeURIComponent(match[1]!);
  if (method === 'GET' && !match[2]) return { operation: 'query', outTradeNo };
  if (method === 'POST' && match[2]) return { operation: 'close', outTradeNo };
  return null;
};
