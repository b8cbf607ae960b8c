import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bill, Invoice, Page } from '@openkefu/contract';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer } from '../../../lib/mail/test-smtp.js';
import { bearer, createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { multipartBody, pdfBytes, imageBytes } from '../../../test/upload-fixtures.js';
import { periodOf, previousPeriod } from '../bill/billing.dates.js';
import {
  assignPlan,
  createBilledOrganization,
  createCall,
  savePlan,
  setWallet,
  type BilledOrganization,
} from '../bill/billing.fixture.js';

await describeEachDatabase('billing: invoices', (target) => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'openkefu-invoices-'));
  const env: Record<string, string> = {
    EMAIL_PROVIDER: 'smtp',
    MAIL_FROM: 'OpenKefu <billing@kefu.test>',
    UPLOAD_DIR: uploadDir,
  };
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });
  const ctx = useTestApp(target, { env, build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  const call = createCall(ctx);
  let staff: string;
  let org: BilledOrganization;
  let other: BilledOrganization;
  /** Two paid bills (this month and last) and an unpaid one of org; a paid one of other. */
  let paid: string[];
  let unpaid: string;
  let othersPaid: string;

  const thisMonth = periodOf(Date.now());
  const lastMonth = previousPeriod(thisMonth);

  const issue = async (subDomain: string, period: string) => {
    const response = await call<Bill>('POST', '/api/platform/billing/bill/issue', staff, {
      subDomain,
      period,
    });
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
    return response.body.data;
  };

  const invoiceBody = (bids: string[]) => ({
    bids,
    title: '北京示例科技有限公司',
    taxId: '91110000MA01ABCD2X',
    email: `finance-${org.subDomain}@example.org`,
  });

  const issueUpload = (
    fields: Record<string, string>,
    file: { data: Buffer; name: string; contentType: string },
  ) => {
    const { payload, headers } = multipartBody({ file, fields });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/platform/billing/invoice/issue',
      headers: { ...bearer(staff), ...headers },
      payload,
    });
  };

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    const plan = await savePlan(call, staff, { monthlyCents: 9_900 });
    org = await createBilledOrganization(ctx);
    other = await createBilledOrganization(ctx);
    for (const account of [org, other]) {
      await assignPlan(call, staff, account.subDomain, plan.pid);
      await setWallet(ctx, account, { balanceCents: 19_800 });
    }
    paid = [(await issue(org.subDomain, lastMonth)).bid, (await issue(org.subDomain, thisMonth)).bid];
    // The balance is spent: the third bill stays unpaid.
    unpaid = (await issue(org.subDomain, '2020-01')).bid;
    othersPaid = (await issue(other.subDomain, thisMonth)).bid;
  });

  it('answers 401 without a token and 403 to an organisation admin on the platform routes', async () => {
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/platform/billing/invoice/query'],
      ['POST', '/api/platform/billing/invoice/issue', { ivid: 'x' }],
      ['POST', '/api/platform/billing/invoice/reject', { ivid: 'x', reason: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).status, url).toBe(401);
      expect((await call(method, url, org.token, payload)).status, url).toBe(403);
    }
  });

  describe('requesting', () => {
    it('names the bad fields', async () => {
      const bad = await call('POST', '/api/billing/invoice/request', org.token, {
        bids: [],
        title: '',
        taxId: 'abc',
        email: 'nope',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((field) => field.field).sort()).toEqual([
        'bids',
        'email',
        'taxId',
        'title',
      ]);
    });

    it('takes only the organisation’s own paid bills', async () => {
      const foreign = await call(
        'POST',
        '/api/billing/invoice/request',
        org.token,
        invoiceBody([paid[0], othersPaid]),
      );
      expect(foreign.status).toBe(404);
      const notPaid = await call(
        'POST',
        '/api/billing/invoice/request',
        org.token,
        invoiceBody([paid[0], unpaid]),
      );
      expect(notPaid.status).toBe(409);
      expect(notPaid.body.message).toContain(unpaid);
    });

    it('records the request, and refuses a bill already in a pending invoice', async () => {
      const { status, body } = await call<Invoice>(
        'POST',
        '/api/billing/invoice/request',
        org.token,
        invoiceBody(paid),
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        state: 'requested',
        amountCents: 19_800,
        title: '北京示例科技有限公司',
        pdfUrl: null,
        decidedAt: null,
      });
      expect(body.data.bills.map((bill) => bill.period)).toEqual([lastMonth, thisMonth]);
      const again = await call('POST', '/api/billing/invoice/request', org.token, invoiceBody([paid[1]]));
      expect(again.status).toBe(409);
      const bills = await call<Page<Bill>>('GET', '/api/billing/bill/query?state=paid', org.token);
      expect(bills.body.data.content.map((bill) => bill.invoiceState)).toEqual(['requested', 'requested']);
      const own = await call<Page<Invoice>>('GET', '/api/billing/invoice/query', org.token);
      expect(own.body.data.content.map((invoice) => invoice.ivid)).toEqual([body.data.ivid]);
      const others = await call<Page<Invoice>>('GET', '/api/billing/invoice/query', other.token);
      expect(others.body.data.totalElements).toBe(0);
    });
  });

  describe('deciding', () => {
    const requestOne = async (bids: string[]) => {
      const response = await call<Invoice>(
        'POST',
        '/api/billing/invoice/request',
        org.token,
        invoiceBody(bids),
      );
      if (response.status !== 200) throw new Error(JSON.stringify(response.body));
      return response.body.data;
    };

    const pendingInvoice = async () =>
      (
        await call<Page<Invoice>>('GET', '/api/platform/billing/invoice/query?state=requested', staff)
      ).body.data.content.find((invoice) => invoice.organization?.subDomain === org.subDomain);

    it('rejects with a reason, mails the requester, and frees the bills', async () => {
      const pending = await pendingInvoice();
      expect(pending).toBeDefined();
      const rejected = await call<Invoice>('POST', '/api/platform/billing/invoice/reject', staff, {
        ivid: pending?.ivid,
        reason: 'Wrong tax id',
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({ state: 'rejected', rejectReason: 'Wrong tax id' });
      const twice = await call('POST', '/api/platform/billing/invoice/reject', staff, {
        ivid: pending?.ivid,
        reason: 'x',
      });
      expect(twice.status).toBe(409);
      const missing = await call('POST', '/api/platform/billing/invoice/reject', staff, {
        ivid: pending?.ivid,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((field) => field.field)).toEqual(['reason']);
      await ctx.app.services.jobs.runDue();
      const [mail] = await smtp.waitFor(`finance-${org.subDomain}@example.org`);
      expect(mail.header('subject')).toBe('Invoice request rejected: 北京示例科技有限公司');
      // The same bills can be asked for again.
      expect((await requestOne(paid)).state).toBe('requested');
    });

    it('refuses an upload that is not a PDF (by its bytes) and one without the invoice id', async () => {
      const pending = await pendingInvoice();
      const png = await issueUpload(
        { ivid: pending?.ivid ?? '' },
        { data: await imageBytes('png', 4, 4), name: 'invoice.pdf', contentType: 'application/pdf' },
      );
      expect(png.statusCode).toBe(400);
      expect(png.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
        'file',
      ]);
      const noId = await issueUpload(
        {},
        { data: pdfBytes(), name: 'invoice.pdf', contentType: 'application/pdf' },
      );
      expect(noId.statusCode).toBe(400);
      expect(noId.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
        'ivid',
      ]);
      const tooLarge = await issueUpload(
        { ivid: pending?.ivid ?? '' },
        {
          data: Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024 + 1)]),
          name: 'invoice.pdf',
          contentType: 'application/pdf',
        },
      );
      expect(tooLarge.statusCode).toBe(413);
      expect((await pendingInvoice())?.state).toBe('requested');
    });

    it('issues with an uploaded PDF, which only the organisation downloads', async () => {
      const pending = await pendingInvoice();
      const ivid = pending?.ivid ?? '';
      const pdf = pdfBytes();
      const pdfUrl = `/api/billing/invoice/pdf?ivid=${ivid}`;
      expect((await call('GET', pdfUrl, org.token)).status).toBe(409);
      const issued = await issueUpload(
        { ivid },
        { data: pdf, name: 'fapiao.pdf', contentType: 'application/pdf' },
      );
      expect(issued.statusCode).toBe(200);
      // Staff get their own download of it; the organisation's list points at the organisation's.
      const staffPdfUrl = `/api/platform/billing/invoice/pdf?ivid=${ivid}`;
      expect(issued.json<{ data: Invoice }>().data).toMatchObject({ state: 'issued', pdfUrl: staffPdfUrl });
      const own = await call<Page<Invoice>>('GET', '/api/billing/invoice/query', org.token);
      expect(own.body.data.content.find((invoice) => invoice.ivid === ivid)?.pdfUrl).toBe(pdfUrl);
      const staffDownload = await ctx.app.inject({ method: 'GET', url: staffPdfUrl, headers: bearer(staff) });
      expect(staffDownload.statusCode).toBe(200);
      expect(staffDownload.rawPayload.equals(pdf)).toBe(true);
      expect((await call('GET', staffPdfUrl, org.token)).status).toBe(403);

      const download = await ctx.app.inject({ method: 'GET', url: pdfUrl, headers: bearer(org.token) });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(pdf)).toBe(true);
      expect((await call('GET', pdfUrl, other.token)).status).toBe(404);
      const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: org.orgId });
      const agentToken = await signIn(ctx.app, agent.username, agent.password);
      expect((await call('GET', pdfUrl, agentToken)).status).toBe(403);
      expect((await call('GET', pdfUrl)).status).toBe(401);

      const again = await call('POST', '/api/platform/billing/invoice/issue', staff, { ivid });
      expect(again.status).toBe(409);
      await ctx.app.services.jobs.runDue();
      const mails = await smtp.waitFor(`finance-${org.subDomain}@example.org`, 2);
      expect(mails.map((mail) => mail.header('subject'))).toContain('Invoice issued: 北京示例科技有限公司');
      const bills = await call<Page<Bill>>('GET', '/api/billing/bill/query?state=paid', org.token);
      expect(bills.body.data.content.map((bill) => bill.invoiceState)).toEqual(['issued', 'issued']);
      // An issued invoice's bills cannot be voided under it.
      expect(
        (await call('POST', '/api/platform/billing/bill/void', staff, { bid: paid[0], reason: 'x' })).status,
      ).toBe(409);
    });

    it('issues by generating a simple PDF', async () => {
      const bid = (await issue(org.subDomain, '2020-02')).bid;
      await setWallet(ctx, org, { balanceCents: 100_000 });
      expect((await call('POST', '/api/billing/bill/pay', org.token, { bid })).status).toBe(200);
      const requested = await requestOne([bid]);
      const bad = await call('POST', '/api/platform/billing/invoice/issue', staff, {});
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((field) => field.field)).toEqual(['ivid']);
      expect(
        (await call('POST', '/api/platform/billing/invoice/issue', staff, { ivid: 'nope' })).status,
      ).toBe(404);
      const issued = await call<Invoice>('POST', '/api/platform/billing/invoice/issue', staff, {
        ivid: requested.ivid,
      });
      expect(issued.status).toBe(200);
      expect(issued.body.data.state).toBe('issued');
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/billing/invoice/pdf?ivid=${requested.ivid}`,
        headers: bearer(org.token),
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const document = await PDFDocument.load(download.rawPayload);
      expect(document.getPageCount()).toBe(1);
      // The title as given (Chinese included) is in the document's properties.
      expect(document.getTitle()).toBe(`Invoice ${requested.ivid}: 北京示例科技有限公司`);
      expect(document.getSubject()).toBe('北京示例科技有限公司 · 91110000MA01ABCD2X');
    });

    it('lists every organisation’s invoices for platform staff, narrowed by organisation', async () => {
      const all = await call<Page<Invoice>>(
        'GET',
        `/api/platform/billing/invoice/query?subDomain=${org.subDomain}`,
        staff,
      );
      expect(all.status).toBe(200);
      expect(new Set(all.body.data.content.map((invoice) => invoice.organization?.subDomain))).toEqual(
        new Set([org.subDomain]),
      );
      expect(all.body.data.content.map((invoice) => invoice.state).sort()).toEqual([
        'issued',
        'issued',
        'rejected',
      ]);
    });
  });
});
