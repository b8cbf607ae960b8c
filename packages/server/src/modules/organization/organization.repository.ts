import type { Executor } from '../../db/database.js';

export type OrganizationRow = {
  id: number;
  oid: string;
  name: string;
  sub_domain: string;
  owner_user_id: number | null;
};

export const insertOrganization = async (
  db: Executor,
  organization: { oid: string; name: string; subDomain: string; now: number },
): Promise<number> => {
  const row = await db
    .insertInto('organization')
    .values({
      oid: organization.oid,
      name: organization.name,
      sub_domain: organization.subDomain,
      owner_user_id: null,
      created_at: organization.now,
      updated_at: organization.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export const setOrganizationOwner = async (
  db: Executor,
  organizationId: number,
  userId: number,
  now: number,
): Promise<void> => {
  await db
    .updateTable('organization')
    .set({ owner_user_id: userId, updated_at: now })
    .where('id', '=', organizationId)
    .execute();
};

export const isSubDomainTaken = async (db: Executor, subDomain: string): Promise<boolean> => {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('sub_domain', '=', subDomain)
    .executeTakeFirst();
  return row !== undefined;
};

/** The signed-in user's own organisation: callers pass the principal's orgId, never a client id. */
export const findOrganizationById = async (
  db: Executor,
  organizationId: number,
): Promise<OrganizationRow | undefined> =>
  db
    .selectFrom('organization')
    .select(['id', 'oid', 'name', 'sub_domain', 'owner_user_id'])
    .where('id', '=', organizationId)
    .executeTakeFirst();

export const findOrganizationBySubDomain = async (db: Executor, subDomain: string) =>
  db
    .selectFrom('organization')
    .select(['id', 'oid', 'name', 'sub_domain'])
    .where('sub_domain', '=', subDomain)
    .executeTakeFirst();

/** The sites allowed to embed the chat page: the stored JSON list of an organisation (issue 12). */
export const findEmbedSites = async (db: Executor, organizationId: number) =>
  db
    .selectFrom('organization')
    .select(['sub_domain', 'embed_sites'])
    .where('id', '=', organizationId)
    .executeTakeFirst();

export const findEmbedSitesBySubDomain = async (db: Executor, subDomain: string) =>
  db.selectFrom('organization').select('embed_sites').where('sub_domain', '=', subDomain).executeTakeFirst();

export const updateEmbedSites = async (
  db: Executor,
  organizationId: number,
  sitesJson: string,
  now: number,
): Promise<void> => {
  await db
    .updateTable('organization')
    .set({ embed_sites: sitesJson, updated_at: now })
    .where('id', '=', organizationId)
    .execute();
};
