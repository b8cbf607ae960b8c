import { screen } from '@testing-library/react';
import type {
  Announcement,
  Bill,
  BillingOverview,
  Invoice,
  LedgerEntry,
  Plan,
  Promotion,
  RechargeOrder,
} from '@openkefu/contract';

/* Test fixtures of the billing pages (organisation and platform). Money in cents, times in ms. */

export const makePlan = (overrides: Partial<Plan> = {}): Plan => ({
  pid: 'p-standard',
  name: 'Standard',
  description: 'For small teams',
  monthlyCents: 9_900,
  includedSeats: 5,
  seatMonthlyCents: 2_000,
  includedTokens: 1_000_000,
  tokenMillionCents: 1_000,
  addOns: [{ code: 'sla', name: 'Priority support', monthlyCents: 5_000 }],
  enabled: true,
  isDefault: true,
  organizations: 3,
  createdAt: Date.UTC(2025, 0, 1),
  updatedAt: Date.UTC(2025, 0, 1),
  ...overrides,
});

export const makeOverview = (overrides: Partial<BillingOverview> = {}): BillingOverview => ({
  balanceCents: 12_345,
  validateUntilDate: '2031-06-30',
  state: 'active',
  daysLeft: 400,
  plan: makePlan(),
  addOns: [],
  autoPay: false,
  usage: { period: '2031-01', peakSeats: 6, seatsToday: 4, tokens: 1_500_000, estimateCents: 12_400 },
  unpaidBills: 1,
  unpaidCents: 20_000,
  providers: ['wechatpay', 'alipay'],
  ...overrides,
});

export const makeOrder = (overrides: Partial<RechargeOrder> = {}): RechargeOrder => ({
  orderNo: 'R20310101000001',
  provider: 'wechatpay',
  amountCents: 10_000,
  payCents: 10_000,
  discountCents: 0,
  promotionCode: null,
  state: 'pending',
  codeUrl: 'weixin://wxpay/bizpayurl?pr=abc',
  payUrl: null,
  expiresAt: Date.now() + 15 * 60 * 1000,
  transactionId: null,
  paidAt: null,
  refundedCents: 0,
  flag: null,
  createdAt: Date.UTC(2031, 0, 1, 8),
  createdBy: 'ada',
  ...overrides,
});

export const makeBill = (overrides: Partial<Bill> = {}): Bill => ({
  bid: 'b-2031-01',
  period: '2031-01',
  lines: [
    { kind: 'base', label: '', quantity: 1, unitCents: 9_900, amountCents: 9_900 },
    { kind: 'seats', label: '', quantity: 2, unitCents: 2_000, amountCents: 4_000 },
    { kind: 'addon', label: 'Priority support', quantity: 1, unitCents: 5_000, amountCents: 5_000 },
  ],
  totalCents: 18_900,
  state: 'unpaid',
  paidBy: null,
  paidAt: null,
  renewedUntil: null,
  dueAt: Date.UTC(2031, 1, 10),
  invoiceState: null,
  createdAt: Date.UTC(2031, 1, 1),
  ...overrides,
});

export const makeLedgerEntry = (overrides: Partial<LedgerEntry> = {}): LedgerEntry => ({
  kind: 'recharge',
  amountCents: 10_000,
  balanceAfterCents: 12_345,
  validateUntilDate: '2031-06-30',
  description: 'WeChat Pay recharge',
  reference: 'R20310101000001',
  operator: 'ada',
  createdAt: Date.UTC(2031, 0, 1, 9),
  ...overrides,
});

export const makeInvoice = (overrides: Partial<Invoice> = {}): Invoice => ({
  ivid: 'iv-1',
  bills: [{ bid: 'b-2030-12', period: '2030-12', totalCents: 9_900 }],
  amountCents: 9_900,
  title: 'Acme Ltd',
  taxId: '91310000MA1FL8XQ3T',
  email: 'finance@acme.example',
  state: 'requested',
  rejectReason: null,
  pdfUrl: null,
  requestedAt: Date.UTC(2031, 0, 5),
  decidedAt: null,
  ...overrides,
});

export const makePromotion = (overrides: Partial<Promotion> = {}): Promotion => ({
  prid: 'pr-1',
  code: 'SPRING10',
  kind: 'percent',
  value: 10,
  minCents: 10_000,
  startsAt: Date.UTC(2031, 2, 1),
  endsAt: Date.UTC(2031, 4, 1),
  usageLimit: 100,
  used: 7,
  enabled: true,
  createdAt: Date.UTC(2031, 1, 1),
  ...overrides,
});

export const makeAnnouncement = (overrides: Partial<Announcement> = {}): Announcement => ({
  anid: 'an-1',
  title: 'Maintenance on Sunday',
  content: '<p>The service pauses from 02:00 to 03:00.</p>',
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + 86_400_000,
  onLoginPage: false,
  enabled: true,
  createdAt: Date.UTC(2031, 0, 1),
  ...overrides,
});

/**
 * The confirmation asked after a form (antd's modal.confirm): found by its title, which may be
 * rendered twice (visible and for screen readers). One cancelled before may still be in the
 * document, fading out: the newest is last.
 */
export const findConfirmation = async (title: string): Promise<HTMLElement> => {
  const modal = (await screen.findAllByText(title)).at(-1)?.closest('.ant-modal');
  if (!(modal instanceof HTMLElement)) throw new Error(`no confirmation ${title}`);
  return modal;
};
