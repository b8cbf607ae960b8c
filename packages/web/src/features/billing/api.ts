import type {
  Announcement,
  Bill,
  BillingOverview,
  BillingPayment,
  BillingSettingsBody,
  Envelope,
  Invoice,
  InvoiceRequestBody,
  LedgerEntry,
  LedgerKind,
  Page,
  PaymentProviderValue,
  PromotionCheck,
  RechargeOrder,
  RechargeOrderState,
  UsageDay,
} from '@openkefu/contract';
import { downloadFile } from '../../shared/api/download';
import { http } from '../../shared/api/http';
import type { PageQuery } from '../../shared/table/usePageRequest';

/* The organisation's billing calls (issue 20): overview, recharge, bills, ledger, invoices. */

export const OVERVIEW_QUERY_KEY = ['billing', 'overview'] as const;
export const USAGE_QUERY_KEY = ['billing', 'usage'] as const;
export const ANNOUNCEMENTS_QUERY_KEY = ['billing', 'announcements'] as const;

/** `GET /api/billing/overview`. */
export const fetchOverview = async (options: { silent?: boolean } = {}): Promise<BillingOverview> =>
  (await http.get<Envelope<BillingOverview>>('/api/billing/overview', options)).data;

/** `POST /api/billing/settings`: auto-pay and add-ons; answers the overview after the change. */
export const saveBillingSettings = async (body: BillingSettingsBody): Promise<BillingOverview> =>
  (await http.post<Envelope<BillingOverview>>('/api/billing/settings', body)).data;

/** `GET /api/billing/usage?from&to` (YYYY-MM-DD, inclusive): seats and tokens per day. */
export const fetchUsage = async (from: string, to: string): Promise<UsageDay[]> =>
  (await http.get<Envelope<UsageDay[]>>('/api/billing/usage', { params: { from, to } })).data;

/* ---------------- recharge ---------------- */

export type RechargeCreate = { provider: PaymentProviderValue; amountCents: number; promotionCode?: string };

/** `POST /api/billing/recharge`: a pending order with its QR code (WeChat Pay) or cashier page (Alipay). */
export const createRecharge = async (body: RechargeCreate): Promise<RechargeOrder> =>
  (await http.post<Envelope<RechargeOrder>>('/api/billing/recharge', body)).data;

export type RechargeFilters = { state?: RechargeOrderState; provider?: PaymentProviderValue };

/** `GET /api/billing/recharge/query`: this organisation's orders, newest first. */
export const fetchRechargePage = async (query: PageQuery<RechargeFilters>): Promise<Page<RechargeOrder>> =>
  (await http.get<Envelope<Page<RechargeOrder>>>('/api/billing/recharge/query', { params: query })).data;

/** `GET /api/billing/recharge/get?orderNo=`: silent, because the payment modal polls it. */
export const fetchRechargeOrder = async (orderNo: string): Promise<RechargeOrder> =>
  (
    await http.get<Envelope<RechargeOrder>>('/api/billing/recharge/get', {
      params: { orderNo },
      silent: true,
    })
  ).data;

/** `POST /api/billing/recharge/close`: the payer gave up; the order is closed with the provider too. */
export const closeRecharge = async (orderNo: string): Promise<RechargeOrder> =>
  (await http.post<Envelope<RechargeOrder>>('/api/billing/recharge/close', { orderNo })).data;

/** `GET /api/billing/promotion/check?code&amountCents`: what the code takes off this amount. */
export const checkPromotion = async (code: string, amountCents: number): Promise<PromotionCheck> =>
  (
    await http.get<Envelope<PromotionCheck>>('/api/billing/promotion/check', {
      params: { code, amountCents },
    })
  ).data;

/* ---------------- ledger and bills ---------------- */

export type LedgerFilters = { kind?: LedgerKind };

/** `GET /api/billing/ledger/query`. */
export const fetchLedgerPage = async (query: PageQuery<LedgerFilters>): Promise<Page<LedgerEntry>> =>
  (await http.get<Envelope<Page<LedgerEntry>>>('/api/billing/ledger/query', { params: query })).data;

export type BillFilters = { state?: Bill['state']; period?: string };

/** `GET /api/billing/bill/query`. */
export const fetchBillPage = async (query: PageQuery<BillFilters>): Promise<Page<Bill>> =>
  (await http.get<Envelope<Page<Bill>>>('/api/billing/bill/query', { params: query })).data;

/** `POST /api/billing/bill/pay`: from the balance. */
export const payBill = async (bid: string): Promise<BillingPayment> =>
  (await http.post<Envelope<BillingPayment>>('/api/billing/bill/pay', { bid })).data;

/** `POST /api/billing/renew`: months × the plan's base fee from the balance, ahead of time. */
export const renew = async (months: number): Promise<BillingPayment> =>
  (await http.post<Envelope<BillingPayment>>('/api/billing/renew', { months })).data;

/* ---------------- invoices ---------------- */

/** `POST /api/billing/invoice/request`. */
export const requestInvoice = async (body: InvoiceRequestBody): Promise<Invoice> =>
  (await http.post<Envelope<Invoice>>('/api/billing/invoice/request', body)).data;

export type InvoiceFilters = { state?: Invoice['state'] };

/** `GET /api/billing/invoice/query`. */
export const fetchInvoicePage = async (query: PageQuery<InvoiceFilters>): Promise<Page<Invoice>> =>
  (await http.get<Envelope<Page<Invoice>>>('/api/billing/invoice/query', { params: query })).data;

/**
 * An issued invoice's PDF as a download: GET its `pdfUrl` (`/api/billing/invoice/pdf?ivid=`) with
 * the session's token, so not a plain link.
 */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'ivid' | 'pdfUrl'>) =>
  downloadFile(
    invoice.pdfUrl ?? '/api/billing/invoice/pdf',
    invoice.pdfUrl ? {} : { ivid: invoice.ivid },
    `invoice-${invoice.ivid}.pdf`,
  );

/* ---------------- announcements ---------------- */

/** `GET /api/announcement/active`: silent, since the console banner must never raise a notice. */
export const fetchActiveAnnouncements = async (): Promise<Announcement[]> =>
  (await http.get<Envelope<Announcement[]>>('/api/announcement/active', { silent: true })).data;
