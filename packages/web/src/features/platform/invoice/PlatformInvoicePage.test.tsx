import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { findConfirmation, makeInvoice } from '../../billing/shared/testing';
import { ALL_ACTIONS, page, platformStaff, stubFetch, type RecordedRequest } from '../shared/testFixtures';
import { PlatformInvoicePage } from './PlatformInvoicePage';

const acme = { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' };
const requested = makeInvoice({ organization: acme });
const issued = makeInvoice({
  ivid: 'iv-2',
  title: 'Bob Shop',
  state: 'issued',
  pdfUrl: '/api/billing/invoice/pdf?ivid=iv-2',
  decidedAt: Date.UTC(2031, 0, 6),
  organization: { oid: 'o2', name: 'Bob Shop', subDomain: 'bobshop' },
});
const rejected = makeInvoice({
  ivid: 'iv-3',
  title: 'Carol Co',
  state: 'rejected',
  rejectReason: 'Tax ID does not match the title',
  organization: { oid: 'o3', name: 'Carol Co', subDomain: 'carolco' },
});

let requests: RecordedRequest[];
let forms: FormData[];

beforeEach(() => {
  ({ requests } = stubFetch({
    'GET /api/platform/billing/invoice/query': (url) =>
      page(url.searchParams.get('state') === 'requested' ? [requested] : [requested, issued, rejected]),
    'POST /api/platform/billing/invoice/issue': () => ({ ...requested, state: 'issued' }),
    'POST /api/platform/billing/invoice/reject': () => ({ ...requested, state: 'rejected' }),
    'GET /api/billing/invoice/pdf': () =>
      new Response(new Blob(['%PDF-1.4']), {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="invoice-iv-2.pdf"',
        },
      }),
  }));
  // Multipart bodies are not JSON: keep them to look inside.
  forms = [];
  const recorded = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.body instanceof FormData) forms.push(init.body);
      return recorded(input, init);
    }),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }),
  );
  setProfile(platformStaff({ 'platform.invoice': ALL_ACTIONS }));
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

const pdf = (name = 'invoice.pdf', size?: number) => {
  const file = new File(['%PDF-1.4 test'], name, {
    type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('PlatformInvoicePage', { timeout: 120_000 }, () => {
  it('lists the requests with their state, the reason of a rejection, and filters by state', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformInvoicePage />);
    expect(await screen.findByText('carolco')).toBeInTheDocument();
    expect(within(rowOf('carolco')).getByText('Reason: Tax ID does not match the title')).toBeInTheDocument();
    expect(within(rowOf('bobshop')).getByText('PDF')).toBeInTheDocument();
    expect(within(rowOf('acme')).getByText('Issue')).toBeInTheDocument();

    await user.click(screen.getByLabelText('State'));
    await user.click(await screen.findByTitle('Requested'));
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    await waitFor(() =>
      expect(
        new URLSearchParams(lines('GET', '/api/platform/billing/invoice/query').at(-1)?.search).get('state'),
      ).toBe('requested'),
    );
  });

  it('issues with an uploaded PDF after checking its type and size', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<PlatformInvoicePage />);
    await screen.findByText('acme');
    await user.click(within(rowOf('acme')).getByText('Issue'));
    const dialog = await screen.findByRole('dialog');
    // The picker swaps its input after each choice: look it up every time.
    const input = () => dialog.querySelector('input[type="file"]') as HTMLInputElement;

    await user.click(within(dialog).getByRole('button', { name: 'Issue with this PDF' }));
    expect(
      await within(dialog).findByText('Choose the invoice PDF first, or generate one'),
    ).toBeInTheDocument();

    await user.upload(input(), pdf('scan.png'));
    expect(await within(dialog).findByText('Only PDF files can be uploaded')).toBeInTheDocument();
    await user.upload(input(), pdf('big.pdf', 11 * 1024 * 1024));
    expect(await within(dialog).findByText('The file is larger than 10 MB')).toBeInTheDocument();
    expect(forms).toHaveLength(0);

    await user.upload(input(), pdf());
    expect(await within(dialog).findByText(/invoice\.pdf/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Issue with this PDF' }));
    await waitFor(() => expect(forms).toHaveLength(1));
    expect(forms[0].get('ivid')).toBe('iv-1');
    expect((forms[0].get('file') as File).name).toBe('invoice.pdf');
    expect(await screen.findByText('The invoice for Acme Ltd has been issued')).toBeInTheDocument();
  });

  it('generates the PDF after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformInvoicePage />);
    await screen.findByText('acme');
    await user.click(within(rowOf('acme')).getByText('Issue'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Generate PDF' }));
    const confirm = await findConfirmation('Generate the invoice PDF for Acme Ltd and issue it?');
    await user.click(within(confirm).getByRole('button', { name: 'Generate PDF' }));
    await waitFor(() => expect(lines('POST', '/api/platform/billing/invoice/issue')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/invoice/issue')[0].body).toEqual({ ivid: 'iv-1' });
  });

  it('rejects with a reason after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformInvoicePage />);
    await screen.findByText('acme');
    await user.click(within(rowOf('acme')).getByText('Reject'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /Reject$/ }));
    expect(await within(dialog).findByText('Please give the reason for rejecting')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Wrong tax ID');
    await user.click(within(dialog).getByRole('button', { name: /Reject$/ }));
    const confirm = await findConfirmation('Reject the invoice request of Acme Ltd?');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(lines('POST', '/api/platform/billing/invoice/reject')).toHaveLength(1));
    expect(lines('POST', '/api/platform/billing/invoice/reject')[0].body).toEqual({
      ivid: 'iv-1',
      reason: 'Wrong tax ID',
    });
  });

  it('downloads an issued invoice’s PDF', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PlatformInvoicePage />);
    await screen.findByText('bobshop');
    await user.click(within(rowOf('bobshop')).getByText('PDF'));
    await waitFor(() => expect(lines('GET', '/api/billing/invoice/pdf')).toHaveLength(1));
    expect(lines('GET', '/api/billing/invoice/pdf')[0].search).toBe('?ivid=iv-2&client=web');
  });
});
