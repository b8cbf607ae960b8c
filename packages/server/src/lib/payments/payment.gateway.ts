/*
 * One interface for the payment providers an organisation recharges with (issue 20): WeChat Pay
 * (API v3, Native QR code) and Alipay (page pay). Billing speaks only to this; each provider's
 * client signs its own requests and verifies its own notifications.
 */

export type PaymentProvider = 'wechatpay' | 'alipay';

export type CreatePaymentInput = {
  /** Our order number, unique per merchant: 6–32 letters, digits, `_` or `-`. */
  outTradeNo: string;
  amountCents: number;
  /** What the payer sees on the bill (≤ 127 bytes for WeChat Pay, 256 characters for Alipay). */
  description: string;
  /** Epoch ms after which the provider refuses payment. */
  expiresAt: number;
  /** Where the provider posts its asynchronous notification. */
  notifyUrl: string;
  /** Alipay page pay: where the payer's browser returns after paying. */
  returnUrl?: string;
};

/** What the payer is shown: WeChat Pay's code_url drawn as a QR code, or Alipay's cashier page. */
export type PaymentStart = { kind: 'qr'; codeUrl: string } | { kind: 'redirect'; url: string };

/**
 * The provider's word on an order. `paid` carries the provider's transaction id, which makes
 * crediting idempotent; `pending` is still payable; `closed` was closed or expired unpaid;
 * `refunded` was paid and (wholly or partly) refunded.
 */
export type PaymentState =
  | { state: 'pending' }
  | { state: 'paid'; transactionId: string; amountCents: number; paidAt: number }
  | { state: 'closed' }
  | { state: 'refunded'; transactionId: string; amountCents: number; paidAt: number | null };

export type PaymentNotification =
  | ({ kind: 'payment'; outTradeNo: string } & (
      { state: 'paid'; transactionId: string; amountCents: number; paidAt: number } | { state: 'closed' }
    ))
  | {
      kind: 'refund';
      outTradeNo: string;
      outRefundNo: string;
      refundId: string;
      state: 'success' | 'closed' | 'abnormal';
      amountCents: number;
    };

export type IncomingNotification = {
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The body exactly as received: signatures cover its bytes. */
  rawBody: string;
};

/** How to answer the provider so it stops (ok) or keeps retrying (not ok). */
export type NotificationAnswer = { status: number; contentType: string; body: string };

export type RefundInput = {
  outTradeNo: string;
  /** Our refund number, unique per merchant; the same number retried is one refund. */
  outRefundNo: string;
  amountCents: number;
  /** The order's full amount (WeChat Pay requires it). */
  totalCents: number;
  reason: string;
  notifyUrl: string;
};

export type RefundResult = { refundId: string; state: 'processing' | 'success' };

export type PaymentGateway = {
  readonly provider: PaymentProvider;
  /** Places the order with the provider. Throws OutsideError (lib/outside/http.ts) on refusal. */
  create(input: CreatePaymentInput): Promise<PaymentStart>;
  /**
   * Verifies the notification's signature (and decrypts it where the protocol encrypts) and reads
   * it. Throws PaymentNotificationError on anything forged, stale or unreadable: nothing may be
   * credited from it.
   */
  readNotification(incoming: IncomingNotification): Promise<PaymentNotification>;
  answer(ok: boolean): NotificationAnswer;
  /** Asks the provider for the order's state (after a missed notification, before closing). */
  query(outTradeNo: string): Promise<PaymentState>;
  /** Closes an unpaid order so it can no longer be paid. Closing a closed order is not an error. */
  close(outTradeNo: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundResult>;
};

export class PaymentNotificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentNotificationError';
  }
}

/** How a provider's client calls out; tests point `fetch` and the clock where they need. */
export type PaymentClientOptions = {
  fetch?: typeof fetch;
  /** Per call; default 15 s. */
  timeoutMs?: number;
  /** Our clock in epoch ms (signature time checks, request timestamps). */
  now?: () => number;
};
