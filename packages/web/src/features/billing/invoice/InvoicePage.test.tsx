import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page, stubFetch, type RecordedRequest } from '../../platform/shared/testFixtures';
import { makeBill, makeInvoice } from '../shared/testing';
import { InvoicePage } from './InvoicePage';

let requests: RecordedRequest[];

const paidBill = (
  period: string,
  totalCents: number,
  invoiceState: 'requested' | 'issued' | 'rejected' | null = null,
) =>
  makeBill({
    bid: `b-${period}`,
    period,
    totalCents,
    state: 'paid',
    paidBy: 'manual',
    paidAt: Date.UTC(2031, 0, 1),
    invoiceState,
  });

beforeEach(() => {
  ({ requests } = stubFetch({
    'GET /api/billing/invoice/query': () =>
      page([
        makeInvoice({ ivid: 'iv-1', state: 'rejected', rejectReason: 'Tax ID does not match the title' }),
        makeInvoice({
          ivid: 'iv-2',
          bills: [{ bid: 'b-2030-11', period: '2030-11', totalCents: 9_900 }],
          state: 'issued',
          pdfUrl: '/api/billing/invoice/pdf?ivid=iv-2',
        }),
      ]),
    'GET /api/billing/bill/query': () =>
      page([
        paidBill('2031-01', 18_900),
        paidBill('2030-12', 9_900, 'rejected'),
        paidBill('2030-11', 9_900, 'issued'),
      ]),
    'POST /api/billing/invoice/request': () => makeInvoice(),
  }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

describe('InvoicePage', { timeout: 120_000 }, () => {
  it('lists my invoices: a rejection with its reason, the PDF of an issued one', async () => {
    renderWithProviders(<InvoicePage />);
    expect(await screen.findByText('Reason: Tax ID does not match the title')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Issued')).toBeInTheDocument();
    const issuedRow = screen.getByText('2030-11').closest('tr') as HTMLElement;
    expect(within(issuedRow).getByText('PDF')).toBeInTheDocument();
    expect(lines('GET', '/api/billing/invoice/query')[0].search).toBe('?page=0&size=20&client=web');
  });

  it('validates the request with messages naming each field, then sends it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InvoicePage />);
    await screen.findByText('Reason: Tax ID does not match the title');
    await user.click(screen.getByRole('button', { name: /Request an invoice/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Request$/ }));
    expect(await within(dialog).findByText('Please choose at least one paid bill')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the invoice title')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the tax ID')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the email address')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Tax ID/), '12-34');
    await user.type(within(dialog).getByLabelText(/Email/), 'finance@');
    expect(
      await within(dialog).findByText('Tax ID must be 6–20 capital letters or digits'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Email must be a valid email address')).toBeInTheDocument();

    // Only paid bills without a live invoice are offered.
    await user.click(within(dialog).getByLabelText(/Paid bills/));
    expect(await screen.findByTitle('2031-01 · ¥189.00')).toBeInTheDocument();
    expect(screen.getByTitle('2030-12 · ¥99.00')).toBeInTheDocument();
    expect(screen.queryByTitle('2030-11 · ¥99.00')).toBeNull();
    await user.click(screen.getByTitle('2031-01 · ¥189.00'));
    await user.click(screen.getByTitle('2030-12 · ¥99.00'));
    expect(await within(dialog).findByText('Invoice amount: ¥288.00')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Invoice title/), 'Acme Ltd');
    await user.clear(within(dialog).getByLabelText(/Tax ID/));
    await user.type(within(dialog).getByLabelText(/Tax ID/), '91310000ma1fl8xq3t');
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'finance@acme.example');
    await user.click(within(dialog).getByRole('button', { name: /Request$/ }));

    await waitFor(() => expect(lines('POST', '/api/billing/invoice/request')).toHaveLength(1));
    expect(lines('POST', '/api/billing/invoice/request')[0].body).toEqual({
      bids: ['b-2031-01', 'b-2030-12'],
      title: 'Acme Ltd',
      taxId: '91310000MA1FL8XQ3T',
      email: 'finance@acme.example',
    });
    expect(
      await screen.findByText('Invoice requested. It will be sent to finance@acme.example once issued.'),
    ).toBeInTheDocument();
  });
});
