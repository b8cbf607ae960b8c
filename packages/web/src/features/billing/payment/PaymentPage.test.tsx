import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import type { BillingOverview } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page, stubFetch, type RecordedRequest } from '../../platform/shared/testFixtures';
import { findConfirmation, makeBill, makeLedgerEntry, makeOverview } from '../shared/testing';
import { PaymentPage } from './PaymentPage';
import { fillDays, usageChartOption } from './UsageChart';

let requests: RecordedRequest[];
let overview: BillingOverview;

const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ message, status_code: status, data: null, code: 'FORBIDDEN' }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  overview = makeOverview({ balanceCents: 10_000, unpaidBills: 2, unpaidCents: 28_800 });
  ({ requests } = stubFetch({
    'GET /api/billing/overview': () => overview,
    'GET /api/billing/usage': () => [
      { day: '2031-01-01', seats: 3, tokens: 120_000 },
      { day: '2031-01-02', seats: 5, tokens: 80_000 },
    ],
    'GET /api/billing/bill/query': () =>
      page([
        makeBill({ bid: 'b-big', period: '2031-01', totalCents: 18_900 }),
        makeBill({ bid: 'b-small', period: '2030-12', totalCents: 9_900 }),
        makeBill({
          bid: 'b-paid',
          period: '2030-11',
          state: 'paid',
          paidBy: 'manual',
          paidAt: Date.UTC(2030, 11, 2),
          invoiceState: 'issued',
        }),
      ]),
    'POST /api/billing/bill/pay': () => {
      overview = { ...overview, balanceCents: 100 };
      return { balanceCents: 100, validateUntilDate: '2031-02-28' };
    },
    'POST /api/billing/renew': () => ({ balanceCents: 100, validateUntilDate: '2031-12-31' }),
    'POST /api/billing/settings': () =>
      refusal(402, 'The organisation expired on 2030-12-31: the console is read-only until a bill is paid'),
    'GET /api/billing/ledger/query': () =>
      page([
        makeLedgerEntry(),
        makeLedgerEntry({
          kind: 'bill',
          amountCents: -9_900,
          balanceAfterCents: 2_445,
          description: 'Bill 2030-11',
          reference: 'b-paid',
          operator: null,
        }),
      ]),
  }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const Where = () => <span data-testid="where">{useLocation().pathname}</span>;

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <PaymentPage />
            <Where />
          </>
        }
      />
    </Routes>,
  );

describe('PaymentPage', { timeout: 120_000 }, () => {
  it('shows the overview, the bills with their lines, and the ledger with signed amounts', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Billing overview')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('¥100.00')).toBeInTheDocument();
    expect(screen.getByText('2 unpaid bills')).toBeInTheDocument();
    expect(screen.getByText('Estimate for 2031-01')).toBeInTheDocument();

    expect(await screen.findByText('2031-01')).toBeInTheDocument();
    expect(within(rowOf('2030-11')).getByText('Issued')).toBeInTheDocument();
    expect(within(rowOf('2030-11')).queryByText('Pay')).toBeNull();
    await user.click(within(rowOf('2031-01')).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Add-on: Priority support')).toBeInTheDocument();

    expect(await screen.findByText('Bill 2030-11')).toBeInTheDocument();
    expect(screen.getByText('-¥99.00').className).toMatch(/danger/);
    expect(screen.getByText('+¥100.00').className).toMatch(/success/);
    expect(within(rowOf('Bill 2030-11')).getByText('System')).toBeInTheDocument();
  });

  it('explains the shortfall and leads to the recharge page when the balance cannot pay a bill', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2031-01');
    await user.click(within(rowOf('2031-01')).getByText('Pay'));
    expect(
      await screen.findByText(
        'Paying the bill for 2031-01 needs ¥189.00, but the balance is ¥100.00: ¥89.00 short.',
      ),
    ).toBeInTheDocument();
    expect(lines('POST', '/api/billing/bill/pay')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Recharge' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/stable/settings/recharge');
  });

  it('pays a bill the balance covers after a confirmation', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('2030-12');
    await user.click(within(rowOf('2030-12')).getByText('Pay'));
    const confirm = await findConfirmation('Pay the bill for 2030-12 (¥99.00) from the balance?');
    expect(within(confirm).getByText('The balance afterwards: ¥1.00.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(lines('POST', '/api/billing/bill/pay')).toHaveLength(1));
    expect(lines('POST', '/api/billing/bill/pay')[0].body).toEqual({ bid: 'b-small' });
    expect(await screen.findByText('The bill for 2030-12 is paid. Balance: ¥1.00')).toBeInTheDocument();
  });

  it('renews ahead: months checked, the cost shown, paid after a confirmation or sent to recharge', async () => {
    overview = makeOverview({ balanceCents: 50_000 });
    const user = userEvent.setup();
    renderPage();
    const months = await screen.findByLabelText('Months');
    expect(screen.getByText('Costs ¥1,188.00')).toBeInTheDocument();
    await user.clear(months);
    await user.type(months, '37');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(await screen.findByText('Months must be a whole number from 1 to 36')).toBeInTheDocument();

    // 12 months cost more than the balance.
    await user.clear(months);
    await user.type(months, '12');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(
      await screen.findByText(
        'Paying a renewal of 12 months needs ¥1,188.00, but the balance is ¥500.00: ¥688.00 short.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.clear(months);
    await user.type(months, '3');
    expect(await screen.findByText('Costs ¥297.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const confirm = await findConfirmation('Renew for 3 months, paying ¥297.00 from the balance?');
    await user.click(within(confirm).getByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(lines('POST', '/api/billing/renew')).toHaveLength(1));
    expect(lines('POST', '/api/billing/renew')[0].body).toEqual({ months: 3 });
    expect(await screen.findByText('Renewed: valid until 2031-12-31')).toBeInTheDocument();
  });

  it('shows the server’s reason when a change is refused (an expired organisation is read-only)', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Pay bills from the balance automatically' }));
    await waitFor(() => expect(lines('POST', '/api/billing/settings')).toHaveLength(1));
    expect(lines('POST', '/api/billing/settings')[0].body).toEqual({ autoPay: true });
    expect(
      await screen.findByText(
        'The organisation expired on 2030-12-31: the console is read-only until a bill is paid',
      ),
    ).toBeInTheDocument();
  });

  it('fills the days without usage with zeros', () => {
    expect(fillDays('2031-01-30', '2031-02-02', [{ day: '2031-01-31', seats: 2, tokens: 10 }])).toEqual([
      { day: '2031-01-30', seats: 0, tokens: 0 },
      { day: '2031-01-31', seats: 2, tokens: 10 },
      { day: '2031-02-01', seats: 0, tokens: 0 },
      { day: '2031-02-02', seats: 0, tokens: 0 },
    ]);
  });

  it('draws seats and tokens on two axes', () => {
    const option = usageChartOption(
      [
        { day: '2031-01-01', seats: 3, tokens: 120_000 },
        { day: '2031-01-02', seats: 5, tokens: 80_000 },
      ],
      { seats: 'Seats', tokens: 'Tokens' },
    );
    expect(option.xAxis).toEqual({ type: 'category', data: ['2031-01-01', '2031-01-02'] });
    expect(option.series).toEqual([
      { name: 'Seats', type: 'bar', data: [3, 5], yAxisIndex: 0 },
      { name: 'Tokens', type: 'line', data: [120_000, 80_000], yAxisIndex: 1 },
    ]);
  });
});
