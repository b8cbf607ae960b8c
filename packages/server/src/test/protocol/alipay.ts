import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AlipaySettings } from '../../lib/payments/alipay/alipay.gateway.js';
import {
  alipaySignContent,
  isSignedAlipayRequest,
  signAlipayNotification,
  signAlipayParams,
} from '../../lib/payments/alipay/alipay.sign.js';
import { signWithRsaSha256 } from '../../lib/payments/payment.keys.js';
import {
  formatChinaDateTime,
  formatYuan,
  parseChinaDateTime,
  parseYuan,
} from '../../lib/payments/payment.amounts.js';
import { createRsaKeyPairPem } from '../../lib/payments/payment.keys.js';
import { readBody, serveLocally } from './local-server.js';
import { postNotification, type NotificationDelivery, type StubNotification } from './wechatpay.js';

/*
 * A local Alipay open-platform gateway (/gateway.do) for tests: page pay (alipay.trade.page.pay)
 * shows a small cashier page with a Pay button, as a browser test needs; alipay.trade.query, .close
 * and .refund answer signed JSON. Every request's RSA2 signature is checked against the app's
 * public key as Alipay does (40002 isv.invalid-signature), answers are signed with this server's
 * own "Alipay public key", and notifications are form posts signed the same way.
 *
 * As on Alipay, a trade exists only once the payer opens the cashier (openCashier, or pay given the
 * cashier URL); before that query and close answer ACQ.TRADE_NOT_EXIST.
 *
 *   const alipay = await startAlipayServer();
 *   const gateway = createAlipayGateway(alipay.settings);          // or load config from alipay.env
 *   const start = await gateway.create(…);                          // start.url is this server's cashier
 *   const { notification } = await alipay.pay(start.url, { send: false });
 *   app.inject({ method: 'POST', url, headers: notification.headers, payload: notification.rawBody });
 */

export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export type AlipayStubRefund = {
  outRequestNo: string;
  amountCents: number;
  reason: string;
  refundedAt: number;
};

export type AlipayStubOrder = {
  outTradeNo: string;
  subject: string;
  amountCents: number;
  notifyUrl: string;
  returnUrl: string;
  /** time_expire as epoch ms (null when not given). */
  expiresAt: number | null;
  tradeNo: string;
  tradeStatus: AlipayTradeStatus;
  createdAt: number;
  paidAt: number | null;
  closedAt: number | null;
  refunds: AlipayStubRefund[];
};

/** Ways to spoil a notification, for the refusal tests. */
export type AlipayNotificationTweaks = {
  /** Sign with a key that is not Alipay's. */
  forgeSignature?: boolean;
  /** Another app_id than ours (signed correctly). */
  appId?: string;
  /** Parameters replaced (a string) or removed (undefined) before signing. */
  fields?: Record<string, string | undefined>;
  /** Parameters changed after signing (tampering in transit). */
  tamper?: Record<string, string>;
};

/** A scripted failure of the next call of an operation. */
export type AlipayFailure =
  /** A business answer: code 40004 (or as given) with this sub_code, signed. */
  | { code?: string; subCode: string; subMsg: string }
  /** An HTTP error status with no Alipay body. */
  | { httpStatus: number }
  /** Never answers (the client's time limit fires). */
  | { hang: true }
  /** Answers normally but signs with a key that is not Alipay's. */
  | { badSignature: true };

export type AlipayOperation = 'query' | 'close' | 'refund';

