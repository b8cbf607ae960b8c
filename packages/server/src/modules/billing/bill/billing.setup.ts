import type { PaymentProviderValue } from '@openkefu/contract';
import type { App } from '../../../http/types.js';
import { configuredPaymentProviders } from '../../../lib/payments/payment.providers.js';
import { createBillingMailer, createExpiryWarnings } from '../expiry/expiry.warnings.js';
import { registerReadOnlyGuard } from '../expiry/expiry.guard.js';
import { createInvoiceService } from '../invoice/invoice.service.js';
import { createPlanService } from '../plan/plan.service.js';
import { createUsageService } from '../usage/usage.service.js';
import { createBillService } from './bill.service.js';

/*
 * Plans, usage, bills, expiry and invoices (issue 20), wired once per app as `app.billing`, with
 * the hourly billing run: usage recorded, last month's bills issued, warnings sent. The run is a
 * background job whose dedupe key is the hour, so several nodes queue it once and one node runs it;
 * every step is idempotent on its own (a live bill per organisation and month is unique, warnings
 * are remembered), so a restart or a second run changes nothing.
 */

export const billingCycleJobKind = 'billing.cycle';

export type Billing = ReturnType<typeof createBilling>;

const createBilling = (app: App, options: { configuredProviders?: () => PaymentProviderValue[] }) => {
  const { db, dialect, jobs, mail, storage, auth, config } = app.services;
  const sessions = auth.principals;
  const usage = createUsageService({ db });
  const plans = createPlanService({ db });
  const bills = createBillService({
    db,
    dialect,
    usage,
    plans,
    sessions,
    configuredProviders: options.configuredProviders ?? (() => configuredPaymentProviders(config)),
  });
  const mailer = createBillingMailer({ jobs, mail });
  const warnings = createExpiryWarnings({ db, mailer });
  const invoices = createInvoiceService({ db, storage, mailer, uploadDir: config.uploadDir });

  /** One billing run at `at`: usage, then bills (which read it), then warnings (which read both). */
  const runCycle = async (at: number = Date.now()) => {
    await usage.record(at);
    const issued = await bills.issueMonthly(at);
    const warned = await warnings.run(at);
    return { issued, warned };
  };

  jobs.register(billingCycleJobKind, {
    maxAttempts: 3,
    run: async () => {
      await runCycle();
    },
  });

  /** Queues this hour's run (a no-op when it is queued already). */
  const queueCycle = (at: number = Date.now()) =>
    jobs.enqueue({
      kind: billingCycleJobKind,
      orgId: null,
      payload: {},
      dedupeKey: `${billingCycleJobKind}:${new Date(at).toISOString().slice(0, 13)}`,
    });

  return { usage, plans, bills, warnings, invoices, mailer, runCycle, queueCycle };
};

// Declaration merging needs `interface`.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyInstance {
    /** Plans, usage, bills, expiry warnings and invoices (issue 20). */
    billing: Billing;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/**
 * Builds `app.billing` and the expired organisations' read-only check. Call it before any route is
 * registered (the check is a hook that must reach every route).
 */
export const setupBilling = (
  app: App,
  options: { configuredProviders?: () => PaymentProviderValue[] } = {},
): Billing => {
  const billing = createBilling(app, options);
  app.decorate('billing', billing);
  registerReadOnlyGuard(app);
  return billing;
};

/** Queues the billing run now and every hour after; stopped when the app closes. */
export const startBillingSchedule = (app: App, intervalMs = 3600_000): void => {
  const queue = () =>
    void app.billing
      .queueCycle()
      .catch((error: unknown) => app.log.error({ err: error }, 'billing run not queued'));
  const timer = setInterval(queue, intervalMs);
  timer.unref();
  // Soon after start too, so a node started on the 1st bills without waiting an hour.
  const first = setTimeout(queue, 30_000);
  first.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearTimeout(first);
  });
};
