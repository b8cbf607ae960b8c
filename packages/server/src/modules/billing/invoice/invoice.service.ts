import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  defaultLanguage,
  toPage,
  type Invoice,
  type invoiceQuerySchema,
  type invoiceRejectBodySchema,
  type invoiceRequestBodySchema,
  type Page,
} from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import { createStorageKey, type Storage, type StoredObject } from '../../../lib/storage/storage.js';
import type { Principal } from '../../auth/auth.service.js';
import { receiveUpload } from '../../upload/upload.form.js';
import type { BillingMailer } from '../expiry/expiry.warnings.js';
import { renderInvoicePdf } from './invoice.pdf.js';
import {
  decideInvoice,
  findBillsForInvoice,
  findBillsOfInvoices,
  findInvoice,
  findRequesterLanguage,
  insertInvoice,
  pageInvoices,
  type InvoiceRow,
} from './invoice.repository.js';

/** An uploaded invoice PDF may be this large. */
export const invoicePdfLimitMb = 10;

const yuan = (cents: number): string => (cents / 100).toFixed(2);

/** The organisation's download, or the platform staff's (any organisation's invoice). */
export const invoicePdfPath = (ivid: string, isPlatform = false) =>
  `/api/${isPlatform ? 'platform/' : ''}billing/invoice/pdf?ivid=${encodeURIComponent(ivid)}`;

export type InvoiceService = ReturnType<typeof createInvoiceService>;

