import type { Executor } from '../../db/database.js';

const visitorColumns = [
  'visitor.id',
  'visitor.vid',
  'visitor.org_id',
  'visitor.nickname',
  'visitor.avatar',
  'visitor.client',
  'visitor.ip',
  'visitor.user_agent',
  'visitor.page',
  'visitor.referrer',
  'visitor.email',
  'visitor.mobile',
  'visitor.note',
  'visitor.visit_count',
  'visitor.first_visit_at',
  'visitor.last_visit_at',
] as const;

const selectVisitors = (db: Executor) => db.selectFrom('visitor').select(visitorColumns);
export type VisitorRow = Awaited<ReturnType<ReturnType<typeof selectVisitors>['executeTakeFirstOrThrow']>>;

export const findVisitorByTokenHash = (db: Executor, tokenHash: string) =>
  selectVisitors(db).where('visitor.token_hash', '=', tokenHash).executeTakeFirst();

export const findVisitorById = (db: Executor, orgId: number, id: number) =>
  selectVisitors(db).where('visitor.org_id', '=', orgId).where('visitor.id', '=', id).executeTakeFirst();

export const findVisitorByVid = (db: Executor, orgId: number, vid: string) =>
  selectVisitors(db).where('visitor.org_id', '=', orgId).where('visitor.vid', '=', vid).executeTakeFirst();

export type VisitorValues = {
  vid: string;
  orgId: number;
  tokenHash: string;
  nickname: string;
  client: string;
  ip: string;
  userAgent: string;
  page: string;
  referrer: string;
  now: number;
};

export const insertVisitor = async (db: Executor, values: VisitorValues): Promise<number> => {
  const row = await db
    .insertInto('visitor')
    .values({
      vid: values.vid,
      org_id: values.orgId,
      token_hash: values.tokenHash,
      nickname: values.nickname,
      client: values.client,
      ip: values.ip,
      user_agent: values.userAgent,
      page: values.page,
      referrer: values.referrer,
      first_visit_at: values.now,
      last_visit_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

/** A returning visit: where it came from this time, and one more visit. */
export const recordVisit = async (
  db: Executor,
  id: number,
  visit: { client: string; ip: string; userAgent: string; page: string; referrer: string; now: number },
): Promise<void> => {
  await db
    .updateTable('visitor')
    .set((eb) => ({
      client: visit.client,
      ip: visit.ip,
      user_agent: visit.userAgent,
      page: visit.page,
      referrer: visit.referrer,
      last_visit_at: visit.now,
      visit_count: eb('visit_count', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
  // CRM hook (issue 15): the customer the visitor was identified as was last in contact now.
  await db
    .updateTable('customer')
    .set({ last_contact_at: visit.now })
    .where('id', '=', (eb) => eb.selectFrom('visitor').select('customer_id').where('visitor.id', '=', id))
    .execute();
};

export const updateVisitor = async (
  db: Executor,
  orgId: number,
  id: number,
  values: Partial<{ nickname: string; email: string; mobile: string; note: string }>,
): Promise<void> => {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('visitor').set(values).where('org_id', '=', orgId).where('id', '=', id).execute();
};
