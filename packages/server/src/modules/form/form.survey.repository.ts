import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { Database } from '../../db/schema.js';

/* Kysely queries of builder forms (issue 16), their versions, answers and page sessions; every one is scoped by org_id. */

const surveyColumns = [
  'chat_form.id',
  'chat_form.fid',
  'chat_form.title',
  'chat_form.description',
  'chat_form.fields',
  'chat_form.settings',
  'chat_form.version',
  'chat_form.is_changed',
  'chat_form.created_at',
  'chat_form.updated_at',
  'chat_form.published_at',
] as const;

const selectSurveys = (db: Executor, orgId: number) =>
  db
    .selectFrom('chat_form')
    .where('chat_form.org_id', '=', orgId)
    .where('chat_form.kind', '=', 'survey')
    .select(surveyColumns)
    .select((eb) =>
      eb
        .selectFrom('form_response')
        .whereRef('form_response.form_id', '=', 'chat_form.id')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .as('answer_count'),
    );

export type SurveyRow = Awaited<ReturnType<ReturnType<typeof selectSurveys>['executeTakeFirstOrThrow']>>;

export const findSurvey = (db: Executor, orgId: number, fid: string) =>
  selectSurveys(db, orgId).where('chat_form.fid', '=', fid).executeTakeFirst();

export type SurveyFilter = {
  q?: string;
  status?: 'draft' | 'published' | 'changed';
  use?: 'prechat' | 'afterchat';
};

const surveyFilter =
  (orgId: number, filter: SurveyFilter) => (eb: ExpressionBuilder<Database, 'chat_form'>) => {
    const parts = [eb('chat_form.org_id', '=', orgId), eb('chat_form.kind', '=', 'survey')];
    if (filter.q)
      parts.push(
        eb(
          sql<string>`lower(chat_form.title)`,
          'like',
          sql<string>`${`%${escapeLike(filter.q.toLowerCase())}%`} escape '\\'`,
        ),
      );
    if (filter.status === 'draft') parts.push(eb('chat_form.version', '=', 0));
    if (filter.status === 'published')
      parts.push(eb('chat_form.version', '>', 0), eb('chat_form.is_changed', '=', 0));
    if (filter.status === 'changed')
      parts.push(eb('chat_form.version', '>', 0), eb('chat_form.is_changed', '=', 1));
    if (filter.use) {
      const column = filter.use === 'prechat' ? 'workgroup.prechat_form_id' : 'workgroup.afterchat_form_id';
      const byGroup = eb.exists(
        eb
          .selectFrom('workgroup')
          .select('workgroup.id')
          .whereRef(column, '=', 'chat_form.id')
          .where('workgroup.deleted_at', 'is', null),
      );
      const byDefault = eb.exists(
        eb
          .selectFrom('form_default')
          .select('form_default.id')
          .whereRef('form_default.form_id', '=', 'chat_form.id')
          .where('form_default.purpose', '=', filter.use),
      );
      parts.push(eb.or([byGroup, byDefault]));
    }
    return eb.and(parts);
  };

