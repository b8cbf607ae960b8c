import type {
  BalanceAdjustBody,
  Bill,
  Envelope,
  LedgerEntry,
  LedgerKind,
  Page,
  Plan,
  PlanAssignBody,
  PlanSaveBody,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → payments: bills, the ledger, balance adjustments and plans (platform staff only). */

export type PlatformBillFilters = { state?: Bill['state']; period?: string; subDomain?: string };

/** `GET /api/platform/billing/bill/query`. */
export const fetchPlatformBillPage = async (query: PageQuery<PlatformBillFilters>): Promise<Page<Bill>> =>
  (await http.get<Envelope<Page<Bill>>>('/api/platform/billing/bill/query', { params: query })).data;

/** `POST /api/platform/billing/bill/void`: a paid bill's amount goes back to the balance. */
export const voidBill = async (bid: string, reason: string): Promise<Bill> =>
  (await http.post<Envelope<Bill>>('/api/platform/billing/bill/void', { bid, reason })).data;

/** `POST /api/platform/billing/bill/issue`: one organisation's bill for a month, now. */
export const issueBill = async (subDomain: string, period: string): Promise<Bill> =>
  (await http.post<Envelope<Bill>>('/api/platform/billing/bill/issue', { subDomain, period })).data;

export type PlatformLedgerFilters = { kind?: LedgerKind; subDomain?: string };

/** `GET /api/platform/billing/ledger/query`. */
export const fetchPlatformLedgerPage = async (
  query: PageQuery<PlatformLedgerFilters>,
): Promise<Page<LedgerEntry>> =>
  (await http.get<Envelope<Page<LedgerEntry>>>('/api/platform/billing/ledger/query', { params: query })).data;

/** `POST /api/platform/billing/balance/adjust`: a credit or debit with a reason; answers the ledger entry. */
export const adjustBalance = async (body: BalanceAdjustBody): Promise<LedgerEntry> =>
  (await http.post<Envelope<LedgerEntry>>('/api/platform/billing/balance/adjust', body)).data;

export const PLANS_QUERY_KEY = ['platform', 'billing', 'plans'] as const;

/** `GET /api/platform/billing/plan/query`: every plan, cheapest first. */
export const fetchPlans = async (): Promise<Plan[]> =>
  (await http.get<Envelope<Plan[]>>('/api/platform/billing/plan/query')).data;

/** `POST /api/platform/billing/plan/save`: create (no pid) or change; prices in cents. */
export const savePlan = async (body: PlanSaveBody): Promise<Plan> =>
  (await http.post<Envelope<Plan>>('/api/platform/billing/plan/save', body)).data;

export const deletePlan = async (pid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/platform/billing/plan/delete', { pid });
};

/** `POST /api/platform/billing/plan/assign`: from the organisation's next bill on. */
export const assignPlan = async (body: PlanAssignBody): Promise<Plan> =>
  (await http.post<Envelope<Plan>>('/api/platform/billing/plan/assign', body)).data;
