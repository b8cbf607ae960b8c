import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/*
 * Billing (issue 20): what an organisation pays for, how it tops up its balance (WeChat Pay Native
 * QR code or Alipay page pay), its monthly bills, the balance ledger, invoices, and the platform
 * staff's side of all of it (orders, bills, manual credit/debit, refunds, invoices, plans and
 * promotion codes).
 *
 * Money on this contract is integer cents (fields end in `Cents`); the organisation's wallet is its
 * owner account's `balance` and `validateUntilDate` (spec §3), so the existing user calls and this
 * contract show the same figures.
 */

export const paymentProviders = ['wechatpay', 'alipay'] as const;
export const paymentProviderSchema = z.enum(paymentProviders);
export type PaymentProviderValue = z.infer<typeof paymentProviderSchema>;

const centsSchema = z.number().int();
const positiveCentsSchema = z.coerce
  .number({ message: 'must be a number' })
  .int('must be whole cents')
  .min(1, 'must be more than 0');
const idSchema = z.string().trim().min(1, 'is required').max(64);
const reasonSchema = z.string().trim().min(1, 'is required').max(200);
/** YYYY-MM-DD. */
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
/** YYYY-MM. */
export const billPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)');

/** Smallest and largest single top-up: ¥1 to ¥100,000. */
export const rechargeMinCents = 100;
export const rechargeMaxCents = 10_000_000;
/** An unpaid recharge order expires (and is closed with the provider) after this long. */
export const rechargeOrderTtlMs = 15 * 60 * 1000;
/** Amounts the recharge page offers as buttons; any other amount may be typed. */
export const rechargePresetCents = [10_000, 50_000, 100_000, 500_000] as const;
/** Days before expiry, and balance floors, at which owners are warned (console banner and email). */
export const expiryWarningDays = [7, 3, 1] as const;

/* ---------------- plans and the organisation's subscription ---------------- */

export const planAddOnSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,31}$/, 'must be 2–32 lower-case letters, digits or _'),
  name: z.string().trim().min(1, 'is required').max(64),
  monthlyCents: centsSchema.min(0),
});
export type PlanAddOn = z.infer<typeof planAddOnSchema>;