export const pageSurveys = async (
  db: Executor,
  orgId: number,
  filter: SurveyFilter,
  paging: { page: number; size: number },
) => {
  const rows = await selectSurveys(db, orgId)
    .where(surveyFilter(orgId, filter))
    .orderBy('chat_form.updated_at', 'desc')
    .orderBy('chat_form.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await db
    .selectFrom('chat_form')
    .where(surveyFilter(orgId, filter))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

export const insertSurvey = async (
  db: Executor,
  values: {
    fid: string;
    orgId: number;
    title: string;
    description: string;
    fields: string;
    settings: string;
    now: number;
  },
) => {
  await db
    .insertInto('chat_form')
    .values({
      fid: values.fid,
      org_id: values.orgId,
      workgroup_id: null,
      kind: 'survey',
      title: values.title,
      description: values.description,
      fields: values.fields,
      settings: values.settings,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

/** Saving the working copy of a published form marks it changed (a draft until published again). */
export const updateSurvey = async (
  db: Executor,
  orgId: number,
  id: number,
  values: { title: string; description: string; fields: string; settings: string; now: number },
) => {
  await db
    .updateTable('chat_form')
    .set({
      title: values.title,
      description: values.description,
      fields: values.fields,
      settings: values.settings,
      updated_at: values.now,
      is_changed: sql<number>`case when version > 0 then 1 else 0 end`,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('kind', '=', 'survey')
    .execute();
};

/** Freezes the working copy as the next version; conditional on the version read, so two publishes make two versions. */
export const publishSurvey = async (
  db: Executor,
  values: { orgId: number; id: number; fromVersion: number; now: number },
): Promise<boolean> => {
  const updated = await db
    .updateTable('chat_form')
    .set({ version: values.fromVersion + 1, is_changed: 0, published_at: values.now })
    .where('org_id', '=', values.orgId)
    .where('id', '=', values.id)
    .where('version', '=', values.fromVersion)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('form_version')
    .columns(['org_id', 'form_id', 'version', 'title', 'description', 'fields', 'settings', 'published_at'])
    .expression((eb) =>
      eb
        .selectFrom('chat_form')
        .where('id', '=', values.id)
        .select([
          'org_id',
          'id',
          'version',
          'title',
          'description',
          'fields',
          'settings',
          eb.val(values.now).as('published_at'),
        ]),
    )
    .execute();
  return true;
};

export const deleteSurvey = async (db: Executor, orgId: number, id: number) => {
  await db
    .deleteFrom('chat_form')
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('kind', '=', 'survey')
    .execute();
};

export const findVersion = (db: Executor, orgId: number, formId: number, version: number) =>
  db
    .selectFrom('form_version')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('form_id', '=', formId)
    .where('version', '=', version)
    .executeTakeFirst();

export const listVersions = (db: Executor, orgId: number, formId: number) =>
  db
    .selectFrom('form_version')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('form_id', '=', formId)
    .orderBy('version', 'desc')
    .execute();

/** A published form by its public id, across organisations (the public page knows only the fid). */
export const findLiveSurvey = (db: Executor, fid: string) =>
  db
    .selectFrom('chat_form')
    .innerJoin('form_version', (join) =>
      join
        .onRef('form_version.form_id', '=', 'chat_form.id')
        .onRef('form_version.version', '=', 'chat_form.version'),
    )
    .select([
      'chat_form.id',
      'chat_form.org_id',
      'chat_form.fid',
      'form_version.version',
      'form_version.title',
      'form_version.description',
      'form_version.fields',
      'form_version.settings',
    ])
    .where('chat_form.fid', '=', fid)
    .where('chat_form.kind', '=', 'survey')
    .executeTakeFirst();

/* ---- answers ---- */

export type ResponseFilter = { version?: number; from?: number; to?: number };

const selectResponses = (db: Executor, orgId: number, formId: number, filter: ResponseFilter) => {
  let query = db
    .selectFrom('form_response')
    .leftJoin('thread', 'thread.id', 'form_response.thread_id')
    .where('form_response.org_id', '=', orgId)
    .where('form_response.form_id', '=', formId);
  if (filter.version !== undefined) query = query.where('form_response.version', '=', filter.version);
  if (filter.from !== undefined) query = query.where('form_response.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('form_response.created_at', '<', filter.to);
  return query.select([
    'form_response.id',
    'form_response.rid',
    'form_response.version',
    'form_response.answers',
    'form_response.duration_ms',
    'form_response.created_at',
    'form_response.source',
    'thread.tid as tid',
  ]);
};

export type ResponseRow = Awaited<ReturnType<ReturnType<typeof selectResponses>['executeTakeFirstOrThrow']>>;

export const pageResponses = async (
  db: Executor,
  orgId: number,
  formId: number,
  filter: ResponseFilter,
  paging: { page: number; size: number },
) => {
  const rows = await selectResponses(db, orgId, formId, filter)
    .orderBy('form_response.created_at', 'desc')
    .orderBy('form_response.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  let count = db
    .selectFrom('form_response')
    .where('org_id', '=', orgId)
    .where('form_id', '=', formId)
    .select((eb) => eb.fn.countAll<number>().as('count'));
  if (filter.version !== undefined) count = count.where('version', '=', filter.version);
  if (filter.from !== undefined) count = count.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) count = count.where('created_at', '<', filter.to);
  const total = await count.executeTakeFirstOrThrow();
  return { rows, total: Number(total.count) };
};

/** Every answer matching the filter, newest first, up to `limit` (export and statistics). */
export const listResponses = (
  db: Executor,
  orgId: number,
  formId: number,
  filter: ResponseFilter,
  limit: number,
) =>
  selectResponses(db, orgId, formId, filter)
    .orderBy('form_response.created_at', 'desc')
    .orderBy('form_response.id', 'desc')
    .limit(limit)
    .execute();

export const findResponse = (db: Executor, orgId: number, rid: string) =>
  db
    .selectFrom('form_response')
    .innerJoin('chat_form', 'chat_form.id', 'form_response.form_id')
    .leftJoin('thread', 'thread.id', 'form_response.thread_id')
    .where('form_response.org_id', '=', orgId)
    .where('form_response.rid', '=', rid)
    .select([
      'form_response.rid',
      'form_response.form_id',
      'form_response.version',
      'form_response.answers',
      'form_response.duration_ms',
      'form_response.created_at',
      'form_response.source',
      'chat_form.fid',
      'thread.tid as tid',
    ])
    .executeTakeFirst();

export const insertResponse = async (
  db: Executor,
  values: {
    rid: string;
    orgId: number;
    formId: number;
    version: number;
    threadId: number | null;
    visitorHash: string;
    ipHash: string;
    answers: string;
    durationMs: number | null;
    /** How it was given (contract formResponseSourceValues); the public page by default. */
    source?: string;
    now: number;
  },
) => {
  await db
    .insertInto('form_response')
    .values({
      rid: values.rid,
      org_id: values.orgId,
      form_id: values.formId,
      version: values.version,
      thread_id: values.threadId,
      visitor_hash: values.visitorHash,
      ip_hash: values.ipHash,
      answers: values.answers,
      duration_ms: values.durationMs,
      source: values.source ?? 'page',
      created_at: values.now,
    })
    .execute();
};

/** Whether this visitor (cookie) or address already answered the form (any version). */
export const hasAnswered = async (
  db: Executor,
  formId: number,
  keys: { visitorHash: string; ipHash: string },
): Promise<boolean> => {
  const row = await db
    .selectFrom('form_response')
    .select('id')
    .where('form_id', '=', formId)
    .where((eb) =>
      eb.or([
        eb('visitor_hash', '=', keys.visitorHash),
        ...(keys.ipHash ? [eb('ip_hash', '=', keys.ipHash)] : []),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};

/* ---- page sessions: views, starts, drop-off ---- */

export const findSession = (db: Executor, formId: number, version: number, visitorHash: string) =>
  db
    .selectFrom('form_session')
    .selectAll()
    .where('form_id', '=', formId)
    .where('version', '=', version)
    .where('visitor_hash', '=', visitorHash)
    .executeTakeFirst();

/** One session per visitor and version: a reload is not a second view. */
export const recordView = async (
  db: Executor,
  values: { orgId: number; formId: number; version: number; visitorHash: string; now: number },
) => {
  await db
    .insertInto('form_session')
    .values({
      org_id: values.orgId,
      form_id: values.formId,
      version: values.version,
      visitor_hash: values.visitorHash,
      viewed_at: values.now,
    })
    .onConflict((oc) => oc.columns(['form_id', 'version', 'visitor_hash']).doNothing())
    .execute();
};

/** The furthest item answered; only ever moves forward. */
export const recordProgress = async (
  db: Executor,
  values: { formId: number; version: number; visitorHash: string; key: string; index: number; now: number },
) => {
  await db
    .updateTable('form_session')
    .set({
      started_at: sql<number>`coalesce(started_at, ${values.now})`,
      last_key: values.key,
      last_index: values.index,
    })
    .where('form_id', '=', values.formId)
    .where('version', '=', values.version)
    .where('visitor_hash', '=', values.visitorHash)
    .where('last_index', '<', values.index)
    .where('submitted_at', 'is', null)
    .execute();
};

export const recordSubmitted = async (
  db: Executor,
  values: { formId: number; version: number; visitorHash: string; now: number },
) => {
  await db
    .updateTable('form_session')
    .set({ started_at: sql<number>`coalesce(started_at, ${values.now})`, submitted_at: values.now })
    .where('form_id', '=', values.formId)
    .where('version', '=', values.version)
    .where('visitor_hash', '=', values.visitorHash)
    .execute();
};

export const sessionFigures = async (db: Executor, orgId: number, formId: number, filter: ResponseFilter) => {
  let query = db.selectFrom('form_session').where('org_id', '=', orgId).where('form_id', '=', formId);
  if (filter.version !== undefined) query = query.where('version', '=', filter.version);
  if (filter.from !== undefined) query = query.where('viewed_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('viewed_at', '<', filter.to);
  const totals = await query
    .select((eb) => [
      eb.fn.countAll<number>().as('views'),
      eb.fn.count<number>('started_at').as('starts'),
      eb.fn.count<number>('submitted_at').as('submitted'),
    ])
    .executeTakeFirstOrThrow();
  const stops = await query
    .where('started_at', 'is not', null)
    .where('submitted_at', 'is', null)
    .where('last_key', 'is not', null)
    .select((eb) => ['last_key', eb.fn.countAll<number>().as('count')])
    .groupBy('last_key')
    .execute();
  return {
    views: Number(totals.views),
    starts: Number(totals.starts),
    stops: new Map(stops.map((row) => [row.last_key ?? '', Number(row.count)])),
  };
};
