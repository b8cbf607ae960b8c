import { defaultLanguage, expiryWarningDays, type Language } from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';
import type { JobRunner } from '../../job/job.runner.js';
import type { MailTransport } from '../../../lib/mail/transport.js';
import { listWallets } from '../bill/bill.repository.js';
import { computeBill } from '../bill/bill.compute.js';
import { addDays, daysBetween, periodBounds, periodOf, utcDay } from '../bill/billing.dates.js';
import { addOnCodesOf, pricesOf } from '../plan/plan.service.js';
import { listPlans } from '../plan/plan.repository.js';
import { peakSeatsByOrg, tokensByOrg } from '../usage/usage.repository.js';
import { renderBillingMail, type BillingMail, type BillingMailEvent } from './billing.mail.js';
import {
  listAdminRecipients,
  listOrganizationsExpiringBetween,
  rememberWarning,
} from './expiry.repository.js';
import { warningDueAt } from './expiry.state.js';

export const billingMailJobKind = 'billing.mail';

type MailPayload = BillingMail & { to: string };

const yuan = (cents: number): string => (cents / 100).toFixed(2);

const asLanguage = (value: string | null): Language =>
  value === 'zh-CN' || value === 'en-US' ? value : defaultLanguage;

export type BillingMailer = ReturnType<typeof createBillingMailer>;

/** Billing's mail goes out as background jobs: retried when the mail server is busy. */
export const createBillingMailer = (deps: { jobs: JobRunner; mail: MailTransport }) => {
  deps.jobs.register(billingMailJobKind, {
    maxAttempts: 5,
    run: async (payload) => {
      const mail = payload as MailPayload;
      await deps.mail.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  });

  /** Queues one mail per recipient; `key` makes a repeated queueing of the same mail a no-op. */
  const queue = async (
    executor: Executor,
    input: {
      orgId: number;
      key: string;
      recipients: { email: string; language: Language }[];
      event: BillingMailEvent;
    },
  ): Promise<void> => {
    for (const recipient of input.recipients)
      await deps.jobs.enqueue(
        {
          kind: billingMailJobKind,
          orgId: input.orgId,
          payload: { to: recipient.email, ...renderBillingMail(input.event, recipient.language) },
          dedupeKey: `${billingMailJobKind}:${input.key}:${recipient.email}`,
        },
        executor,
      );
  };

  return { queue };
};

/**
 * Warnings to organisation admins (issue 20): 7, 3 and 1 days before the validity ends, and once a
 * month when the balance cannot cover the running month's bill as estimated so far. Each is
 * remembered in org_billing before its mails are queued, in one transaction, so a warning is sent
 * once however many runs or nodes see it.
 */
export const createExpiryWarnings = (deps: { db: Executor; mailer: BillingMailer; now?: () => number }) => {
  const { db, mailer } = deps;
  const now = deps.now ?? Date.now;

  const recipientsByOrg = async (orgIds: number[]) => {
    const rows = await listAdminRecipients(db, orgIds);
    const byOrg = new Map<number, { email: string; language: Language }[]>();
    for (const row of rows)
      if (row.email)
        byOrg.set(Number(row.org_id), [
          ...(byOrg.get(Number(row.org_id)) ?? []),
          { email: row.email, language: asLanguage(row.language) },
        ]);
    return byOrg;
  };

  const warnExpiring = async (at: number): Promise<number> => {
    const today = utcDay(at);
    const rows = await listOrganizationsExpiringBetween(
      db,
      today,
      addDays(today, Math.max(...expiryWarningDays)),
    );
    const due = rows.flatMap((row) => {
      if (!row.validity) return [];
      const daysLeft = daysBetween(today, row.validity);
      const days = warningDueAt(daysLeft);
      const key = `${row.validity}:${days}`;
      return days === null || row.expiry_warning === key
        ? []
        : [{ ...row, validity: row.validity, daysLeft, key }];
    });
    if (due.length === 0) return 0;
    const recipients = await recipientsByOrg(due.map((row) => row.id));
    let sent = 0;
    for (const row of due)
      await db.transaction().execute(async (trx) => {
        if (!(await rememberWarning(trx, row.id, 'expiry_warning', row.key, at))) return;
        await mailer.queue(trx, {
          orgId: row.id,
          key: `expiry:${row.id}:${row.key}`,
          recipients: recipients.get(row.id) ?? [],
          event: { kind: 'expiring', organization: row.name, validity: row.validity, daysLeft: row.daysLeft },
        });
        sent += 1;
      });
    return sent;
  };

  const warnLowBalance = async (at: number): Promise<number> => {
    const period = periodOf(at);
    const { firstDay, lastDay } = periodBounds(period);
    const [plans, billingRows, organizations, peaks, tokens, wallets] = await Promise.all([
      listPlans(db),
      db.selectFrom('org_billing').selectAll().execute(),
      db.selectFrom('organization').select(['id', 'name']).execute(),
      peakSeatsByOrg(db, { from: firstDay, to: lastDay }),
      tokensByOrg(db, { from: firstDay, to: lastDay }),
      listWallets(db),
    ]);
    const planById = new Map(plans.map((plan) => [plan.id, plan]));
    const defaultPlan = plans.find((plan) => plan.is_default === 1);
    const billingByOrg = new Map(billingRows.map((row) => [Number(row.org_id), row]));
    const short = organizations.flatMap((organization) => {
      const billing = billingByOrg.get(organization.id);
      const plan = billing?.plan_id != null ? planById.get(Number(billing.plan_id)) : defaultPlan;
      const wallet = wallets.get(organization.id);
      if (!plan || !wallet || billing?.balance_warning === period) return [];
      const estimate = computeBill(
        pricesOf(plan),
        { peakSeats: peaks.get(organization.id) ?? 0, tokens: tokens.get(organization.id) ?? 0 },
        addOnCodesOf(billing),
      ).totalCents;
      return estimate > 0 && wallet.balanceCents < estimate
        ? [{ ...organization, estimate, balance: wallet.balanceCents }]
        : [];
    });
    if (short.length === 0) return 0;
    const recipients = await recipientsByOrg(short.map((row) => row.id));
    let sent = 0;
    for (const row of short)
      await db.transaction().execute(async (trx) => {
        if (!(await rememberWarning(trx, row.id, 'balance_warning', period, at))) return;
        await mailer.queue(trx, {
          orgId: row.id,
          key: `balance:${row.id}:${period}`,
          recipients: recipients.get(row.id) ?? [],
          event: {
            kind: 'lowBalance',
            organization: row.name,
            balance: yuan(row.balance),
            estimate: yuan(row.estimate),
            period,
          },
        });
        sent += 1;
      });
    return sent;
  };

  /** Both kinds of warning due at `at`; answers how many organisations were warned. */
  const run = async (at: number = now()) => ({
    expiring: await warnExpiring(at),
    lowBalance: await warnLowBalance(at),
  });

  return { run };
};
