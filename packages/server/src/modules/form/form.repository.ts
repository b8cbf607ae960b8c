import type { Executor } from '../../db/database.js';

/*
 * Kysely queries of the pre-chat and after-chat uses of builder forms (issue 16) and of the answers
 * given before a conversation; every one is scoped by org_id.
 */

/** A builder form's live version by its row id (undefined when never published or another organisation's). */
export const findLiveFormById = (db: Executor, orgId: number, formId: number) =>
  db
    .selectFrom('chat_form')
    .innerJoin('form_version', (join) =>
      join
        .onRef('form_version.form_id', '=', 'chat_form.id')
        .onRef('form_version.version', '=', 'chat_form.version'),
    )
    .select([
      'chat_form.id',
      'chat_form.fid',
      'chat_form.org_id',
      'form_version.version',
      'form_version.title',
      'form_version.fields',
      'chat_form.created_at',
      'chat_form.updated_at',
    ])
    .where('chat_form.org_id', '=', orgId)
    .where('chat_form.id', '=', formId)
    .where('chat_form.kind', '=', 'survey')
    .executeTakeFirst();

/** A builder form of the organisation by fid, with whether it has a live version. */
export const findSurveyRef = (db: Executor, orgId: number, fid: string) =>
  db
    .selectFrom('chat_form')
    .select(['id', 'fid', 'title', 'version'])
    .where('org_id', '=', orgId)
    .where('fid', '=', fid)
    .where('kind', '=', 'survey')
    .executeTakeFirst();

export const findDefaultFormId = async (db: Executor, orgId: number, purpose: string) => {
  const row = await db
    .selectFrom('form_default')
    .select('form_id')
    .where('org_id', '=', orgId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row ? Number(row.form_id) : null;
};

export const setDefaultForm = async (db: Executor, orgId: number, purpose: string, formId: number | null) => {
  if (formId === null) {
    await db.deleteFrom('form_default').where('org_id', '=', orgId).where('purpose', '=', purpose).execute();
    return;
  }
  await db
    .insertInto('form_default')
    .values({ org_id: orgId, purpose, form_id: formId })
    .onConflict((oc) => oc.columns(['org_id', 'purpose']).doUpdateSet({ form_id: formId }))
    .execute();
};

export const findLiveWorkgroup = (db: Executor, orgId: number, wid: string) =>
  db
    .selectFrom('workgroup')
    .select(['id', 'wid', 'nickname', 'show_form', 'prechat_form_id', 'afterchat_form_id'])
    .where('org_id', '=', orgId)
    .where('wid', '=', wid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

export const findLiveWorkgroupById = (db: Executor, orgId: number, id: number) =>
  db
    .selectFrom('workgroup')
    .select(['id', 'wid', 'nickname', 'show_form', 'prechat_form_id', 'afterchat_form_id'])
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();

/** The organisation's live skill groups among these wids (a form's routes must name them). */
export const findLiveWids = async (db: Executor, orgId: number, wids: string[]): Promise<Set<string>> => {
  if (wids.length === 0) return new Set();
  const rows = await db
    .selectFrom('workgroup')
    .select('wid')
    .where('org_id', '=', orgId)
    .where('wid', 'in', wids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.wid));
};

export const setWorkgroupPrechatForm = async (
  db: Executor,
  orgId: number,
  workgroupId: number,
  formId: number,
) => {
  await db
    .updateTable('workgroup')
    .set({ prechat_form_id: formId })
    .where('org_id', '=', orgId)
    .where('id', '=', workgroupId)
    .execute();
};

export const findThreadOfOrg = (db: Executor, orgId: number, tid: string) =>
  db
    .selectFrom('thread')
    .select(['id', 'tid', 'cycle', 'visitor_id'])
    .where('org_id', '=', orgId)
    .where('tid', '=', tid)
    .executeTakeFirst();

/** Answers to the built-in form (and to every pre-chat form before issue 16). */
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

/** The newest answer to a builder pre-chat form given for this thread, with the version's items. */
export const findLatestPrechatResponse = (db: Executor, orgId: number, threadId: number) =>
  db
    .selectFrom('form_response')
    .innerJoin('form_version', (join) =>
      join
        .onRef('form_version.form_id', '=', 'form_response.form_id')
        .onRef('form_version.version', '=', 'form_response.version'),
    )
    .select(['form_response.answers', 'form_response.created_at', 'form_version.fields'])
    .where('form_response.org_id', '=', orgId)
    .where('form_response.thread_id', '=', threadId)
    .where('form_response.source', '=', 'prechat')
    .orderBy('form_response.id', 'desc')
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
