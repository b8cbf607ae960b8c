import type { CustomerFilter } from '@openkefu/contract';
import { sql, type Selectable } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';
import type { CrmFieldTable, CustomerTable } from '../../db/schema.js';

/* Kysely queries of the CRM. Every function takes the organisation id and filters by it. */

export type CustomerRow = Selectable<CustomerTable> & {
  owner_uid: string | null;
  owner_nickname: string | null;
};
export type CrmFieldRow = Selectable<CrmFieldTable>;

const selectCustomers = (db: Executor) =>
  db
    .selectFrom('customer')
    .leftJoin('user as owner', 'owner.id', 'customer.owner_id')
    .selectAll('customer')
    .select(['owner.uid as owner_uid', 'owner.nickname as owner_nickname']);

export const findCustomerByCid = (
  db: Executor,
  orgId: number,
  cid: string,
): Promise<CustomerRow | undefined> =>
  selectCustomers(db).where('customer.org_id', '=', orgId).where('customer.cid', '=', cid).executeTakeFirst();

export const findCustomerById = (db: Executor, orgId: number, id: number): Promise<CustomerRow | undefined> =>
  selectCustomers(db).where('customer.org_id', '=', orgId).where('customer.id', '=', id).executeTakeFirst();

export const findCustomerByExternalId = (db: Executor, orgId: number, externalId: string) =>
  selectCustomers(db)
    .where('customer.org_id', '=', orgId)
    .where('customer.external_id', '=', externalId)
    .executeTakeFirst();

export const listCustomersByCids = (db: Executor, orgId: number, cids: readonly string[]) =>
  cids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('customer')
        .select(['id', 'cid', 'name'])
        .where('org_id', '=', orgId)
        .where('cid', 'in', [...cids])
        .execute();

/** Customers of the organisation with this (normalised) email or mobile, oldest first. */
export const listCustomersByContact = (
  db: Executor,
  orgId: number,
  contact: { email: string; mobile: string },
  exceptId?: number,
) => {
  if (!contact.email && !contact.mobile) return Promise.resolve([]);
  return selectCustomers(db)
    .where('customer.org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        ...(contact.email ? [eb('customer.email', '=', contact.email)] : []),
        ...(contact.mobile ? [eb('customer.mobile', '=', contact.mobile)] : []),
      ]),
    )
    .$if(exceptId !== undefined, (query) => query.where('customer.id', '!=', exceptId ?? 0))
    .orderBy('customer.id')
    .limit(50)
    .execute();
};

const customFieldSql = (dialect: DialectName, key: string) =>
  dialect === 'postgres'
    ? sql<string>`(customer.custom_fields::jsonb ->> ${key})`
    : sql<string>`cast(json_extract(customer.custom_fields, ${`$."${key.replace(/"/g, '')}"`}) as text)`;

