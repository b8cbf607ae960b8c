import type { Executor } from '../../../db/database.js';

/* Who is about to expire or run short, who to tell, and what was told already. */

/** Organisations whose validity ends between two days (inclusive), with their warning memory. */
export const listOrganizationsExpiringBetween = (db: Executor, from: string, to: string) =>
  db
    .selectFrom('organization')
    .innerJoin('user as owner', 'owner.id', 'organization.owner_user_id')
    .leftJoin('org_billing', 'org_billing.org_id', 'organization.id')
    .select([
      'organization.id',
      'organization.name',
      'owner.validate_until_date as validity',
      'org_billing.expiry_warning',
    ])
    .where('owner.validate_until_date', '>=', from)
    .where('owner.validate_until_date', '<=', to)
    .execute();

/**
 * Remembers a warning as sent; false when it was remembered already (by an earlier run or another
 * node), so each warning goes out once.
 */
export const rememberWarning = async (
  db: Executor,
  orgId: number,
  column: 'expiry_warning' | 'balance_warning',
  value: string,
  now: number,
): Promise<boolean> => {
  const result = await db
    .insertInto('org_billing')
    .values({ org_id: orgId, [column]: value, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('org_id')
        .doUpdateSet({ [column]: value, updated_at: now })
        .where((eb) =>
          eb.or([eb(`org_billing.${column}`, 'is', null), eb(`org_billing.${column}`, '<>', value)]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
};

/** The admins of these organisations who can receive mail (enabled, with an address). */
export const listAdminRecipients = async (db: Executor, orgIds: readonly number[]) => {
  if (orgIds.length === 0) return [];
  return db
    .selectFrom('user')
    .innerJoin('user_role', 'user_role.user_id', 'user.id')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .select(['user.id', 'user.org_id', 'user.email', 'user.language'])
    .distinct()
    .where('role.value', '=', 'ROLE_ADMIN')
    .where('user.org_id', 'in', [...orgIds])
    .where('user.enabled', '=', 1)
    .where('user.is_robot', '=', 0)
    .where('user.deleted_at', 'is', null)
    .where('user.email', 'is not', null)
    .execute();
};
