import { callOutside, OutsideError } from '../../outside/http.js';
import { formatChinaDateTime, formatYuan, parseChinaDateTime, parseYuan } from '../payment.amounts.js';
import {
  PaymentNotificationError,
  type CreatePaymentInput,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentClientOptions,
  type PaymentGateway,
  type PaymentNotification,
  type PaymentState,
  type RefundInput,
  type RefundResult,
} from '../payment.gateway.js';
import {
  isSignedAlipayAnswer,
  isSignedAlipayNotification,
  readAlipayAnswer,
  signAlipayParams,
  type AlipayParams,
} from './alipay.sign.js';

/*
 * Alipay computer-website payment (电脑网站支付, alipay.trade.page.pay) with RSA2 keys in public-key
 * mode (not the certificate mode). The payer's browser is sent to the gateway with the signed
 * request in the query string; Alipay shows its cashier, posts the result to notify_url and sends
 * the browser back to return_url. Query, close and refund are signed form posts to the same gateway.
 *
 * Alipay creates its trade only when the payer opens the cashier: before that, query and close
 * answer ACQ.TRADE_NOT_EXIST, read here as still pending / nothing to close (time_expire bounds it).
 */

export const defaultAlipayGatewayUrl = 'https://openapi.alipay.com/gateway.do';

export type AlipaySettings = {
  appId: string;
  /** The application's private key, PEM text (PKCS#8). */
  privateKeyPem: string;
  /** Alipay's public key (支付宝公钥) for this application, PEM text. */
  alipayPublicKeyPem: string;
  /** The gateway address, e.g. https://openapi.alipay.com/gateway.do. */
  gatewayUrl: string;
};

const outTradeNoPattern = /^[A-Za-z0-9_-]{6,64}$/;

/** Gateway-level refusals come unsigned (bad signature, bad app id…); business answers are signed. */
const unsignedCodes = new Set(['20000', '20001', '40001', '40002', '40006']);

type AlipayAnswer = {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  trade_no?: string;
  out_trade_no?: string;
  trade_status?: string;
  total_amount?: string;
  send_pay_date?: string;
  fund_change?: string;
};

