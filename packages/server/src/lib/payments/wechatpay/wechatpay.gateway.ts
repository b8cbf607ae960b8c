import { callOutside, OutsideError, type OutsideResponse } from '../../outside/http.js';
import { formatChinaRfc3339, parseRfc3339 } from '../payment.amounts.js';
import {
  PaymentNotificationError,
  type CreatePaymentInput,
  type NotificationAnswer,
  type PaymentClientOptions,
  type PaymentGateway,
  type PaymentNotification,
  type PaymentState,
  type RefundInput,
  type RefundResult,
} from '../payment.gateway.js';
import {
  buildAuthorization,
  checkWechatPaySignature,
  decryptResource,
  type EncryptedResource,
} from './wechatpay.sign.js';

/*
 * WeChat Pay API v3, Native payment (a QR code the payer scans), for a directly connected merchant
 * (普通商户). Requests are signed with the merchant's API certificate key; answers and notifications
 * are verified with the "WeChat Pay public key" (微信支付公钥) the operator downloads with its id
 * (PUB_KEY_ID_…). Merchants still on platform certificates must switch to the public key first.
 */

export const defaultWechatPayApiBase = 'https://api.mch.weixin.qq.com';

export type WechatPaySettings = {
  /** 商户号. */
  mchId: string;
  /** The AppID bound to the merchant (official account, mini program or website app). */
  appId: string;
  /** Serial number of the merchant's API certificate (商户API证书序列号). */
  certSerial: string;
  /** The merchant's API private key (apiclient_key.pem), PEM text. */
  privateKeyPem: string;
  /** APIv3 key: 32 characters, decrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay public key (pub_key.pem), PEM text, and its id. */
  publicKeyPem: string;
  publicKeyId: string;
  /** API address, no trailing slash. */
  apiBase: string;
};

const outTradeNoPattern = /^[A-Za-z0-9_*|-]{6,32}$/;

/** A description cut to WeChat Pay's 127 bytes without splitting a character. */
const descriptionOf = (text: string): string => {
  let result = '';
  for (const character of text) {
    if (Buffer.byteLength(result + character, 'utf8') > 127) break;
    result += character;
  }
  return result;
};

type WechatTransaction = {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
};

type WechatRefund = {
  mchid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  status?: string;
  amount?: { refund?: number; total?: number };
};

/** WeChat Pay's error body `{ code, message }` as an OutsideError carrying the code. */
const readWechatPayError = (body: Buffer, status: number): OutsideError | undefined => {
  let parsed: { code?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
  } catch {
    return undefined;
  }
  if (typeof parsed.code !== 'string') return undefined;
  const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : parsed.code;
  const isRetryable =
    status >= 500 || status === 429 || parsed.code === 'SYSTEM_ERROR' || parsed.code === 'FREQUENCY_LIMITED';
  return new OutsideError('platform', `WeChat Pay: ${message}`, status, isRetryable, parsed.code);
};

const positiveInteger = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