/** A price list set by platform staff. The month's bill = base + extra seats + extra tokens + add-ons. */
export const planSchema = z.object({
  pid: z.string(),
  name: z.string(),
  description: z.string(),
  /** The base fee for one month of validity. */
  monthlyCents: centsSchema,
  includedSeats: z.number().int(),
  /** Per agent seat per month beyond includedSeats (the month's peak of seats in use). */
  seatMonthlyCents: centsSchema,
  /** Large-model tokens per month included; beyond them, tokenMillionCents per million. */
  includedTokens: z.number().int(),
  tokenMillionCents: centsSchema,
  addOns: z.array(planAddOnSchema),
  /** Offered to organisations (a retired plan keeps billing those on it). */
  enabled: z.boolean(),
  /** New organisations start on the default plan. */
  isDefault: z.boolean(),
  organizations: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Plan = z.infer<typeof planSchema>;

export const planSaveBodySchema = z.object({
  /** Absent: create. */
  pid: idSchema.optional(),
  name: z.string().trim().min(1, 'is required').max(64),
  description: z.string().trim().max(500).default(''),
  monthlyCents: z.coerce.number({ message: 'must be a number' }).int('must be whole cents').min(0),
  includedSeats: z.coerce.number({ message: 'must be a number' }).int().min(0).max(100_000),
  seatMonthlyCents: z.coerce.number({ message: 'must be a number' }).int('must be whole cents').min(0),
  includedTokens: z.coerce.number({ message: 'must be a number' }).int().min(0),
  tokenMillionCents: z.coerce.number({ message: 'must be a number' }).int('must be whole cents').min(0),
  addOns: z.array(planAddOnSchema).max(20).default([]),
  enabled: z.boolean().default(true),
  isDefault: z.boolean().default(false),
});
export type PlanSaveBody = z.input<typeof planSaveBodySchema>;

/** What the organisation is on, and what this month costs so far. GET /api/billing/overview. */
export const billingOverviewSchema = z.object({
  balanceCents: centsSchema,
  /** YYYY-MM-DD or null (no expiry). */
  validateUntilDate: z.string().nullable(),
  /** active · expiring (within the first warning day) · expired (console read-only) */
  state: z.enum(['active', 'expiring', 'expired']),
  daysLeft: z.number().int().nullable(),
  plan: planSchema.nullable(),
  addOns: z.array(z.string()),
  autoPay: z.boolean(),
  /** The running month's usage and its estimate at the plan's prices. */
  usage: z.object({
    period: z.string(),
    peakSeats: z.number().int(),
    seatsToday: z.number().int(),
    tokens: z.number().int(),
    estimateCents: centsSchema,
  }),
  unpaidBills: z.number().int(),
  unpaidCents: centsSchema,
  /** Payment methods both configured on the server and switched on in the user's settings (spec §3). */
  providers: z.array(paymentProviderSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const planIdBodySchema = z.object({ pid: idSchema });
/** Platform staff put an organisation (by sub-domain) on a plan. */
export const planAssignBodySchema = z.object({ subDomain: idSchema, pid: idSchema });
export type PlanAssignBody = z.input<typeof planAssignBodySchema>;
/** Platform staff: one organisation's overview (GET /api/platform/billing/overview). */
export const subDomainQuerySchema = z.object({ subDomain: idSchema });

export const billingSettingsBodySchema = z.object({
  autoPay: z.boolean().optional(),
  addOns: z.array(z.string().trim().min(1).max(32)).max(20).optional(),
});
export type BillingSettingsBody = z.input<typeof billingSettingsBodySchema>;

export const usageDaySchema = z.object({
  day: z.string(),
  seats: z.number().int(),
  tokens: z.number().int(),
});
export type UsageDay = z.infer<typeof usageDaySchema>;
export const usageQuerySchema = z.object({ from: daySchema, to: daySchema });

/* ---------------- recharge orders ---------------- */

export const rechargeOrderStates = ['pending', 'paid', 'closed', 'refunded'] as const;
export const rechargeOrderStateSchema = z.enum(rechargeOrderStates);
export type RechargeOrderState = z.infer<typeof rechargeOrderStateSchema>;

export const rechargeOrderSchema = z.object({
  /** Our order number (the provider's out_trade_no). */
  orderNo: z.string(),
  provider: paymentProviderSchema,
  /** Credited to the balance when paid. */
  amountCents: centsSchema,
  /** What the payer pays: amount less the promotion. */
  payCents: centsSchema,
  discountCents: centsSchema,
  promotionCode: z.string().nullable(),
  state: rechargeOrderStateSchema,
  /** WeChat Pay: the code_url to draw as a QR code, while pending. */
  codeUrl: z.string().nullable(),
  /** Alipay: the cashier page, while pending. */
  payUrl: z.string().nullable(),
  expiresAt: z.number(),
  transactionId: z.string().nullable(),
  paidAt: z.number().nullable(),
  refundedCents: centsSchema,
  /**
   * For platform staff: `amountMismatch:<paid cents>` (paid, not credited), `paidAfterClose` (credited after
   * the order was closed or expired), `secondTransaction:<id>` (another payment for a paid order, not credited).
   */
  flag: z.string().nullable(),
  createdAt: z.number(),
  /** Platform lists only. */
  organization: z.object({ oid: z.string(), name: z.string(), subDomain: z.string() }).optional(),
  createdBy: z.string().nullable(),
});
export type RechargeOrder = z.infer<typeof rechargeOrderSchema>;

export const rechargeCreateBodySchema = z.object({
  provider: paymentProviderSchema,
  amountCents: positiveCentsSchema.pipe(
    z.number().min(rechargeMinCents, 'must be at least ¥1').max(rechargeMaxCents, 'must be at most ¥100,000'),
  ),
  promotionCode: z.string().trim().max(32).optional(),
});
export type RechargeCreateBody = z.input<typeof rechargeCreateBodySchema>;

/** Checks a promotion code before paying: what it takes off this amount. */
export const promotionCheckQuerySchema = z.object({
  code: z.string().trim().min(1, 'is required').max(32),
  amountCents: positiveCentsSchema,
});
export const promotionCheckSchema = z.object({
  code: z.string(),
  discountCents: centsSchema,
  payCents: centsSchema,
});
export type PromotionCheck = z.infer<typeof promotionCheckSchema>;

export const rechargeQuerySchema = pageQuerySchema.extend({
  state: rechargeOrderStateSchema.optional(),
  provider: paymentProviderSchema.optional(),
  /** Platform lists: one organisation (sub-domain) or order number. */
  subDomain: z.string().trim().max(64).optional(),
  orderNo: z.string().trim().max(64).optional(),
});
export const orderNoBodySchema = z.object({ orderNo: idSchema });

/* ---------------- bills ---------------- */

export const billLineKinds = ['base', 'seats', 'tokens', 'addon', 'adjustment'] as const;
export const billLineSchema = z.object({
  kind: z.enum(billLineKinds),
  /** Add-on code, or a description for adjustments. */
  label: z.string(),
  quantity: z.number(),
  unitCents: centsSchema,
  amountCents: centsSchema,
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billStates = ['unpaid', 'paid', 'void'] as const;
export const billSchema = z.object({
  bid: z.string(),
  period: z.string(),
  lines: z.array(billLineSchema),
  totalCents: centsSchema,
  state: z.enum(billStates),
  /** auto (from the balance when issued) · manual (paid by a user) · null while unpaid */
  paidBy: z.enum(['auto', 'manual']).nullable(),
  paidAt: z.number().nullable(),
  /** The validity the payment extended to. */
  renewedUntil: z.string().nullable(),
  dueAt: z.number(),
  /** An invoice was requested for it (its state). */
  invoiceState: z.enum(['requested', 'issued', 'rejected']).nullable(),
  createdAt: z.number(),
  organization: z.object({ oid: z.string(), name: z.string(), subDomain: z.string() }).optional(),
});
export type Bill = z.infer<typeof billSchema>;

export const billQuerySchema = pageQuerySchema.extend({
  state: z.enum(billStates).optional(),
  period: billPeriodSchema.optional(),
  subDomain: z.string().trim().max(64).optional(),
});
export const billIdBodySchema = z.object({ bid: idSchema });
export const billGetQuerySchema = z.object({ bid: idSchema });
export const billVoidBodySchema = z.object({ bid: idSchema, reason: reasonSchema });
/** Platform staff issue one organisation's bill for a month now (tests, corrections after a void). */
export const billIssueBodySchema = z.object({ subDomain: idSchema, period: billPeriodSchema });
/** Pay months × the plan's base fee from the balance ahead of time, extending validity. */
export const billingRenewBodySchema = z.object({
  months: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1–36')
    .max(36, 'must be 1–36'),
});
export type BillingRenewBody = z.input<typeof billingRenewBodySchema>;
/** What a payment or renewal did. */
export const billingPaymentSchema = z.object({
  balanceCents: centsSchema,
  validateUntilDate: z.string().nullable(),
  /** The bill paid (absent for a renewal). */
  bill: billSchema.optional(),
});
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

/* ---------------- the balance ledger ---------------- */

/** Every movement of an organisation's balance; their sum is always the balance. */
export const ledgerKinds = [
  'recharge',
  'bill',
  'refund',
  'credit',
  'debit',
  'renew',
  'balance',
  'validity',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];
export const ledgerEntrySchema = z.object({
  kind: z.enum(ledgerKinds),
  amountCents: centsSchema,
  balanceAfterCents: centsSchema,
  validateUntilDate: z.string().nullable(),
  description: z.string(),
  /** The order or bill it came from. */
  reference: z.string().nullable(),
  operator: z.string().nullable(),
  createdAt: z.number(),
  /** Platform lists only. */
  organization: z.object({ oid: z.string(), name: z.string(), subDomain: z.string() }).optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerQuerySchema = pageQuerySchema.extend({
  kind: z.enum(ledgerKinds).optional(),
  subDomain: z.string().trim().max(64).optional(),
});

/** Platform staff: credit (+) or debit (−) an organisation's balance with a reason. */
export const balanceAdjustBodySchema = z.object({
  subDomain: idSchema,
  direction: z.enum(['credit', 'debit']),
  amountCents: positiveCentsSchema,
  reason: reasonSchema,
});
export type BalanceAdjustBody = z.input<typeof balanceAdjustBodySchema>;

export const refundBodySchema = z.object({
  orderNo: idSchema,
  amountCents: positiveCentsSchema,
  reason: reasonSchema,
});
export type RefundBody = z.input<typeof refundBodySchema>;

/* ---------------- invoices ---------------- */

export const invoiceStates = ['requested', 'issued', 'rejected'] as const;
export const invoiceSchema = z.object({
  ivid: z.string(),
  /** The paid bills it covers. */
  bills: z.array(z.object({ bid: z.string(), period: z.string(), totalCents: centsSchema })),
  amountCents: centsSchema,
  title: z.string(),
  taxId: z.string(),
  email: z.string(),
  state: z.enum(invoiceStates),
  rejectReason: z.string().nullable(),
  /** Set when issued: GET it (signed in) for the PDF. */
  pdfUrl: z.string().nullable(),
  requestedAt: z.number(),
  decidedAt: z.number().nullable(),
  organization: z.object({ oid: z.string(), name: z.string(), subDomain: z.string() }).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceRequestBodySchema = z.object({
  bids: z.array(idSchema).min(1, 'choose at least one paid bill').max(24),
  title: z.string().trim().min(1, 'is required').max(100),
  /** A Chinese unified social credit code (18) or another tax number (6–20 letters/digits). */
  taxId: z
    .string()
    .trim()
    .regex(/^[0-9A-Z]{6,20}$/, 'must be 6–20 capital letters or digits'),
  email: z.string().trim().email('must be an email address').max(120),
});
export type InvoiceRequestBody = z.input<typeof invoiceRequestBodySchema>;

export const invoiceQuerySchema = pageQuerySchema.extend({
  state: z.enum(invoiceStates).optional(),
  subDomain: z.string().trim().max(64).optional(),
});
/** Issue with an uploaded PDF (multipart `file`, form field `ivid`) or generate one (this body). */
export const invoiceIssueBodySchema = z.object({ ivid: idSchema });
export const invoiceRejectBodySchema = z.object({ ivid: idSchema, reason: reasonSchema });
export const invoicePdfQuerySchema = z.object({ ivid: idSchema });

/* ---------------- marketing: promotion codes and announcements ---------------- */

export const promotionSchema = z.object({
  prid: z.string(),
  code: z.string(),
  /** percent: `value` % off (1–100) · amount: `value` cents off */
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  /** The smallest recharge the code applies to. */
  minCents: centsSchema,
  startsAt: z.number(),
  endsAt: z.number(),
  /** Uses allowed in all (null: unlimited); one use per organisation. */
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const promotionSaveBodySchema = z
  .object({
    prid: idSchema.optional(),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'must be 3–32 letters, digits, _ or -'),
    kind: z.enum(['percent', 'amount']),
    value: z.coerce.number({ message: 'must be a number' }).int().min(1, 'must be more than 0'),
    minCents: z.coerce.number({ message: 'must be a number' }).int().min(0).default(0),
    startsAt: z.number().int(),
    endsAt: z.number().int(),
    usageLimit: z.coerce.number().int().min(1).nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && body.value > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be at most 100 (%)' });
    if (body.endsAt <= body.startsAt)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
  });
export type PromotionSaveBody = z.input<typeof promotionSaveBodySchema>;
export const promotionIdBodySchema = z.object({ prid: idSchema });

export const announcementSchema = z.object({
  anid: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** Shown in the console's banner between these times. */
  startsAt: z.number(),
  endsAt: z.number(),
  /** Also shown on the sign-in page. */
  onLoginPage: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementSaveBodySchema = z
  .object({
    anid: idSchema.optional(),
    title: z.string().trim().min(1, 'is required').max(100),
    content: z.string().max(20_000).default(''),
    startsAt: z.number().int(),
    endsAt: z.number().int(),
    onLoginPage: z.boolean().default(false),
    enabled: z.boolean().default(true),
  })
  .refine((body) => body.endsAt > body.startsAt, { path: ['endsAt'], message: 'must be after the start' });
export type AnnouncementSaveBody = z.input<typeof announcementSaveBodySchema>;
export const announcementIdBodySchema = z.object({ anid: idSchema });

/* ---------------- real time ---------------- */

/** Pushed to the organisation's consoles when an order changes state (the QR page turns to paid). */
export const rechargeOrderEventSchema = z.object({ orderNo: z.string(), state: rechargeOrderStateSchema });