export const createInvoiceService = (deps: {
  db: Executor;
  storage: Storage;
  mailer: BillingMailer;
  uploadDir: string;
  /** Who sells, as printed on generated invoices. */
  seller?: string;
  now?: () => number;
}) => {
  const { db, storage, mailer } = deps;
  const now = deps.now ?? Date.now;
  const stagingDir = join(deps.uploadDir, '.staging');

  const toInvoices = async (rows: InvoiceRow[], withOrganization: boolean): Promise<Invoice[]> => {
    const bills = await findBillsOfInvoices(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      ivid: row.ivid,
      bills: bills.get(row.id) ?? [],
      amountCents: Number(row.amount_cents),
      title: row.title,
      taxId: row.tax_id,
      email: row.email,
      state: row.state as Invoice['state'],
      rejectReason: row.reject_reason,
      pdfUrl: row.state === 'issued' ? invoicePdfPath(row.ivid, withOrganization) : null,
      requestedAt: Number(row.requested_at),
      decidedAt: row.decided_at === null ? null : Number(row.decided_at),
      ...(withOrganization
        ? { organization: { oid: row.oid, name: row.organization_name, subDomain: row.sub_domain } }
        : {}),
    }));
  };

  const invoiceOrThrow = async (orgId: number | null, ivid: string): Promise<InvoiceRow> => {
    const row = await findInvoice(db, orgId, ivid);
    if (!row) throw AppError.notFound('billing.invoiceNotFound', { ivid });
    return row;
  };

  const oneInvoice = async (orgId: number | null, ivid: string, withOrganization: boolean) =>
    (await toInvoices([await invoiceOrThrow(orgId, ivid)], withOrganization))[0];

  /**
   * The organisation asks for an invoice over some of its paid bills. A bill of another
   * organisation is unknown here (404); an unpaid one, or one in a pending or issued invoice, 409.
   */
  const request = async (
    principal: Principal,
    body: z.output<typeof invoiceRequestBodySchema>,
  ): Promise<Invoice> => {
    const bids = [...new Set(body.bids)];
    const ivid = createPublicId();
    try {
      await db.transaction().execute(async (trx) => {
        const bills = await findBillsForInvoice(trx, principal.orgId, bids);
        const found = new Set(bills.map((bill) => bill.bid));
        const missing = bids.find((bid) => !found.has(bid));
        if (missing) throw AppError.notFound('billing.billNotFound', { bid: missing });
        const unavailable = bills.filter((bill) => bill.state !== 'paid' || Boolean(bill.is_invoiced));
        if (unavailable.length > 0)
          throw AppError.conflict('billing.invoiceBillsUnavailable', {
            params: { bids: unavailable.map((bill) => bill.bid).join(', ') },
          });
        await insertInvoice(
          trx,
          {
            ivid,
            org_id: principal.orgId,
            requested_by: principal.userId,
            title: body.title,
            tax_id: body.taxId,
            email: body.email,
            amount_cents: bills.reduce((sum, bill) => sum + Number(bill.total_cents), 0),
            state: 'requested',
            reject_reason: null,
            storage_key: null,
            decided_by: null,
            decided_at: null,
            requested_at: now(),
          },
          bills.map((bill) => bill.id),
        );
      });
    } catch (error) {
      // Two requests racing for one bill: the live-invoice index lets one through.
      if (isUniqueViolation(error))
        throw AppError.conflict('billing.invoiceBillsUnavailable', { params: { bids: bids.join(', ') } });
      throw error;
    }
    return oneInvoice(principal.orgId, ivid, false);
  };

  const queryOwn = async (
    principal: Principal,
    query: z.output<typeof invoiceQuerySchema>,
  ): Promise<Page<Invoice>> => {
    const result = await pageInvoices(db, { orgId: principal.orgId, state: query.state }, query);
    return toPage(await toInvoices(result.rows, false), result.total, query);
  };

  const queryAll = async (query: z.output<typeof invoiceQuerySchema>): Promise<Page<Invoice>> => {
    const result = await pageInvoices(db, { subDomain: query.subDomain, state: query.state }, query);
    return toPage(await toInvoices(result.rows, true), result.total, query);
  };

  /** The issued PDF of one of the organisation's invoices. */
  /** orgId null: platform staff, any organisation's invoice. */
  const openPdf = async (orgId: number | null, ivid: string): Promise<StoredObject & { ivid: string }> => {
    const row = await invoiceOrThrow(orgId, ivid);
    if (row.state !== 'issued' || !row.storage_key) throw AppError.conflict('billing.invoiceNotIssued');
    const stored = await storage.get(row.storage_key);
    if (!stored) throw AppError.notFound('billing.invoiceNotFound', { ivid });
    return { ...stored, ivid };
  };

  const assertRequested = (row: InvoiceRow) => {
    if (row.state !== 'requested')
      throw AppError.conflict('billing.invoiceNotRequested', { params: { state: row.state } });
  };

  const tellRequester = async (row: InvoiceRow, decision: 'issued' | 'rejected', reason = '') => {
    const language =
      (await findRequesterLanguage(db, row.requested_by)) === 'zh-CN' ? 'zh-CN' : defaultLanguage;
    const common = {
      organization: row.organization_name,
      title: row.title,
      amount: yuan(Number(row.amount_cents)),
    };
    await mailer.queue(db, {
      orgId: row.org_id,
      key: `invoice:${row.ivid}:${decision}`,
      recipients: [{ email: row.email, language }],
      event:
        decision === 'issued'
          ? { kind: 'invoiceIssued', ...common }
          : { kind: 'invoiceRejected', ...common, reason },
    });
  };

  /** Stores the PDF and marks the invoice issued; the stored file is removed if another decision won. */
  const issueWith = async (
    principal: Principal,
    row: InvoiceRow,
    pdf: Buffer | Uint8Array,
  ): Promise<Invoice> => {
    const key = createStorageKey(row.oid, 'pdf');
    await storage.put(key, Buffer.from(pdf));
    const isIssued = await decideInvoice(db, row.id, {
      state: 'issued',
      storageKey: key,
      by: principal.userId,
      at: now(),
    });
    if (!isIssued) {
      await storage.delete(key);
      const current = await invoiceOrThrow(null, row.ivid);
      throw AppError.conflict('billing.invoiceNotRequested', { params: { state: current.state } });
    }
    await tellRequester(row, 'issued');
    return oneInvoice(null, row.ivid, true);
  };

  /** Platform staff issue an invoice by generating a simple PDF of it. */
  const issueGenerated = async (principal: Principal, ivid: string): Promise<Invoice> => {
    const row = await invoiceOrThrow(null, ivid);
    assertRequested(row);
    const [invoice] = await toInvoices([row], true);
    const pdf = await renderInvoicePdf({
      ivid: row.ivid,
      issuedAt: now(),
      seller: deps.seller ?? 'OpenKefu',
      organization: row.organization_name,
      title: row.title,
      taxId: row.tax_id,
      email: row.email,
      bills: invoice.bills,
      amountCents: invoice.amountCents,
    });
    return issueWith(principal, row, pdf);
  };

  /**
   * Platform staff issue an invoice with an uploaded PDF (multipart: `file`, and the field `ivid`):
   * at most 10 MB, and a PDF by its bytes (`%PDF-`), whatever its name or declared type.
   */
  const issueUploaded = async (principal: Principal, httpRequest: FastifyRequest): Promise<Invoice> => {
    const staged = await receiveUpload(httpRequest, { stagingDir, kind: 'file', limitMb: invoicePdfLimitMb });
    try {
      const ivid = staged.fields.ivid?.trim() ?? '';
      if (!ivid) throw AppError.validation([{ field: 'ivid', message: 'is required' }]);
      if (staged.size === 0 || !staged.head.subarray(0, 5).equals(Buffer.from('%PDF-')))
        throw AppError.badRequest('billing.invoiceNotPdf', {
          fields: [{ field: 'file', message: 'must be a PDF document' }],
        });
      const row = await invoiceOrThrow(null, ivid);
      assertRequested(row);
      return await issueWith(principal, row, await readFile(staged.path));
    } finally {
      await staged.discard();
    }
  };

  const reject = async (
    principal: Principal,
    body: z.output<typeof invoiceRejectBodySchema>,
  ): Promise<Invoice> => {
    const row = await invoiceOrThrow(null, body.ivid);
    assertRequested(row);
    const isRejected = await db.transaction().execute((trx) =>
      decideInvoice(trx, row.id, {
        state: 'rejected',
        reason: body.reason,
        by: principal.userId,
        at: now(),
      }),
    );
    if (!isRejected) {
      const current = await invoiceOrThrow(null, row.ivid);
      throw AppError.conflict('billing.invoiceNotRequested', { params: { state: current.state } });
    }
    await tellRequester(row, 'rejected', body.reason);
    return oneInvoice(null, row.ivid, true);
  };

  return { request, queryOwn, queryAll, openPdf, issueGenerated, issueUploaded, reject };
};
