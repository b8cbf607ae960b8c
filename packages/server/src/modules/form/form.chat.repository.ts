import type { Executor } from '../../db/database.js';

/** Whether the thread holds an answer to the form given at or after `since` (the card's time). */
export const hasThreadAnswer = async (
  db: Executor,
  input: { formId: number; threadId: number; since: number },
): Promise<boolean> => {
  const row = await db
    .selectFrom('form_response')
    .select('id')
    .where('form_id', '=', input.formId)
    .where('thread_id', '=', input.threadId)
    .where('created_at', '>=', input.since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};

/** One answer of the organisation with its form and version (and the thread it was given in). */
export const findThreadAnswer = (db: Executor, orgId: number, rid: string) =>
  db
    .selectFrom('form_response')
    .innerJoin('chat_form', 'chat_form.id', 'form_response.form_id')
    .innerJoin('form_version', (join) =>
      join
        .onRef('form_version.form_id', '=', 'form_response.form_id')
        .onRef('form_version.version', '=', 'form_response.version'),
    )
    .where('form_response.org_id', '=', orgId)
    .where('form_response.rid', '=', rid)
    .select([
      'form_response.rid',
      'form_response.version',
      'form_response.answers',
      'form_response.thread_id',
      'form_response.created_at',
      'chat_form.fid',
      'form_version.title',
      'form_version.fields',
    ])
    .executeTakeFirst();

/** The organisation's forms with a live version (the title of that version), newest publish first. */
export const listPublishedSurveys = (db: Executor, orgId: number, limit: number) =>
  db
    .selectFrom('chat_form')
    .innerJoin('form_version', (join) =>
      join
        .onRef('form_version.form_id', '=', 'chat_form.id')
        .onRef('form_version.version', '=', 'chat_form.version'),
    )
    .where('chat_form.org_id', '=', orgId)
    .where('chat_form.kind', '=', 'survey')
    .where('chat_form.version', '>', 0)
    .select(['chat_form.fid', 'form_version.version', 'form_version.title', 'form_version.published_at'])
    .orderBy('form_version.published_at', 'desc')
    .orderBy('chat_form.id', 'desc')
    .limit(limit)
    .execute();
