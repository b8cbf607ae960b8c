import type { Executor } from '../../db/database.js';

/* Kysely queries of pre-chat forms and their answers; every one is scoped by org_id. */

const selectForms = (db: Executor) =>
  db
    .selectFrom('chat_form')
    .leftJoin('workgroup', 'workgroup.id', 'chat_form.workgroup_id')
    .select([
      'chat_form.id',
      'chat_form.fid',
      'chat_form.org_id',
      'chat_form.workgroup_id',
      'chat_form.title',
      'chat_form.fields',
      'chat_form.created_at',
      'chat_form.updated_at',
      'workgroup.wid as workgroup_wid',
      'workgroup.nickname as workgroup_nickname',
    ]);

export type FormRow = Awaited<ReturnType<ReturnType<typeof selectForms>['executeTakeFirstOrThrow']>>;

/** The form saved for a skill group, or (workgroupId null) the organisation's default. */
export const findFormOf = (db: Executor, orgId: number, workgroupId: number | null) => {
  // Builder forms (kind survey, issue 16) share the table but are never a pre-chat form.
  const query = selectForms(db).where('chat_form.org_id', '=', orgId).where('chat_form.kind', '=', 'prechat');
  return (
    workgroupId === null
      ? query.where('chat_form.workgroup_id', 'is', null)
      : query.where('chat_form.workgroup_id', '=', workgroupId)
  )
    .orderBy('chat_form.id')
    .executeTakeFirst();
};

export const findFormByFid = (db: Executor, orgId: number, fid: string) =>
  selectForms(db)
    .where('chat_form.org_id', '=', orgId)
    .where('chat_form.kind', '=', 'prechat')
    .where('chat_form.fid', '=', fid)
    .executeTakeFirst();

/** The organisation's saved forms: its default first, then the skill groups' by creation. */
export const pageForms = async (db: Executor, orgId: number, paging: { page: number; size: number }) => {
  const rows = await selectForms(db)
    .where('chat_form.org_id', '=', orgId)
    .where('chat_form.kind', '=', 'prechat')
    .orderBy((eb) => eb.case().when('chat_form.workgroup_id', 'is', null).then(0).else(1).end())
    .orderBy('chat_form.created_at', 'desc')
    .orderBy('chat_form.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await db
    .selectFrom('chat_form')
    .where('org_id', '=', orgId)
    .where('kind', '=', 'prechat')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

export const insertForm = async (
  db: Executor,
  values: {
    fid: string;
    orgId: number;
    workgroupId: number | null;
    title: string;
    fields: string;
    now: number;
  },
) => {
  await db
    .insertInto('chat_form')
    .values({
      fid: values.fid,
      org_id: values.orgId,
      workgroup_id: values.workgroupId,
      title: values.title,
      fields: values.fields,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

export const updateForm = async (
  db: Executor,
  orgId: number,
  id: number,
  values: { title: string; fields: string; now: number },
) => {
  await db
    .updateTable('chat_form')
    .set({ title: values.title, fields: values.fields, updated_at: values.now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const deleteForm = async (db: Executor, orgId: number, id: number) => {
  await db.deleteFrom('chat_form').where('org_id', '=', orgId).where('id', '=', id).execute();
};

export const findLiveWorkgroup = (db: Executor, orgId: number, wid: string) =>
  db
    .selectFrom('workgroup')
    .select(['id', 'wid', 'nickname', 'show_form'])
    .where('org_id', '=', orgId)
    .where('wid', '=', wid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findThreadOfOrg = (db: Executor, orgId: number, tid: string) =>
  db
    .selectFrom('thread')
    .select(['id', 'tid', 'cycle', 'visitor_id'])
    .where('org_id', '=', orgId)
    .where('tid', '=', tid)
    .executeTakeFirst();

export const insertFormAnswer = async (
  db: Executor,
  values: { orgId: number; threadId: number; visitorId: number; cycle: number; answers: string; now: number },
) => {
  await db
    .insertInto('form_answer')
    .values({
      org_id: values.orgId,
      thread_id: values.threadId,
      visitor_id: values.visitorId,
      cycle: values.cycle,
      answers: values.answers,
      created_at: values.now,
    })
    .execute();
};

export const findLatestFormAnswer = (db: Executor, orgId: number, threadId: number) =>
  db
    .selectFrom('form_answer')
    .select(['answers', 'created_at'])
    .where('org_id', '=', orgId)
    .where('thread_id', '=', threadId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** What the form says about the visitor becomes its profile (the agent's panel shows it). */
export const updateVisitorContact = async (
  db: Executor,
  orgId: number,
  visitorId: number,
  values: { nickname?: string; mobile?: string; email?: string },
) => {
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('visitor')
    .set(values)
    .where('org_id', '=', orgId)
    .where('id', '=', visitorId)
    .execute();
};