export type AlipayServer = {
  baseUrl: string;
  /** `${baseUrl}/gateway.do` (PAYMENT_API_BASES `alipay=`). */
  gatewayUrl: string;
  /** What our side is configured with: createAlipayGateway(settings). */
  settings: AlipaySettings;
  /** The same as environment variables (ALIPAY_* and PAYMENT_API_BASES=alipay=…), for loadConfig. */
  env: Record<string, string>;
  /** `alipay=<gatewayUrl>`, to join with WeChat Pay's in one PAYMENT_API_BASES. */
  apiBaseEntry: string;
  orders: Map<string, AlipayStubOrder>;
  /** Every gateway call, in order: the API method, its parameters and whether the signature verified. */
  calls: { method: string; params: Record<string, string>; isSigned: boolean }[];
  /** Notifications delivered over HTTP, in order. */
  deliveries: { tradeStatus: string; url: string; delivery: NotificationDelivery }[];
  /** Opens a page-pay URL as the payer's browser does: the trade is created (WAIT_BUYER_PAY). Throws with the page's error. */
  openCashier: (url: string) => Promise<AlipayStubOrder>;
  /**
   * The payer pays: given the out_trade_no of an opened trade or the cashier URL (opened first),
   * the trade turns TRADE_SUCCESS and its notification is posted to notify_url (unless `send: false`).
   */
  pay: (
    outTradeNoOrUrl: string,
    options?: { send?: boolean },
  ) => Promise<{ notification: StubNotification; delivery: NotificationDelivery | null }>;
  /** A trade_status_sync notification for the trade (its status unless given), not sent. */
  paymentNotification: (
    outTradeNo: string,
    status?: AlipayTradeStatus,
    tweaks?: AlipayNotificationTweaks,
  ) => StubNotification;
  /** The notification Alipay sends after a refund (out_biz_no, refund_fee, gmt_refund), not sent. */
  refundNotification: (
    outTradeNo: string,
    outRequestNo: string,
    tweaks?: AlipayNotificationTweaks,
  ) => StubNotification;
  /** Posts a notification to its url (again, for duplicates) and records the answer. */
  deliver: (notification: StubNotification) => Promise<NotificationDelivery>;
  /** The next call of `operation` fails this way. */
  failNext: (operation: AlipayOperation, failure: AlipayFailure) => void;
  close: () => Promise<void>;
};

type KeyPair = { privateKeyPem: string; publicKeyPem: string };
let cachedKeys: { app: KeyPair; alipay: KeyPair; forger: KeyPair } | undefined;
/** Key generation takes a moment: one set per test process serves every server. */
const keys = () =>
  (cachedKeys ??= {
    app: createRsaKeyPairPem(),
    alipay: createRsaKeyPairPem(),
    forger: createRsaKeyPairPem(),
  });

const digits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join('');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const methodOperations: Record<string, AlipayOperation> = {
  'alipay.trade.query': 'query',
  'alipay.trade.close': 'close',
  'alipay.trade.refund': 'refund',
};

