import type { Plan, PlanAddOn, planAssignBodySchema, planSaveBodySchema } from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import type { PlanPrices } from '../bill/bill.compute.js';
import {
  clearOtherDefaults,
  countAssignedByPlan,
  countUnassignedOrganizations,
  deletePlan,
  findDefaultPlan,
  findOrgBilling,
  findPlanById,
  findPlanByPid,
  insertPlan,
  listPlans,
  updatePlan,
  upsertOrgBilling,
  type OrgBillingRow,
  type PlanRow,
} from './plan.repository.js';
import { findOrganizationBySubDomain } from '../ledger/ledger.repository.js';

const parseList = <T>(text: string): T[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

export const addOnsOfPlan = (row: PlanRow): PlanAddOn[] => parseList<PlanAddOn>(row.add_ons);

/** The add-on codes an organisation switched on (its org_billing row; none without one). */
export const addOnCodesOf = (row: OrgBillingRow | undefined): string[] =>
  row ? parseList<string>(row.add_ons).filter((code) => typeof code === 'string') : [];

export const pricesOf = (row: PlanRow): PlanPrices => ({
  monthlyCents: Number(row.monthly_cents),
  includedSeats: Number(row.included_seats),
  seatMonthlyCents: Number(row.seat_monthly_cents),
  includedTokens: Number(row.included_tokens),
  tokenMillionCents: Number(row.token_million_cents),
  addOns: addOnsOfPlan(row),
});

export const toPlan = (row: PlanRow, organizations: number): Plan => ({
  pid: row.pid,
  name: row.name,
  description: row.description,
  ...pricesOf(row),
  enabled: row.enabled === 1,
  isDefault: row.is_default === 1,
  organizations,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/**
 * The plan an organisation is billed on: the one platform staff put it on, or else the default plan
 * (every organisation starts there). Undefined when it has none and there is no default.
 */
export const findEffectivePlan = async (
  db: Executor,
  billing: OrgBillingRow | undefined,
): Promise<PlanRow | undefined> =>
  billing?.plan_id != null ? findPlanById(db, billing.plan_id) : findDefaultPlan(db);

export type PlanService = ReturnType<typeof createPlanService>;

/** Platform staff's price lists and who is on which. Reached only through requirePlatformStaff routes. */
export const createPlanService = (deps: {
  db: Executor;
  now?: () => number;
  /** Called after an organisation's plan changed (its overview and estimate differ). */
  onAssigned?: (orgId: number) => void;
}) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const organizationsOn = async (rows: PlanRow[]): Promise<Map<number, number>> => {
    const [assigned, unassigned] = await Promise.all([
      countAssignedByPlan(db),
      rows.some((row) => row.is_default === 1) ? countUnassignedOrganizations(db) : Promise.resolve(0),
    ]);
    return new Map(
      rows.map((row) => [row.id, (assigned.get(row.id) ?? 0) + (row.is_default === 1 ? unassigned : 0)]),
    );
  };

  const query = async (): Promise<Plan[]> => {
    const rows = await listPlans(db);
    const counts = await organizationsOn(rows);
    return rows.map((row) => toPlan(row, counts.get(row.id) ?? 0));
  };

  const findOrThrow = async (executor: Executor, pid: string): Promise<PlanRow> => {
    const row = await findPlanByPid(executor, pid);
    if (!row) throw AppError.notFound('billing.planNotFound', { pid });
    return row;
  };

  const get = async (pid: string): Promise<Plan> => {
    const row = await findOrThrow(db, pid);
    return toPlan(row, (await organizationsOn([row])).get(row.id) ?? 0);
  };

  const save = async (body: z.output<typeof planSaveBodySchema>): Promise<Plan> => {
    const seen = new Set<string>();
    body.addOns.forEach((addOn, index) => {
      if (seen.has(addOn.code))
        throw AppError.badRequest('billing.duplicateAddOn', {
          params: { code: addOn.code },
          fields: [{ field: `addOns.${index}.code`, message: 'appears twice' }],
        });
      seen.add(addOn.code);
    });
    const time = now();
    const values = {
      name: body.name,
      description: body.description,
      monthly_cents: body.monthlyCents,
      included_seats: body.includedSeats,
      seat_monthly_cents: body.seatMonthlyCents,
      included_tokens: body.includedTokens,
      token_million_cents: body.tokenMillionCents,
      add_ons: JSON.stringify(body.addOns),
      enabled: body.enabled ? 1 : 0,
      is_default: body.isDefault ? 1 : 0,
      updated_at: time,
    };
    const pid = await db.transaction().execute(async (trx) => {
      let row: PlanRow;
      if (body.pid) {
        row = await findOrThrow(trx, body.pid);
        await updatePlan(trx, row.id, values);
      } else {
        const created = createPublicId();
        await insertPlan(trx, { ...values, pid: created, created_at: time });
        row = await findOrThrow(trx, created);
      }
      if (body.isDefault) await clearOtherDefaults(trx, row.id, time);
      return row.pid;
    });
    return get(pid);
  };

  /** Refused while organisations are on the plan (the default plan holds every unassigned one). */
  const remove = async (pid: string): Promise<void> => {
    const row = await findOrThrow(db, pid);
    if (row.is_default === 1) throw AppError.conflict('billing.planIsDefault');
    const count = (await countAssignedByPlan(db)).get(row.id) ?? 0;
    if (count > 0) throw AppError.conflict('billing.planInUse', { params: { count } });
    await deletePlan(db, row.id);
  };

  /** Puts an organisation on a plan; add-ons the new plan does not offer are switched off. */
  const assign = async (body: z.output<typeof planAssignBodySchema>): Promise<Plan> => {
    const organization = await findOrganizationBySubDomain(db, body.subDomain);
    if (!organization) throw AppError.notFound('billing.organizationNotFound', { subDomain: body.subDomain });
    const plan = await findOrThrow(db, body.pid);
    if (plan.enabled !== 1) throw AppError.conflict('billing.planDisabled', { params: { name: plan.name } });
    const offered = new Set(addOnsOfPlan(plan).map((addOn) => addOn.code));
    const current = await findOrgBilling(db, organization.id);
    const kept = addOnCodesOf(current).filter((code) => offered.has(code));
    await upsertOrgBilling(db, organization.id, { plan_id: plan.id, add_ons: JSON.stringify(kept) }, now());
    deps.onAssigned?.(organization.id);
    return get(plan.pid);
  };

  return { query, get, save, remove, assign };
};
