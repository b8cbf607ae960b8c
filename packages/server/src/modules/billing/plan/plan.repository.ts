import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { OrgBillingTable, PlanTable } from '../../../db/schema.js';

/* Plans (platform-wide price lists) and each organisation's subscription row. */

export type PlanRow = Selectable<PlanTable>;
export type OrgBillingRow = Selectable<OrgBillingTable>;

export const listPlans = (db: Executor): Promise<PlanRow[]> =>
  db.selectFrom('plan').selectAll().orderBy('monthly_cents').orderBy('id').execute();

export const findPlanByPid = (db: Executor, pid: string): Promise<PlanRow | undefined> =>
  db.selectFrom('plan').selectAll().where('pid', '=', pid).executeTakeFirst();

export const findPlanById = (db: Executor, id: number): Promise<PlanRow | undefined> =>
  db.selectFrom('plan').selectAll().where('id', '=', id).executeTakeFirst();

export const findDefaultPlan = (db: Executor): Promise<PlanRow | undefined> =>
  db.selectFrom('plan').selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();

export const insertPlan = async (db: Executor, values: Insertable<PlanTable>): Promise<void> => {
  await db.insertInto('plan').values(values).execute();
};

export const updatePlan = async (db: Executor, id: number, values: Updateable<PlanTable>): Promise<void> => {
  await db.updateTable('plan').set(values).where('id', '=', id).execute();
};

/** Only one plan is the default: the others lose the mark. */
export const clearOtherDefaults = async (db: Executor, keepId: number, now: number): Promise<void> => {
  await db
    .updateTable('plan')
    .set({ is_default: 0, updated_at: now })
    .where('is_default', '=', 1)
    .where('id', '<>', keepId)
    .execute();
};

export const deletePlan = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('plan').where('id', '=', id).execute();
};

/** Organisations put on each plan explicitly, by plan id. */
export const countAssignedByPlan = async (db: Executor): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('org_billing')
    .select(['plan_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('plan_id', 'is not', null)
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.plan_id), Number(row.count)]));
};

/** Organisations on no plan of their own: they are on the default plan. */
export const countUnassignedOrganizations = async (db: Executor): Promise<number> => {
  const row = await db
    .selectFrom('organization')
    .leftJoin('org_billing', 'org_billing.org_id', 'organization.id')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_billing.plan_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const findOrgBilling = (db: Executor, orgId: number): Promise<OrgBillingRow | undefined> =>
  db.selectFrom('org_billing').selectAll().where('org_id', '=', orgId).executeTakeFirst();

/** Creates the organisation's row with these values, or changes only these values of it. */
export const upsertOrgBilling = async (
  db: Executor,
  orgId: number,
  values: { plan_id?: number | null; add_ons?: string; auto_pay?: number },
  now: number,
): Promise<void> => {
  await db
    .insertInto('org_billing')
    .values({ org_id: orgId, ...values, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('org_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
};