export const startAlipayServer = async (): Promise<AlipayServer> => {
  const { app, alipay, forger } = keys();
  const appId = `2021${digits(12)}`;
  const sellerId = `2088${digits(12)}`;
  const orders = new Map<string, AlipayStubOrder>();
  const failures = new Map<AlipayOperation, AlipayFailure[]>();
  const calls: AlipayServer['calls'] = [];
  const deliveries: AlipayServer['deliveries'] = [];
  let base = '';

  /** Signs the response object's exact text and wraps it as the gateway does. */
  const answerApi = (
    response: ServerResponse,
    node: string,
    content: Record<string, unknown>,
    options: { unsigned?: boolean; badSignature?: boolean } = {},
  ) => {
    const nodeText = JSON.stringify(content);
    const sign = options.unsigned
      ? ''
      : `,"sign":${JSON.stringify(signWithRsaSha256(nodeText, options.badSignature ? forger.privateKeyPem : alipay.privateKeyPem))}`;
    response
      .writeHead(200, { 'Content-Type': 'text/html;charset=utf-8' })
      .end(`{"${node}":${nodeText}${sign}}`);
  };

  const page = (response: ServerResponse, status: number, title: string, body: string) => {
    response
      .writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`,
      );
  };

  /** Why the gateway refuses the request's common parameters, or null. */
  const commonProblem = (params: Record<string, string>): { subCode: string; subMsg: string } | null => {
    if (params.app_id !== appId) return { subCode: 'isv.invalid-app-id', subMsg: '无效的AppID参数' };
    if (params.sign_type !== 'RSA2')
      return { subCode: 'isv.invalid-signature-type', subMsg: '无效的签名类型' };
    if ((params.charset ?? '').toLowerCase() !== 'utf-8')
      return { subCode: 'isv.invalid-charset', subMsg: '字符集错误' };
    if (params.format !== undefined && params.format !== 'JSON')
      return { subCode: 'isv.invalid-format', subMsg: '参数格式错误' };
    if (params.version !== '1.0') return { subCode: 'isv.invalid-version', subMsg: '版本号错误' };
    if (parseChinaDateTime(params.timestamp) === null || /\./.test(params.timestamp ?? ''))
      return { subCode: 'isv.invalid-timestamp', subMsg: '非法的时间戳参数' };
    if (!params.sign) return { subCode: 'isv.missing-signature', subMsg: '缺少签名参数' };
    if (!isSignedAlipayRequest(params, app.publicKeyPem))
      return {
        subCode: 'isv.invalid-signature',
        subMsg: `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${alipaySignContent(params)}`,
      };
    return null;
  };

  const bizOf = (params: Record<string, string>): Record<string, unknown> | null => {
    try {
      const parsed: unknown = JSON.parse(params.biz_content ?? '');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  const orderSummary = (order: AlipayStubOrder) => ({
    trade_no: order.tradeNo,
    out_trade_no: order.outTradeNo,
    buyer_logon_id: '159****5620',
  });

  /** alipay.trade.page.pay: the trade is created (or found again) and the cashier shown. */
  const openTrade = (params: Record<string, string>): AlipayStubOrder | { error: string } => {
    const problem = commonProblem(params);
    if (problem) return { error: `${problem.subCode}: ${problem.subMsg}` };
    const biz = bizOf(params);
    if (!biz) return { error: 'isv.invalid-biz-content: biz_content 不是合法的JSON' };
    const outTradeNo = biz.out_trade_no;
    const amountCents = parseYuan(biz.total_amount);
    if (typeof outTradeNo !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(outTradeNo))
      return { error: 'isv.invalid-parameter: out_trade_no 不合法' };
    if (biz.product_code !== 'FAST_INSTANT_TRADE_PAY')
      return { error: 'isv.invalid-parameter: product_code 不合法' };
    if (amountCents === null || amountCents < 1 || amountCents > 10_000_000_000)
      return { error: 'isv.invalid-parameter: total_amount 不合法' };
    if (typeof biz.subject !== 'string' || !biz.subject || [...biz.subject].length > 256)
      return { error: 'isv.invalid-parameter: subject 不合法' };
    const expiresAt = biz.time_expire === undefined ? null : parseChinaDateTime(biz.time_expire);
    if (biz.time_expire !== undefined && expiresAt === null)
      return { error: 'isv.invalid-parameter: time_expire 不合法' };
    if (expiresAt !== null && expiresAt < Date.now())
      return { error: 'ACQ.TRADE_HAS_CLOSE: 交易已经关闭（已超时）' };
    const existing = orders.get(outTradeNo);
    if (existing) {
      if (existing.tradeStatus === 'TRADE_CLOSED') return { error: 'ACQ.TRADE_HAS_CLOSE: 交易已经关闭' };
      if (existing.tradeStatus !== 'WAIT_BUYER_PAY') return { error: 'ACQ.TRADE_HAS_SUCCESS: 交易已被支付' };
      if (existing.amountCents !== amountCents || existing.subject !== biz.subject)
        return { error: 'ACQ.CONTEXT_INCONSISTENT: 交易信息被篡改' };
      return existing;
    }
    const order: AlipayStubOrder = {
      outTradeNo,
      subject: biz.subject,
      amountCents,
      notifyUrl: params.notify_url ?? '',
      returnUrl: params.return_url ?? '',
      expiresAt,
      tradeNo: `${formatChinaDateTime(Date.now()).slice(0, 10).replace(/-/g, '')}22001${digits(14)}`,
      tradeStatus: 'WAIT_BUYER_PAY',
      createdAt: Date.now(),
      paidAt: null,
      closedAt: null,
      refunds: [],
    };
    orders.set(outTradeNo, order);
    return order;
  };

  const cashierPage = (response: ServerResponse, order: AlipayStubOrder) =>
    page(
      response,
      200,
      '支付宝 - 网上支付 安全快速！',
      `<h1>支付宝收银台 (test)</h1><p id="subject">${escapeHtml(order.subject)}</p>` +
        `<p>订单号 <span id="out-trade-no">${escapeHtml(order.outTradeNo)}</span></p>` +
        `<p>应付金额 ¥<span id="amount">${formatYuan(order.amountCents)}</span></p>` +
        `<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(order.outTradeNo)}">` +
        `<button type="submit" id="pay">确认付款 Pay</button></form>`,
    );

  const handleApi = (response: ServerResponse, params: Record<string, string>, method: string) => {
    const node = `${method.replace(/\./g, '_')}_response`;
    const operation = methodOperations[method];
    if (!operation)
      return answerApi(
        response,
        'error_response',
        {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-method',
          sub_msg: '不存在的方法名',
        },
        { unsigned: true },
      );
    const problem = commonProblem(params);
    if (problem)
      return answerApi(
        response,
        node,
        { code: '40002', msg: 'Invalid Arguments', sub_code: problem.subCode, sub_msg: problem.subMsg },
        { unsigned: true },
      );
    const failure = failures.get(operation)?.shift();
    if (failure && 'hang' in failure) return; // The connection stays open until the client gives up.
    if (failure && 'httpStatus' in failure)
      return response.writeHead(failure.httpStatus).end('Service Unavailable');
    if (failure && 'subCode' in failure)
      return answerApi(response, node, {
        code: failure.code ?? '40004',
        msg: failure.code === '20000' ? 'Service Currently Unavailable' : 'Business Failed',
        sub_code: failure.subCode,
        sub_msg: failure.subMsg,
      });
    const sign = { badSignature: Boolean(failure && 'badSignature' in failure) };
    const ok = (content: Record<string, unknown>) =>
      answerApi(response, node, { code: '10000', msg: 'Success', ...content }, sign);
    const business = (subCode: string, subMsg: string) =>
      answerApi(
        response,
        node,
        { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg },
        sign,
      );
    const biz = bizOf(params);
    if (!biz)
      return answerApi(
        response,
        node,
        {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-biz-content',
          sub_msg: 'biz_content 不是合法的JSON',
        },
        sign,
      );
    const order =
      typeof biz.out_trade_no === 'string'
        ? orders.get(biz.out_trade_no)
        : [...orders.values()].find((candidate) => candidate.tradeNo === biz.trade_no);
    if (!order) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    switch (operation) {
      case 'query': {
        const isPaid = order.paidAt !== null;
        return ok({
          ...orderSummary(order),
          trade_status: order.tradeStatus,
          total_amount: formatYuan(order.amountCents),
          ...(isPaid
            ? {
                buyer_pay_amount: formatYuan(order.amountCents),
                receipt_amount: formatYuan(order.amountCents),
                invoice_amount: formatYuan(order.amountCents),
                point_amount: '0.00',
                send_pay_date: formatChinaDateTime(order.paidAt ?? Date.now()),
                buyer_user_id: '2088101117955611',
              }
            : {}),
        });
      }
      case 'close': {
        if (order.tradeStatus !== 'WAIT_BUYER_PAY')
          return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        order.tradeStatus = 'TRADE_CLOSED';
        order.closedAt = Date.now();
        return ok({ trade_no: order.tradeNo, out_trade_no: order.outTradeNo });
      }
      case 'refund': {
        const amountCents = parseYuan(biz.refund_amount);
        const outRequestNo =
          typeof biz.out_request_no === 'string' && biz.out_request_no
            ? biz.out_request_no
            : order.outTradeNo;
        const refunded = () => order.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
        const known = order.refunds.find((refund) => refund.outRequestNo === outRequestNo);
        if (known)
          return ok({
            ...orderSummary(order),
            fund_change: 'N',
            refund_fee: formatYuan(refunded()),
            gmt_refund_pay: formatChinaDateTime(known.refundedAt),
            buyer_user_id: '2088101117955611',
          });
        if (order.paidAt === null) return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        if (amountCents === null || amountCents < 1)
          return answerApi(
            response,
            node,
            {
              code: '40002',
              msg: 'Invalid Arguments',
              sub_code: 'isv.invalid-parameter',
              sub_msg: 'refund_amount 不合法',
            },
            sign,
          );
        if (refunded() + amountCents > order.amountCents)
          return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
        const refund: AlipayStubRefund = {
          outRequestNo,
          amountCents,
          reason: typeof biz.refund_reason === 'string' ? biz.refund_reason : '',
          refundedAt: Date.now(),
        };
        order.refunds.push(refund);
        if (refunded() === order.amountCents) {
          order.tradeStatus = 'TRADE_CLOSED';
          order.closedAt = Date.now();
        }
        return ok({
          ...orderSummary(order),
          fund_change: 'Y',
          refund_fee: formatYuan(refunded()),
          gmt_refund_pay: formatChinaDateTime(refund.refundedAt),
          buyer_user_id: '2088101117955611',
        });
      }
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', base);
    const raw = (await readBody(request)).toString('utf8');
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      for (const [name, value] of new URLSearchParams(raw)) params[name] = value;

    if (url.pathname === '/cashier/pay' && request.method === 'POST') {
      const order = orders.get(params.out_trade_no ?? '');
      if (!order) return page(response, 404, '错误', '<p id="error">ACQ.TRADE_NOT_EXIST: 交易不存在</p>');
      try {
        await pay(order.outTradeNo);
      } catch (error) {
        return page(response, 409, '错误', `<p id="error">${escapeHtml(String(error))}</p>`);
      }
      if (!order.returnUrl) return page(response, 200, '支付成功', '<p id="paid">支付成功</p>');
      const back = signAlipayParams(
        {
          charset: 'utf-8',
          out_trade_no: order.outTradeNo,
          method: 'alipay.trade.page.pay.return',
          total_amount: formatYuan(order.amountCents),
          trade_no: order.tradeNo,
          auth_app_id: appId,
          version: '1.0',
          app_id: appId,
          sign_type: 'RSA2',
          seller_id: sellerId,
          timestamp: formatChinaDateTime(Date.now()),
        },
        alipay.privateKeyPem,
      );
      const target = new URL(order.returnUrl);
      for (const [name, value] of Object.entries(back)) target.searchParams.set(name, value);
      return response.writeHead(302, { Location: target.toString() }).end();
    }
    if (url.pathname !== '/gateway.do') return page(response, 404, 'Not Found', '<p>Not Found</p>');

    const method = params.method ?? '';
    calls.push({ method, params, isSigned: isSignedAlipayRequest(params, app.publicKeyPem) });
    if (method === 'alipay.trade.page.pay') {
      const opened = openTrade(params);
      if ('error' in opened)
        return page(response, 400, '错误', `<p id="error">${escapeHtml(opened.error)}</p>`);
      return cashierPage(response, opened);
    }
    return handleApi(response, params, method);
  };

  const server = await serveLocally(handle);
  base = server.base;
  const gatewayUrl = `${server.base}/gateway.do`;

  const orderOf = (outTradeNo: string) => {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`Alipay test server: no trade ${outTradeNo} (open the cashier URL first)`);
    return order;
  };

  const buildNotification = (
    order: AlipayStubOrder,
    fields: Record<string, string | undefined>,
    tweaks: AlipayNotificationTweaks,
  ): StubNotification => {
    const at = Date.now();
    const params: Record<string, string | undefined> = {
      notify_time: formatChinaDateTime(at),
      notify_type: 'trade_status_sync',
      notify_id: `2024${randomBytes(14).toString('hex')}`,
      charset: 'utf-8',
      version: '1.0',
      app_id: tweaks.appId ?? appId,
      auth_app_id: tweaks.appId ?? appId,
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      buyer_id: '2088102122524333',
      buyer_logon_id: '159****5620',
      seller_id: sellerId,
      total_amount: formatYuan(order.amountCents),
      subject: order.subject,
      gmt_create: formatChinaDateTime(order.createdAt),
      ...fields,
      ...tweaks.fields,
    };
    const signed = signAlipayNotification(
      params,
      tweaks.forgeSignature ? forger.privateKeyPem : alipay.privateKeyPem,
    );
    const body = new URLSearchParams({ ...signed, ...tweaks.tamper }).toString();
    return {
      url: order.notifyUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      rawBody: body,
    };
  };

  const paidFields = (order: AlipayStubOrder) => ({
    receipt_amount: formatYuan(order.amountCents),
    invoice_amount: formatYuan(order.amountCents),
    buyer_pay_amount: formatYuan(order.amountCents),
    point_amount: '0.00',
    gmt_payment: formatChinaDateTime(order.paidAt ?? Date.now()),
    fund_bill_list: JSON.stringify([{ amount: formatYuan(order.amountCents), fundChannel: 'ALIPAYACCOUNT' }]),
  });

  const paymentNotification: AlipayServer['paymentNotification'] = (outTradeNo, status, tweaks = {}) => {
    const order = orderOf(outTradeNo);
    const tradeStatus = status ?? order.tradeStatus;
    return buildNotification(
      order,
      {
        trade_status: tradeStatus,
        ...(tradeStatus === 'TRADE_SUCCESS' || tradeStatus === 'TRADE_FINISHED' || order.paidAt !== null
          ? paidFields(order)
          : {}),
        ...(tradeStatus === 'TRADE_CLOSED'
          ? { gmt_close: formatChinaDateTime(order.closedAt ?? Date.now()) }
          : {}),
      },
      tweaks,
    );
  };

  const refundNotification: AlipayServer['refundNotification'] = (outTradeNo, outRequestNo, tweaks = {}) => {
    const order = orderOf(outTradeNo);
    const index = order.refunds.findIndex((refund) => refund.outRequestNo === outRequestNo);
    if (index < 0) throw new Error(`Alipay test server: no refund ${outRequestNo} on ${outTradeNo}`);
    const refund = order.refunds[index]!;
    const refundedSoFar = order.refunds.slice(0, index + 1).reduce((sum, item) => sum + item.amountCents, 0);
    const isWhole = refundedSoFar === order.amountCents;
    const millis = String(refund.refundedAt % 1000).padStart(3, '0');
    return buildNotification(
      order,
      {
        trade_status: isWhole ? 'TRADE_CLOSED' : 'TRADE_SUCCESS',
        ...paidFields(order),
        out_biz_no: refund.outRequestNo,
        refund_fee: formatYuan(refundedSoFar),
        gmt_refund: `${formatChinaDateTime(refund.refundedAt)}.${millis}`,
        ...(isWhole ? { gmt_close: formatChinaDateTime(refund.refundedAt) } : {}),
      },
      tweaks,
    );
  };

  const deliver = async (notification: StubNotification) => {
    const delivery = await postNotification(notification.url, notification.headers, notification.rawBody);
    deliveries.push({
      tradeStatus: new URLSearchParams(notification.rawBody).get('trade_status') ?? '',
      url: notification.url,
      delivery,
    });
    return delivery;
  };

  const openCashier = async (cashierUrl: string) => {
    const response = await fetch(cashierUrl);
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(
        `Alipay test server refused the cashier URL: ${/id="error">([^<]*)/.exec(html)?.[1] ?? html}`,
      );
    const outTradeNo = /id="out-trade-no">([^<]*)/.exec(html)?.[1] ?? '';
    return orderOf(outTradeNo.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))));
  };

  const pay: AlipayServer['pay'] = async (outTradeNoOrUrl, options = {}) => {
    const order = /^https?:\/\//.test(outTradeNoOrUrl)
      ? await openCashier(outTradeNoOrUrl)
      : orderOf(outTradeNoOrUrl);
    if (order.tradeStatus !== 'WAIT_BUYER_PAY')
      throw new Error(`Alipay test server: trade ${order.outTradeNo} is ${order.tradeStatus}, not payable`);
    if (order.expiresAt !== null && Date.now() > order.expiresAt)
      throw new Error(`Alipay test server: trade ${order.outTradeNo} has expired`);
    order.tradeStatus = 'TRADE_SUCCESS';
    order.paidAt = Date.now();
    const notification = paymentNotification(order.outTradeNo);
    return { notification, delivery: options.send === false ? null : await deliver(notification) };
  };

  return {
    baseUrl: server.base,
    gatewayUrl,
    settings: {
      appId,
      privateKeyPem: app.privateKeyPem,
      alipayPublicKeyPem: alipay.publicKeyPem,
      gatewayUrl,
    },
    env: {
      ALIPAY_APP_ID: appId,
      ALIPAY_PRIVATE_KEY: app.privateKeyPem,
      ALIPAY_PUBLIC_KEY: alipay.publicKeyPem,
      PAYMENT_API_BASES: `alipay=${gatewayUrl}`,
    },
    apiBaseEntry: `alipay=${gatewayUrl}`,
    orders,
    calls,
    deliveries,
    openCashier,
    pay,
    paymentNotification,
    refundNotification,
    deliver,
    failNext: (operation, failure) => {
      failures.set(operation, [...(failures.get(operation) ?? []), failure]);
    },
    close: server.close,
  };
};