export const createWechatPayGateway = (
  settings: WechatPaySettings,
  options: PaymentClientOptions = {},
): PaymentGateway => {
  const now = options.now ?? Date.now;
  const merchant = {
    mchId: settings.mchId,
    certSerial: settings.certSerial,
    privateKeyPem: settings.privateKeyPem,
  };
  const verifyKey = { publicKeyPem: settings.publicKeyPem, publicKeyId: settings.publicKeyId };

  /** One signed call; a 2xx answer's signature is checked before its body is believed. */
  const call = async (
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: Record<string, unknown>,
  ): Promise<OutsideResponse & { text: string }> => {
    const bodyText = body === undefined ? '' : JSON.stringify(body);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      // WeChat Pay refuses calls without a User-Agent.
      'User-Agent': 'OpenKefu (node)',
      Authorization: buildAuthorization(
        merchant,
        { method, pathWithQuery, body: bodyText },
        {
          timestamp: String(Math.floor(now() / 1000)),
        },
      ),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await callOutside(
      {
        method,
        url: `${settings.apiBase}${pathWithQuery}`,
        headers,
        body: body === undefined ? undefined : bodyText,
        timeoutMs: options.timeoutMs,
      },
      options.fetch,
      readWechatPayError,
    );
    const text = response.body.toString('utf8');
    const headerValues: Record<string, string | undefined> = {};
    response.headers.forEach((value, name) => {
      headerValues[name.toLowerCase()] = value;
    });
    const problem = checkWechatPaySignature(headerValues, text, verifyKey, now());
    if (problem)
      throw new OutsideError(
        'protocol',
        `WeChat Pay's answer is not signed by it: ${problem}`,
        response.status,
        false,
      );
    return { ...response, text };
  };

  const jsonOf = <T>(response: { text: string; status: number }): T => {
    try {
      return JSON.parse(response.text) as T;
    } catch {
      throw new OutsideError(
        'protocol',
        'WeChat Pay answered something other than JSON',
        response.status,
        true,
      );
    }
  };

  const checkOutTradeNo = (outTradeNo: string) => {
    if (!outTradeNoPattern.test(outTradeNo))
      throw new RangeError(`out_trade_no must be 6–32 letters, digits, _ or -: ${outTradeNo}`);
  };

  const transactionPath = (outTradeNo: string) =>
    `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  const create = async (input: CreatePaymentInput) => {
    checkOutTradeNo(input.outTradeNo);
    const response = await call('POST', '/v3/pay/transactions/native', {
      appid: settings.appId,
      mchid: settings.mchId,
      description: descriptionOf(input.description),
      out_trade_no: input.outTradeNo,
      time_expire: formatChinaRfc3339(input.expiresAt),
      notify_url: input.notifyUrl,
      amount: { total: input.amountCents, currency: 'CNY' },
    });
    const codeUrl = jsonOf<{ code_url?: unknown }>(response).code_url;
    if (typeof codeUrl !== 'string' || !codeUrl)
      throw new OutsideError('protocol', 'WeChat Pay answered without a code_url', response.status, false);
    return { kind: 'qr' as const, codeUrl };
  };

  /** A transaction's state as ours; trade_state per 商户订单号查询订单. */
  const stateOf = (transaction: WechatTransaction): PaymentState => {
    const transactionId = transaction.transaction_id ?? '';
    const amountCents = positiveInteger(transaction.amount?.total) ?? 0;
    const paidAt = parseRfc3339(transaction.success_time);
    switch (transaction.trade_state) {
      case 'SUCCESS':
        if (!transactionId || paidAt === null)
          throw new OutsideError(
            'protocol',
            'WeChat Pay reported a payment without its id or time',
            200,
            false,
          );
        return { state: 'paid', transactionId, amountCents, paidAt };
      case 'REFUND':
        return { state: 'refunded', transactionId, amountCents, paidAt };
      case 'CLOSED':
      case 'REVOKED':
        return { state: 'closed' };
      // A failed attempt (PAYERROR) leaves the code payable until it expires.
      case 'NOTPAY':
      case 'USERPAYING':
      case 'PAYERROR':
        return { state: 'pending' };
      default:
        throw new OutsideError(
          'protocol',
          `WeChat Pay reported an unknown trade_state ${String(transaction.trade_state)}`,
          200,
          false,
        );
    }
  };

  /** Throws OutsideError ORDER_NOT_EXIST (404) for an order WeChat Pay never received. */
  const query = async (outTradeNo: string): Promise<PaymentState> => {
    checkOutTradeNo(outTradeNo);
    const response = await call(
      'GET',
      `${transactionPath(outTradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`,
    );
    return stateOf(jsonOf<WechatTransaction>(response));
  };

  const close = async (outTradeNo: string) => {
    checkOutTradeNo(outTradeNo);
    try {
      await call('POST', `${transactionPath(outTradeNo)}/close`, { mchid: settings.mchId });
    } catch (error) {
      // Closed already, or never received (a create that failed on the way): nothing can pay it.
      if (
        error instanceof OutsideError &&
        (error.platformCode === 'ORDER_CLOSED' || error.platformCode === 'ORDER_NOT_EXIST')
      )
        return;
      throw error;
    }
  };

  const refund = async (input: RefundInput): Promise<RefundResult> => {
    checkOutTradeNo(input.outTradeNo);
    const response = await call('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      ...(input.reason ? { reason: descriptionOf(input.reason).slice(0, 80) } : {}),
      notify_url: input.notifyUrl,
      amount: { refund: input.amountCents, total: input.totalCents, currency: 'CNY' },
    });
    const result = jsonOf<WechatRefund>(response);
    if (!result.refund_id)
      throw new OutsideError(
        'protocol',
        'WeChat Pay answered a refund without its refund_id',
        response.status,
        false,
      );
    if (result.status === 'SUCCESS') return { refundId: result.refund_id, state: 'success' };
    if (result.status === 'PROCESSING') return { refundId: result.refund_id, state: 'processing' };
    // CLOSED or ABNORMAL: the money did not go back; someone has to look at it.
    throw new OutsideError(
      'platform',
      `WeChat Pay: refund ${String(result.status)}`,
      response.status,
      false,
      String(result.status),
    );
  };

  const readNotification = async (incoming: {
    headers: Record<string, string | undefined>;
    rawBody: string;
  }) => {
    const problem = checkWechatPaySignature(incoming.headers, incoming.rawBody, verifyKey, now());
    if (problem) throw new PaymentNotificationError(problem);
    let envelope: { event_type?: unknown; resource?: Partial<EncryptedResource> };
    try {
      envelope = JSON.parse(incoming.rawBody) as typeof envelope;
    } catch {
      throw new PaymentNotificationError('the notification is not JSON');
    }
    const resource = envelope.resource;
    if (
      !resource ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string' ||
      typeof resource.algorithm !== 'string'
    )
      throw new PaymentNotificationError('the notification has no encrypted resource');
    let plaintext: string;
    try {
      plaintext = decryptResource(resource as EncryptedResource, settings.apiV3Key);
    } catch (error) {
      throw new PaymentNotificationError(
        `the resource does not decrypt with the APIv3 key (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    let content: WechatTransaction & WechatRefund;
    try {
      content = JSON.parse(plaintext) as typeof content;
    } catch {
      throw new PaymentNotificationError('the decrypted resource is not JSON');
    }
    if (content.mchid !== settings.mchId)
      throw new PaymentNotificationError('the notification is for another merchant');
    if (!content.out_trade_no) throw new PaymentNotificationError('the notification names no out_trade_no');
    const eventType = String(envelope.event_type);
    if (eventType === 'TRANSACTION.SUCCESS') {
      if (content.appid !== undefined && content.appid !== settings.appId)
        throw new PaymentNotificationError('the notification is for another AppID');
      const amountCents = positiveInteger(content.amount?.total);
      const paidAt = parseRfc3339(content.success_time);
      if (
        content.trade_state !== 'SUCCESS' ||
        !content.transaction_id ||
        amountCents === null ||
        paidAt === null
      )
        throw new PaymentNotificationError('the payment notification lacks its state, id, amount or time');
      return {
        kind: 'payment',
        outTradeNo: content.out_trade_no,
        state: 'paid',
        transactionId: content.transaction_id,
        amountCents,
        paidAt,
      } satisfies PaymentNotification;
    }
    const refundStates: Record<string, 'success' | 'abnormal' | 'closed'> = {
      'REFUND.SUCCESS': 'success',
      'REFUND.ABNORMAL': 'abnormal',
      'REFUND.CLOSED': 'closed',
    };
    const refundState = refundStates[eventType];
    if (refundState) {
      const amountCents = positiveInteger(content.amount?.refund);
      if (!content.out_refund_no || !content.refund_id || amountCents === null)
        throw new PaymentNotificationError('the refund notification lacks its refund numbers or amount');
      return {
        kind: 'refund',
        outTradeNo: content.out_trade_no,
        outRefundNo: content.out_refund_no,
        refundId: content.refund_id,
        state: refundState,
        amountCents,
      } satisfies PaymentNotification;
    }
    throw new PaymentNotificationError(`unknown event_type ${eventType.slice(0, 64)}`);
  };

  /** WeChat Pay stops retrying on 200/204; any other status with `{code: FAIL}` asks it to retry. */
  const answer = (isOk: boolean): NotificationAnswer =>
    isOk
      ? { status: 204, contentType: 'application/json; charset=utf-8', body: '' }
      : {
          status: 500,
          contentType: 'application/json; charset=utf-8',
          body: JSON.stringify({ code: 'FAIL', message: 'not accepted' }),
        };

  return { provider: 'wechatpay', create, readNotification, answer, query, close, refund };
};
