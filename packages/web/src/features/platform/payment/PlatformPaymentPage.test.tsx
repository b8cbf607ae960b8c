import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { findConfirmation, makeBill, makeLedgerEntry, makePlan } from '../../billing/shared/testing';
import { ALL_ACTIONS, page, platformStaff, stubFetch, type RecordedRequest } from '../shared/testFixtures';
import { PlatformPaymentPage } from './PlatformPaymentPage';

const acme = { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' };
const paidBill = makeBill({
  bid: 'b-paid',
  period: '2030-12',
  state: 'paid',
  paidBy: 'auto',
  paidAt: Date.UTC(2031, 0, 1, 2),
  renewedUntil: '2031-01-31',
  organization: acme,
});
const unpaidBill = makeBill({ bid: 'b-unpaid', period: '2031-01', organization: acme });

let requests: RecordedRequest[];

beforeEach(() => {
  ({ requests } = stubFetch({
    'GET /api/platform/billing/bill/query': () => page([unpaidBill, paidBill]),
    'POST /api/platform/billing/bill/void': () => ({ ...paidBill, state: 'void' }),
    'POST /api/platform/billing/bill/issue': (_url, body) =>
      (body as { subDomain: string }).subDomain === 'ghost'
        ? new Response(
            JSON.stringify({
              message: 'Organisation "ghost" does not exist',
              status_code: 404,
              data: null,
              code: 'NOT_FOUND',
            }),
            { status: 404, headers: { 'Content-Type': 'application/json' } },
          )
        : makeBill({ period: (body as { period: string }).period }),
    'GET /api/platform/billing/ledger/query': () =>
      page([
        makeLedgerEntry({ organization: acme }),
        makeLedgerEntry({
          kind: 'debit',
          amountCents: -2_500,
          balanceAfterCents: 9_845,
          description: 'Correction',
          reference: null,
          operator: 'admin',
          organization: acme,
        }),
      ]),
    'POST /api/platform/billing/balance/adjust': (_url, body) =>
      makeLedgerEntry({
        kind: 'credit',
        amountCents: (body as { amountCents: number }).amountCents,
        balanceAfterCents: 99_999,
      }),
    'GET /api/platform/billing/plan/query': () => [
      makePlan(),
      makePlan({ pid: 'p-pro', name: 'Pro', isDefault: false, organizations: 0, addOns: [] }),
    ],
    'POST /api/platform/billing/plan/save': (_url, body) =>
      makePlan({ name: (body as { name: string }).name }),
    'POST /api/platform/billing/plan/delete': () => null,
    'POST /api/platform/billing/plan/assign': () => makePlan({ pid: 'p-pro', name: 'Pro' }),
  }));
  setProfile(platformStaff({ 'platform.payment': ALL_ACTIONS }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const rowOf = (text: string) => {
  const row = screen.getAllByText(text)[0]?.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

describe('PlatformPaymentPage', { timeout: 120_000 }, () => {
  it('lists every organisation’s bills with their lines, and voids one with a reason after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformPaymentPage />);
    expect(await screen.findByText('2030-12')).toBeInTheDocument();
    const paidRow = rowOf('2030-12');
    expect(within(paidRow).getAllByText('Acme Ltd').length).toBeGreaterThan(0);
    expect(within(paidRow).getByText('¥189.00')).toBeInTheDocument();
    expect(within(paidRow).getByText(/Paid automatically/)).toBeInTheDocument();

    await user.click(within(paidRow).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Add-on: Priority support')).toBeInTheDocument();
    expect(screen.getByText('Extra seats')).toBeInTheDocument();

    await user.click(within(rowOf('2030-12')).getByText('Void'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Void bill$/ }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Billed twice');
    await user.click(within(dialog).getByRole('button', { name: /Void bill$/ }));
    const confirm = await findConfirmation('Void the bill for 2030-12 of Acme Ltd?');
    expect(
      within(confirm).getByText(
        'It was paid: ¥189.00 goes back to the organisation’s balance; the validity it bought stays.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Void bill' }));
    await waitFor(() => expect(lines('POST', '/api/platform/billing/bill/void')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/bill/void')[0].body).toEqual({
      bid: 'b-paid',
      reason: 'Billed twice',
    });
  });

  it('issues a bill for an organisation and month, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformPaymentPage />);
    await screen.findByText('2030-12');
    await user.click(screen.getByRole('button', { name: /Issue a bill/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^Issue$/ }));
    expect(await within(dialog).findByText('Please enter the organisation’s sub-domain')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Sub-domain'), 'ghost');
    const month = within(dialog).getByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2031-02{enter}');
    await user.click(within(dialog).getByRole('button', { name: /^Issue$/ }));
    expect(await screen.findByText('Organisation "ghost" does not exist')).toBeInTheDocument();
    expect(lines('POST', '/api/platform/billing/bill/issue')[0].body).toEqual({
      subDomain: 'ghost',
      period: '2031-02',
    });

    await user.clear(within(dialog).getByLabelText('Sub-domain'));
    await user.type(within(dialog).getByLabelText('Sub-domain'), 'acme');
    await user.click(within(dialog).getByRole('button', { name: /^Issue$/ }));
    expect(await screen.findByText('The bill for 2031-02 has been issued')).toBeInTheDocument();
  });

  it('adjusts a balance: validated, confirmed, sent in cents', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformPaymentPage />, { path: '/?tab=ledger' });
    expect(await screen.findByText('Correction')).toBeInTheDocument();
    expect(screen.getByText('-¥25.00')).toBeInTheDocument();
    expect(screen.getByText('+¥100.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Adjust a balance/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Adjust$/ }));
    expect(await within(dialog).findByText('Please enter the organisation’s sub-domain')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the amount')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Sub-domain'), 'acme');
    await user.click(within(dialog).getByText('Debit (−)'));
    await user.type(within(dialog).getByLabelText('Amount (¥)'), '12.34');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill reversed');
    await user.click(within(dialog).getByRole('button', { name: /Adjust$/ }));
    const confirm = await findConfirmation('Debit ¥12.34 from acme?');
    await user.click(within(confirm).getByRole('button', { name: 'Adjust' }));

    await waitFor(() => expect(lines('POST', '/api/platform/billing/balance/adjust')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/balance/adjust')[0].body).toEqual({
      subDomain: 'acme',
      direction: 'debit',
      amountCents: 1_234,
      reason: 'Goodwill reversed',
    });
    expect(await screen.findByText('Balance of acme adjusted: now ¥999.99')).toBeInTheDocument();
  });

  it('creates a plan from yuan prices with an add-on, sent in cents', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformPaymentPage />, { path: '/?tab=plans' });
    expect(await screen.findByText('Pro')).toBeInTheDocument();
    expect(screen.getAllByText('5 included, then ¥20.00 each a month')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: /New plan/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));
    expect(await within(dialog).findByText('Please enter the plan’s name')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the base fee')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Team');
    await user.type(within(dialog).getByLabelText('Base fee a month (¥)'), '199.9');
    await user.clear(within(dialog).getByLabelText('Seats included'));
    await user.type(within(dialog).getByLabelText('Seats included'), '10');
    await user.type(within(dialog).getByLabelText('Each extra seat a month (¥)'), '15');
    await user.clear(within(dialog).getByLabelText('Tokens included a month'));
    await user.type(within(dialog).getByLabelText('Tokens included a month'), '2000000');
    await user.type(within(dialog).getByLabelText('Each extra million tokens (¥)'), '8.5');
    await user.click(within(dialog).getByRole('button', { name: /Add an add-on/ }));
    await user.type(within(dialog).getByLabelText('Code of add-on 1'), 'Bad Code');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));
    expect(
      await within(dialog).findByText(
        'Code of add-on 1 must be 2–32 lower-case letters, digits or _, starting with a letter',
      ),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the name of add-on 1')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Code of add-on 1'));
    await user.type(within(dialog).getByLabelText('Code of add-on 1'), 'sla');
    await user.type(within(dialog).getByLabelText('Name of add-on 1'), 'Priority support');
    await user.clear(within(dialog).getByLabelText('Monthly price of add-on 1'));
    await user.type(within(dialog).getByLabelText('Monthly price of add-on 1'), '49.99');
    await user.click(within(dialog).getByRole('button', { name: /Save$/ }));

    await waitFor(() => expect(lines('POST', '/api/platform/billing/plan/save')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/plan/save')[0].body).toEqual({
      name: 'Team',
      description: '',
      monthlyCents: 19_990,
      includedSeats: 10,
      seatMonthlyCents: 1_500,
      includedTokens: 2_000_000,
      tokenMillionCents: 850,
      addOns: [{ code: 'sla', name: 'Priority support', monthlyCents: 4_999 }],
      enabled: true,
      isDefault: false,
    });
  });

  it('assigns a plan to an organisation and deletes an unused plan after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformPaymentPage />, { path: '/?tab=plans' });
    await screen.findByText('Pro');
    await user.click(within(rowOf('Pro')).getByText('Assign'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Sub-domain'), 'acme');
    await user.click(within(dialog).getByRole('button', { name: /Assign to an organisation$/ }));
    await waitFor(() => expect(lines('POST', '/api/platform/billing/plan/assign')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/plan/assign')[0].body).toEqual({
      subDomain: 'acme',
      pid: 'p-pro',
    });
    expect(await screen.findByText('acme is now on Pro')).toBeInTheDocument();

    await user.click(within(rowOf('Pro')).getByText('Delete'));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lines('POST', '/api/platform/billing/plan/delete')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/plan/delete')[0].body).toEqual({ pid: 'p-pro' });
  });
});
