import type { Envelope, Invoice, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → invoices: every organisation's invoice requests (platform staff only). */

export type PlatformInvoiceFilters = { state?: Invoice['state']; subDomain?: string };

/** `GET /api/platform/billing/invoice/query`. */
export const fetchPlatformInvoicePage = async (
  query: PageQuery<PlatformInvoiceFilters>,
): Promise<Page<Invoice>> =>
  (await http.get<Envelope<Page<Invoice>>>('/api/platform/billing/invoice/query', { params: query })).data;

/** `POST /api/platform/billing/invoice/issue` as multipart: the PDF (`file`) and `ivid`. */
export const issueInvoiceWithPdf = async (ivid: string, file: File): Promise<Invoice> => {
  const form = new FormData();
  form.append('ivid', ivid);
  form.append('file', file, file.name);
  return (await http.post<Envelope<Invoice>>('/api/platform/billing/invoice/issue', form)).data;
};

/** `POST /api/platform/billing/invoice/issue` as JSON: the server generates the PDF. */
export const issueInvoiceGenerated = async (ivid: string): Promise<Invoice> =>
  (await http.post<Envelope<Invoice>>('/api/platform/billing/invoice/issue', { ivid })).data;

/** `POST /api/platform/billing/invoice/reject`: the bills may be asked for again. */
export const rejectInvoice = async (ivid: string, reason: string): Promise<Invoice> =>
  (await http.post<Envelope<Invoice>>('/api/platform/billing/invoice/reject', { ivid, reason })).data;
