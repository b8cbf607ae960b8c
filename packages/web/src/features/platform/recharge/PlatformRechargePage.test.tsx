import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RechargeOrder } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { findConfirmation, makeOrder } from '../../billing/shared/testing';
import { ALL_ACTIONS, page, platformStaff, stubFetch, type RecordedRequest } from '../shared/testFixtures';
import { PlatformRechargePage } from './PlatformRechargePage';

const acme = { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' };
const bob = { oid: 'o2', name: 'Bob Shop', subDomain: 'bobshop' };

const paid = makeOrder({
  orderNo: 'R-PAID',
  state: 'paid',
  amountCents: 50_000,
  payCents: 45_000,
  discountCents: 5_000,
  promotionCode: 'SPRING10',
  refundedCents: 5_000,
  paidAt: Date.UTC(2031, 0, 2, 3, 4),
  transactionId: 'wx-4200001',
  organization: acme,
});
const pending = makeOrder({ orderNo: 'R-OPEN', organization: bob });
const flagged = makeOrder({
  orderNo: 'R-FLAG',
  state: 'paid',
  paidAt: Date.UTC(2031, 0, 3),
  flag: 'secondTransaction:wx-999',
  organization: bob,
});

let requests: RecordedRequest[];

beforeEach(() => {
  ({ requests } = stubFetch({
    'GET /api/platform/billing/recharge/query': (url) => {
      const state = url.searchParams.get('state');
      const rows: RechargeOrder[] = [paid, pending, flagged];
      return page(state ? rows.filter((row) => row.state === state) : rows, state ? undefined : 45);
    },
    'POST /api/platform/billing/refund': (_url, body) =>
      (body as { amountCents: number }).amountCents > 40_000
        ? jsonResponse(null, 400)
        : {
            ...paid,
            state: 'refunded',
            refundedCents: 5_000 + (body as { amountCents: number }).amountCents,
          },
  }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('PlatformRechargePage', { timeout: 120_000 }, () => {
  it('lists every organisation’s orders and filters by sub-domain, state and order number', async () => {
    setProfile(platformStaff({ 'platform.recharge': ALL_ACTIONS }));
    const user = userEvent.setup();
    renderWithProviders(<PlatformRechargePage />);
    expect(await screen.findByText('R-PAID')).toBeInTheDocument();
    expect(lines('GET', '/api/platform/billing/recharge/query')[0].search).toBe('?page=0&size=20&client=web');
    const paidRow = rowOf('R-PAID');
    expect(within(paidRow).getByText('Acme Ltd')).toBeInTheDocument();
    expect(within(paidRow).getByText('¥450.00')).toBeInTheDocument();
    expect(within(paidRow).getByText('SPRING10')).toBeInTheDocument();
    expect(within(paidRow).getByText('Paid · ¥50.00 refunded')).toBeInTheDocument();
    expect(within(rowOf('R-OPEN')).getByText('Awaiting payment')).toBeInTheDocument();
    // Only paid orders with something left offer a refund.
    expect(within(paidRow).getByText('Refund')).toBeInTheDocument();
    expect(within(rowOf('R-OPEN')).queryByText('Refund')).toBeNull();

    await user.type(screen.getByLabelText('Sub-domain'), 'acme');
    await user.type(screen.getByLabelText('Order no.'), 'R-PAID');
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    await waitFor(() => {
      const last = new URLSearchParams(lines('GET', '/api/platform/billing/recharge/query').at(-1)?.search);
      expect(Object.fromEntries(last)).toEqual({
        page: '0',
        size: '20',
        subDomain: 'acme',
        orderNo: 'R-PAID',
        client: 'web',
      });
    });
  });

  it('refunds part of a paid order: at most what is left, with a reason, after a confirmation', async () => {
    setProfile(platformStaff({ 'platform.recharge': ALL_ACTIONS }));
    const user = userEvent.setup();
    renderWithProviders(<PlatformRechargePage />);
    await screen.findByText('R-PAID');
    await user.click(within(rowOf('R-PAID')).getByText('Refund'));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Paid ¥450.00, refunded so far ¥50.00: at most ¥400.00 can be refunded.'),
    ).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Amount to refund (¥)');
    expect(amount).toHaveValue('400.00');

    await user.clear(amount);
    await user.type(amount, '400.01');
    await user.click(within(dialog).getByRole('button', { name: /Refund$/ }));
    expect(
      await within(dialog).findByText('Amount to refund must be more than ¥0 and at most ¥400.00'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Please give the reason for the refund')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '120.5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: /Refund$/ }));

    // Money moves only after the confirmation; cancelling it keeps the form.
    const confirm = await findConfirmation('Refund ¥120.50 of order R-PAID?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(lines('POST', '/api/platform/billing/refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /Refund$/ }));
    const again = await findConfirmation('Refund ¥120.50 of order R-PAID?');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(lines('POST', '/api/platform/billing/refund')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/refund')[0].body).toEqual({
      orderNo: 'R-PAID',
      amountCents: 12_050,
      reason: 'Customer asked',
    });
    expect(await screen.findByText('Order R-PAID has been refunded')).toBeInTheDocument();
  });

  it('shows an order’s details, with the staff warning in words', async () => {
    setProfile(platformStaff({ 'platform.recharge': ['query', 'get'] }));
    const user = userEvent.setup();
    renderWithProviders(<PlatformRechargePage />);
    await screen.findByText('R-FLAG');
    // Without the edit action there is no refund.
    expect(within(rowOf('R-PAID')).queryByText('Refund')).toBeNull();
    await user.click(within(rowOf('R-PAID')).getByText('Details'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Order R-PAID')).toBeInTheDocument();
    expect(within(drawer).getByText('wx-4200001')).toBeInTheDocument();
    expect(within(drawer).getByText('-¥50.00 (SPRING10)')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: /close/i }));

    await user.click(screen.getByText('R-FLAG'));
    expect(
      await screen.findByText(
        'A second payment (wx-999) arrived for this paid order and was not credited: refund it.',
      ),
    ).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.recharge': ALL_ACTIONS }));
    renderWithProviders(<PlatformRechargePage />);
    await screen.findByText('R-PAID');
    expect(screen.getByText('充值订单')).toBeInTheDocument();
    expect(within(rowOf('R-OPEN')).getByText('待支付')).toBeInTheDocument();
    expect(within(rowOf('R-PAID')).getByText('退款')).toBeInTheDocument();
  });
});