export const createAlipayGateway = (
  settings: AlipaySettings,
  options: PaymentClientOptions = {},
): PaymentGateway => {
  const now = options.now ?? Date.now;

  const commonParams = (method: string, extra: AlipayParams = {}): AlipayParams => ({
    app_id: settings.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: formatChinaDateTime(now()),
    version: '1.0',
    ...extra,
  });

  const gatewayWith = (params: Record<string, string>) =>
    `${settings.gatewayUrl}${settings.gatewayUrl.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

  const checkOutTradeNo = (outTradeNo: string) => {
    if (!outTradeNoPattern.test(outTradeNo))
      throw new RangeError(`out_trade_no must be 6–64 letters, digits, _ or -: ${outTradeNo}`);
  };

  /**
   * One API call: the common parameters and sign in the query string, biz_content in the form body
   * (as Alipay's SDKs send them). Answers other than 10000 throw OutsideError with the sub_code.
   */
  const call = async (method: string, bizContent: Record<string, unknown>): Promise<AlipayAnswer> => {
    const bizText = JSON.stringify(bizContent);
    const signed = signAlipayParams(
      { ...commonParams(method), biz_content: bizText },
      settings.privateKeyPem,
    );
    const { biz_content: _bizContent, ...queryParams } = signed;
    const response = await callOutside(
      {
        method: 'POST',
        url: gatewayWith(queryParams),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams({ biz_content: bizText }).toString(),
        timeoutMs: options.timeoutMs,
      },
      options.fetch,
    );
    const text = response.body.toString('utf8');
    const node = `${method.replace(/\./g, '_')}_response`;
    const found = readAlipayAnswer(text, node);
    // A page instead of the answer (maintenance, a proxy) is worth another try later.
    if (!found) throw new OutsideError('protocol', `Alipay answered without ${node}`, response.status, true);
    let answer: AlipayAnswer;
    try {
      answer = JSON.parse(found.nodeText) as AlipayAnswer;
    } catch {
      throw new OutsideError('protocol', `Alipay's ${found.nodeName} is not JSON`, response.status, true);
    }
    const code = String(answer.code ?? '');
    if (found.sign === null) {
      if (code === '10000' || !unsignedCodes.has(code))
        throw new OutsideError('protocol', 'Alipay answered without a signature', response.status, false);
    } else if (!isSignedAlipayAnswer(found.nodeText, found.sign, settings.alipayPublicKeyPem))
      throw new OutsideError(
        'protocol',
        "Alipay's answer does not verify with the Alipay public key",
        response.status,
        false,
      );
    if (code !== '10000') {
      const platformCode = answer.sub_code || code;
      const isRetryable = code === '20000' || platformCode.endsWith('SYSTEM_ERROR');
      throw new OutsideError(
        'platform',
        `Alipay: ${answer.sub_msg || answer.msg || platformCode}`,
        response.status,
        isRetryable,
        platformCode,
      );
    }
    return answer;
  };

  const create = async (input: CreatePaymentInput) => {
    checkOutTradeNo(input.outTradeNo);
    const bizContent = {
      out_trade_no: input.outTradeNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: formatYuan(input.amountCents),
      subject: [...input.description].slice(0, 256).join(''),
      time_expire: formatChinaDateTime(input.expiresAt),
    };
    const signed = signAlipayParams(
      commonParams('alipay.trade.page.pay', {
        notify_url: input.notifyUrl,
        return_url: input.returnUrl,
        biz_content: JSON.stringify(bizContent),
      }),
      settings.privateKeyPem,
    );
    return { kind: 'redirect' as const, url: gatewayWith(signed) };
  };

  const query = async (outTradeNo: string): Promise<PaymentState> => {
    checkOutTradeNo(outTradeNo);
    let answer: AlipayAnswer;
    try {
      answer = await call('alipay.trade.query', { out_trade_no: outTradeNo });
    } catch (error) {
      if (error instanceof OutsideError && error.platformCode === 'ACQ.TRADE_NOT_EXIST')
        return { state: 'pending' };
      throw error;
    }
    const transactionId = answer.trade_no ?? '';
    const amountCents = parseYuan(answer.total_amount) ?? 0;
    const paidAt = parseChinaDateTime(answer.send_pay_date);
    switch (answer.trade_status) {
      case 'WAIT_BUYER_PAY':
        return { state: 'pending' };
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED':
        if (!transactionId)
          throw new OutsideError('protocol', 'Alipay reported a payment without trade_no', 200, false);
        // send_pay_date is the settlement time; without it the moment we learn of it stands in.
        return { state: 'paid', transactionId, amountCents, paidAt: paidAt ?? now() };
      case 'TRADE_CLOSED':
        // A closed trade that was paid has been refunded in full; one never paid has no pay date.
        return paidAt !== null && transactionId
          ? { state: 'refunded', transactionId, amountCents, paidAt }
          : { state: 'closed' };
      default:
        throw new OutsideError(
          'protocol',
          `Alipay reported an unknown trade_status ${String(answer.trade_status)}`,
          200,
          false,
        );
    }
  };

  const close = async (outTradeNo: string) => {
    checkOutTradeNo(outTradeNo);
    try {
      await call('alipay.trade.close', { out_trade_no: outTradeNo });
    } catch (error) {
      if (!(error instanceof OutsideError)) throw error;
      // No trade yet: the payer never opened the cashier; time_expire still bounds the link.
      if (error.platformCode === 'ACQ.TRADE_NOT_EXIST') return;
      // Closed already is fine; paid is not.
      if (error.platformCode === 'ACQ.TRADE_STATUS_ERROR' && (await query(outTradeNo)).state === 'closed')
        return;
      throw error;
    }
  };

  /** Alipay refunds at once and has no refund id of its own: the trade number and ours name it. */
  const refund = async (input: RefundInput): Promise<RefundResult> => {
    checkOutTradeNo(input.outTradeNo);
    const answer = await call('alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: formatYuan(input.amountCents),
      out_request_no: input.outRefundNo,
      ...(input.reason ? { refund_reason: [...input.reason].slice(0, 256).join('') } : {}),
    });
    return { refundId: `${answer.trade_no ?? input.outTradeNo}-${input.outRefundNo}`, state: 'success' };
  };

  const readNotification = async (incoming: IncomingNotification): Promise<PaymentNotification> => {
    const params: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(incoming.rawBody)) params[name] = value;
    if (!params.sign) throw new PaymentNotificationError('the notification is not signed');
    if (params.sign_type !== undefined && params.sign_type !== 'RSA2')
      throw new PaymentNotificationError(`sign_type ${params.sign_type.slice(0, 16)} is not RSA2`);
    if (params.charset !== undefined && params.charset.toLowerCase() !== 'utf-8')
      throw new PaymentNotificationError(`charset ${params.charset.slice(0, 16)} is not utf-8`);
    if (!isSignedAlipayNotification(params, settings.alipayPublicKeyPem))
      throw new PaymentNotificationError('the signature does not verify with the Alipay public key');
    if (params.app_id !== settings.appId)
      throw new PaymentNotificationError('the notification is for another app_id');
    const outTradeNo = params.out_trade_no;
    if (!outTradeNo) throw new PaymentNotificationError('the notification names no out_trade_no');
    const transactionId = params.trade_no ?? '';

    // A refund on the trade: the trade's notification carries the refund's fields.
    if (params.out_biz_no || params.refund_fee || params.gmt_refund) {
      const amountCents = parseYuan(params.refund_fee);
      if (!params.out_biz_no || !transactionId || amountCents === null)
        throw new PaymentNotificationError(
          'the refund notification lacks out_biz_no, trade_no or refund_fee',
        );
      return {
        kind: 'refund',
        outTradeNo,
        outRefundNo: params.out_biz_no,
        refundId: `${transactionId}-${params.out_biz_no}`,
        state: 'success',
        // Alipay's refund_fee is the trade's refunded total so far, not this refund's alone.
        amountCents,
      };
    }
    switch (params.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const amountCents = parseYuan(params.total_amount);
        const paidAt = parseChinaDateTime(params.gmt_payment);
        if (!transactionId || amountCents === null || paidAt === null)
          throw new PaymentNotificationError(
            'the payment notification lacks trade_no, total_amount or gmt_payment',
          );
        return { kind: 'payment', outTradeNo, state: 'paid', transactionId, amountCents, paidAt };
      }
      case 'TRADE_CLOSED':
        return { kind: 'payment', outTradeNo, state: 'closed' };
      default:
        throw new PaymentNotificationError(
          `trade_status ${String(params.trade_status).slice(0, 32)} is nothing to act on`,
        );
    }
  };

  /** Alipay stops retrying only on the exact text `success`. */
  const answer = (isOk: boolean): NotificationAnswer => ({
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body: isOk ? 'success' : 'fail',
  });

  return { provider: 'alipay', create, readNotification, answer, query, close, refund };
};