export const pageCustomers = async (
  db: Executor,
  dialect: DialectName,
  orgId: number,
  filter: CustomerFilter & { ownerId?: number | null },
  paging: { page: number; size: number },
): Promise<{ rows: CustomerRow[]; total: number }> => {
  let query = db.selectFrom('customer').where('customer.org_id', '=', orgId);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        (['name', 'email', 'mobile', 'company'] as const).map((column) =>
          eb(sql`lower(customer.${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  if (filter.tag) {
    const tag = filter.tag;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_tag')
          .select('customer_tag.tag')
          .whereRef('customer_tag.customer_id', '=', 'customer.id')
          .where('customer_tag.tag', '=', tag),
      ),
    );
  }
  if (filter.ownerId === null) query = query.where('customer.owner_id', 'is', null);
  else if (filter.ownerId !== undefined) query = query.where('customer.owner_id', '=', filter.ownerId);
  if (filter.channel) query = query.where('customer.channel', '=', filter.channel);
  if (filter.lastContactFrom !== undefined)
    query = query.where('customer.last_contact_at', '>=', filter.lastContactFrom);
  if (filter.lastContactTo !== undefined)
    query = query.where('customer.last_contact_at', '<=', filter.lastContactTo);
  if (filter.fieldKey && filter.fieldValue !== undefined)
    query = query.where(customFieldSql(dialect, filter.fieldKey), '=', filter.fieldValue);

  const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const ids = await query
    .select('customer.id')
    .orderBy('customer.updated_at', 'desc')
    .orderBy('customer.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  if (ids.length === 0) return { rows: [], total: Number(count.count) };
  const rows = await selectCustomers(db)
    .where(
      'customer.id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('customer.updated_at', 'desc')
    .orderBy('customer.id', 'desc')
    .execute();
  return { rows, total: Number(count.count) };
};

/** Every customer of the organisation, for the export (capped). */
/** Every customer, oldest first; only those of `channel` when given (the robot's leads: `lead`). */
export const listAllCustomers = (db: Executor, orgId: number, limit: number, channel?: string) => {
  let query = selectCustomers(db).where('customer.org_id', '=', orgId);
  if (channel) query = query.where('customer.channel', '=', channel);
  return query.orderBy('customer.id').limit(limit).execute();
};

export const listTagsOf = async (
  db: Executor,
  customerIds: readonly number[],
): Promise<Map<number, string[]>> => {
  const map = new Map<number, string[]>();
  if (customerIds.length === 0) return map;
  const rows = await db
    .selectFrom('customer_tag')
    .select(['customer_id', 'tag'])
    .where('customer_id', 'in', [...customerIds])
    .orderBy('tag')
    .execute();
  for (const row of rows) map.set(row.customer_id, [...(map.get(row.customer_id) ?? []), row.tag]);
  return map;
};

export const listVisitorsOf = async (db: Executor, orgId: number, customerIds: readonly number[]) => {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('visitor')
    .select(['id', 'vid', 'nickname', 'avatar', 'client', 'customer_id'])
    .where('org_id', '=', orgId)
    .where('customer_id', 'in', [...customerIds])
    .orderBy('id')
    .execute();
};

export const replaceTags = async (
  db: Executor,
  customerId: number,
  tags: readonly string[],
): Promise<void> => {
  await db.deleteFrom('customer_tag').where('customer_id', '=', customerId).execute();
  const unique = [...new Set(tags)];
  if (unique.length > 0)
    await db
      .insertInto('customer_tag')
      .values(unique.map((tag) => ({ customer_id: customerId, tag })))
      .execute();
};

export const addTags = async (db: Executor, customerIds: readonly number[], tags: readonly string[]) => {
  const unique = [...new Set(tags)];
  if (customerIds.length === 0 || unique.length === 0) return;
  await db
    .insertInto('customer_tag')
    .values(customerIds.flatMap((customerId) => unique.map((tag) => ({ customer_id: customerId, tag }))))
    .onConflict((oc) => oc.columns(['customer_id', 'tag']).doNothing())
    .execute();
};

export const removeTags = async (db: Executor, customerIds: readonly number[], tags: readonly string[]) => {
  if (customerIds.length === 0 || tags.length === 0) return;
  await db
    .deleteFrom('customer_tag')
    .where('customer_id', 'in', [...customerIds])
    .where('tag', 'in', [...tags])
    .execute();
};

export const findAccountIdByUid = async (
  db: Executor,
  orgId: number,
  uid: string,
): Promise<number | undefined> =>
  (
    await db
      .selectFrom('user')
      .select('id')
      .where('org_id', '=', orgId)
      .where('uid', '=', uid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  )?.id;

export const listFields = (db: Executor, orgId: number): Promise<CrmFieldRow[]> =>
  db.selectFrom('crm_field').selectAll().where('org_id', '=', orgId).orderBy('sort').orderBy('id').execute();

export const findFieldByFid = (db: Executor, orgId: number, fid: string): Promise<CrmFieldRow | undefined> =>
  db
    .selectFrom('crm_field')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('fid', '=', fid)
    .executeTakeFirst();

export const findVisitorOfOrg = (db: Executor, orgId: number, vid: string) =>
  db
    .selectFrom('visitor')
    .select(['id', 'vid', 'customer_id', 'client', 'first_visit_at', 'last_visit_at'])
    .where('org_id', '=', orgId)
    .where('vid', '=', vid)
    .executeTakeFirst();

export const listNotes = (db: Executor, orgId: number, customerId: number) =>
  db
    .selectFrom('customer_note')
    .leftJoin('user', 'user.id', 'customer_note.author_id')
    .select([
      'customer_note.nid',
      'customer_note.content',
      'customer_note.created_at',
      'user.uid as author_uid',
      'user.nickname as author_nickname',
    ])
    .where('customer_note.org_id', '=', orgId)
    .where('customer_note.customer_id', '=', customerId)
    .orderBy('customer_note.created_at', 'desc')
    .orderBy('customer_note.id', 'desc')
    .execute();

/** Conversations of the customer's visitors, newest first. */
export const listConversationsOf = (db: Executor, orgId: number, customerId: number, limit: number) =>
  db
    .selectFrom('thread')
    .innerJoin('visitor', 'visitor.id', 'thread.visitor_id')
    .select(['thread.tid', 'thread.content', 'thread.status', 'thread.created_at'])
    .where('thread.org_id', '=', orgId)
    .where('visitor.customer_id', '=', customerId)
    .orderBy('thread.created_at', 'desc')
    .limit(limit)
    .execute();

export const listFeedbackOf = (db: Executor, orgId: number, customerId: number, limit: number) =>
  db
    .selectFrom('feedback')
    .select(['fid', 'content', 'status', 'created_at'])
    .where('org_id', '=', orgId)
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

export const findIdentitySecret = (db: Executor, orgId: number) =>
  db.selectFrom('crm_identity').selectAll().where('org_id', '=', orgId).executeTakeFirst();

export const saveIdentitySecret = async (db: Executor, orgId: number, sealed: string, now: number) => {
  await db
    .insertInto('crm_identity')
    .values({ org_id: orgId, secret_sealed: sealed, created_at: now })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ secret_sealed: sealed, created_at: now }))
    .execute();
};
