import {
  describeFormError,
  formItemSchema,
  formResponseSourceValues,
  formValuesSchema,
  surveySaveBodySchema,
  surveySettingsSchema,
  toPage,
  validateFormAnswers,
  type FormItem,
  type FormResponseSource,
  type FormUse,
  type FormValues,
  type Language,
  type Page,
  type Survey,
  type SurveyItemStatistic,
  type SurveyQuery,
  type SurveyResponse,
  type SurveyResponseDetail,
  type SurveySettings,
  type SurveyStatistic,
  type SurveyVersion,
} from '@openkefu/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { writeWorkbook, type WorkbookColumn } from '../../lib/excel/excel.js';
import { createPublicId } from '../../lib/ids.js';
import type { Storage } from '../../lib/storage/storage.js';
import type { Principal } from '../auth/auth.service.js';
import './form.messages.js';
import { checkFormRoutes, listFormUses } from './form.uses.js';
import {
  deleteSurvey,
  findLiveSurvey,
  findResponse,
  findSession,
  findSurvey,
  findVersion,
  hasAnswered,
  insertResponse,
  insertSurvey,
  listResponses,
  listVersions,
  pageResponses,
  pageSurveys,
  publishSurvey,
  recordProgress,
  recordSubmitted,
  recordView,
  sessionFigures,
  updateSurvey,
  type ResponseFilter,
  type ResponseRow,
  type SurveyRow,
} from './form.survey.repository.js';

export type SurveyService = ReturnType<typeof createSurveyService>;

/** Rows read for an export or the statistics; beyond it the newest answers count. */
export const surveyReadLimit = 20_000;
const textsShown = 200;

const itemsSchema = z.array(formItemSchema);
const parseItems = (json: string): FormItem[] => itemsSchema.parse(JSON.parse(json));
const parseSettings = (json: string): SurveySettings => surveySettingsSchema.parse(JSON.parse(json));
const parseValues = (json: string): FormValues => formValuesSchema.parse(JSON.parse(json));

export const surveyPathOf = (fid: string) => `/form/${fid}`;

const toSurvey = (row: SurveyRow, origin: string, uses: FormUse[] = []): Survey => ({
  fid: row.fid,
  title: row.title,
  description: row.description,
  items: parseItems(row.fields),
  settings: parseSettings(row.settings),
  status: Number(row.version) === 0 ? 'draft' : Number(row.is_changed) === 1 ? 'changed' : 'published',
  version: Number(row.version),
  answerCount: Number(row.answer_count ?? 0),
  url: `${origin}${surveyPathOf(row.fid)}`,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
  publishedAt: row.published_at === null ? null : Number(row.published_at),
  uses,
});

const sourceOf = (value: string): FormResponseSource =>
  (formResponseSourceValues as readonly string[]).includes(value) ? (value as FormResponseSource) : 'page';

const toResponse = (row: ResponseRow, fid: string): SurveyResponse => ({
  rid: row.rid,
  fid,
  version: Number(row.version),
  answers: parseValues(row.answers),
  tid: row.tid ?? null,
  source: sourceOf(row.source),
  durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
  createdAt: Number(row.created_at),
});

/** A published form as the public page and the submit route see it. */
export type LiveSurvey = {
  id: number;
  orgId: number;
  fid: string;
  version: number;
  title: string;
  description: string;
  items: FormItem[];
  settings: SurveySettings;
};

const textTypes = new Set(['text', 'textarea', 'email', 'mobile', 'number', 'date']);

const valueText = (value: FormValues[string] | undefined): string =>
  value === undefined ? '' : Array.isArray(value) ? value.join('; ') : value;

/** Items of every version, newest version's order first, then items only older versions had. */
const unionItems = (versions: { fields: string }[]): FormItem[] => {
  const seen = new Map<string, FormItem>();
  for (const version of versions)
    for (const item of parseItems(version.fields)) if (!seen.has(item.key)) seen.set(item.key, item);
  return [...seen.values()].filter((item) => item.type !== 'section');
};

const headerTexts: Record<Language, { rid: string; createdAt: string; version: string; tid: string }> = {
  'en-US': { rid: 'Answer', createdAt: 'Submitted at (UTC)', version: 'Version', tid: 'Conversation' },
  'zh-CN': { rid: '答卷编号', createdAt: '提交时间（UTC）', version: '版本', tid: '会话' },
};

export const createSurveyService = (deps: { db: Executor; storage: Storage; now?: () => number }) => {
  const { db, storage } = deps;
  const now = deps.now ?? Date.now;

  const load = async (orgId: number, fid: string): Promise<SurveyRow> => {
    const row = await findSurvey(db, orgId, fid);
    if (!row) throw AppError.notFound('form.notFound', { fid });
    return row;
  };

  const page = async (principal: Principal, query: SurveyQuery, origin: string): Promise<Page<Survey>> => {
    const { rows, total } = await pageSurveys(db, principal.orgId, query, query);
    const uses = await listFormUses(
      db,
      principal.orgId,
      rows.map((row) => row.id),
    );
    return toPage(
      rows.map((row) => toSurvey(row, origin, uses.get(row.id))),
      total,
      query,
    );
  };

  const get = async (principal: Principal, fid: string, origin: string): Promise<Survey> => {
    const row = await load(principal.orgId, fid);
    const uses = await listFormUses(db, principal.orgId, [row.id]);
    return toSurvey(row, origin, uses.get(row.id));
  };

  const save = async (
    principal: Principal,
    body: z.output<typeof surveySaveBodySchema>,
    origin: string,
  ): Promise<Survey> => {
    await checkFormRoutes(db, principal.orgId, body.items, 'items');
    const values = {
      title: body.title,
      description: body.description,
      fields: JSON.stringify(body.items),
      settings: JSON.stringify(body.settings),
      now: now(),
    };
    let fid = body.fid;
    if (fid) {
      const row = await load(principal.orgId, fid);
      await updateSurvey(db, principal.orgId, row.id, values);
    } else {
      fid = createPublicId();
      await insertSurvey(db, { fid, orgId: principal.orgId, ...values });
    }
    return get(principal, fid, origin);
  };

  /** Freezes the working copy as the next version; the public page serves it at once. */
  const publish = async (principal: Principal, fid: string, origin: string): Promise<Survey> => {
    const row = await load(principal.orgId, fid);
    if (Number(row.version) > 0 && Number(row.is_changed) === 0) return toSurvey(row, origin);
    const items = parseItems(row.fields);
    if (items.every((item) => item.type === 'section'))
      throw AppError.badRequest('form.surveyEmpty', {
        fields: [{ field: 'items', message: 'add at least one question' }],
      });
    const done = await db.transaction().execute((trx) =>
      publishSurvey(trx, {
        orgId: principal.orgId,
        id: row.id,
        fromVersion: Number(row.version),
        now: now(),
      }),
    );
    if (!done) throw AppError.conflict('form.publishRace');
    return get(principal, fid, origin);
  };

  const remove = async (principal: Principal, fid: string): Promise<void> => {
    const row = await load(principal.orgId, fid);
    await deleteSurvey(db, principal.orgId, row.id);
  };

  const versions = async (principal: Principal, fid: string): Promise<SurveyVersion[]> => {
    const row = await load(principal.orgId, fid);
    return (await listVersions(db, principal.orgId, row.id)).map((version) => ({
      version: Number(version.version),
      title: version.title,
      description: version.description,
      items: parseItems(version.fields),
      settings: parseSettings(version.settings),
      publishedAt: Number(version.published_at),
    }));
  };

  const responses = async (
    principal: Principal,
    query: ResponseFilter & { fid: string; page: number; size: number },
  ): Promise<Page<SurveyResponse>> => {
    const row = await load(principal.orgId, query.fid);
    const { rows, total } = await pageResponses(db, principal.orgId, row.id, query, query);
    return toPage(
      rows.map((response) => toResponse(response, row.fid)),
      total,
      query,
    );
  };

  const filesOf = async (orgId: number, aids: string[]) => {
    if (aids.length === 0) return {};
    const rows = await db
      .selectFrom('attachment')
      .select(['aid', 'file_name', 'storage_key'])
      .where('org_id', '=', orgId)
      .where('aid', 'in', aids.slice(0, 500))
      .execute();
    return Object.fromEntries(
      rows.map((file) => [file.aid, { fileName: file.file_name, path: storage.url(file.storage_key) }]),
    );
  };

  const fileAidsOf = (items: FormItem[], answers: FormValues[]) => {
    const keys = items.filter((item) => item.type === 'file').map((item) => item.key);
    return [
      ...new Set(
        answers.flatMap((values) =>
          keys.map((key) => values[key]).filter((v): v is string => typeof v === 'string'),
        ),
      ),
    ];
  };

  const response = async (principal: Principal, rid: string): Promise<SurveyResponseDetail> => {
    const row = await findResponse(db, principal.orgId, rid);
    if (!row) throw AppError.notFound('form.responseNotFound', { rid });
    const version = await findVersion(db, principal.orgId, row.form_id, Number(row.version));
    const items = version ? parseItems(version.fields) : [];
    const answers = parseValues(row.answers);
    return {
      rid: row.rid,
      fid: row.fid,
      version: Number(row.version),
      answers,
      tid: row.tid ?? null,
      source: sourceOf(row.source),
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      createdAt: Number(row.created_at),
      items,
      files: await filesOf(principal.orgId, fileAidsOf(items, [answers])),
    };
  };

  /** Every answer as .xlsx: one column per item of any version, files as their addresses. */
  const exportSheet = async (
    principal: Principal,
    query: ResponseFilter & { fid: string },
    language: Language,
  ) => {
    const row = await load(principal.orgId, query.fid);
    const versionRows = await listVersions(db, principal.orgId, row.id);
    const items = unionItems(versionRows.length > 0 ? versionRows : [row]);
    const rows = await listResponses(db, principal.orgId, row.id, query, surveyReadLimit);
    const answers = rows.map((response) => parseValues(response.answers));
    const files = await filesOf(principal.orgId, fileAidsOf(items, answers));
    const texts = headerTexts[language];
    type Entry = { row: ResponseRow; values: FormValues };
    const columns: WorkbookColumn<Entry>[] = [
      { header: texts.rid, value: (entry) => entry.row.rid, width: 24 },
      {
        header: texts.createdAt,
        value: (entry) => new Date(Number(entry.row.created_at)).toISOString().replace('T', ' ').slice(0, 19),
      },
      { header: texts.version, value: (entry) => Number(entry.row.version), width: 10 },
      { header: texts.tid, value: (entry) => entry.row.tid ?? '', width: 24 },
      ...items.map((item): WorkbookColumn<Entry> => ({
        header: item.label || item.key,
        width: item.type === 'textarea' ? 40 : 20,
        value: (entry) => {
          const value = entry.values[item.key];
          if (item.type === 'file' && typeof value === 'string') return files[value]?.path ?? value;
          if ((item.type === 'rating' || item.type === 'nps') && typeof value === 'string')
            return Number(value);
          return valueText(value);
        },
      })),
    ];
    const content = await writeWorkbook({
      sheetName: row.title || 'Answers',
      columns,
      rows: rows.map((response, index) => ({ row: response, values: answers[index] ?? {} })),
    });
    const safeTitle = (row.title || 'form').replace(/[\\/:*?"<>|]+/g, '_').slice(0, 60);
    return { content, rows: rows.length, fileName: `${safeTitle}-${row.fid}.xlsx` };
  };

  const statistic = async (
    principal: Principal,
    query: ResponseFilter & { fid: string },
  ): Promise<SurveyStatistic> => {
    const row = await load(principal.orgId, query.fid);
    const chosenVersion =
      query.version !== undefined
        ? await findVersion(db, principal.orgId, row.id, query.version)
        : Number(row.version) > 0
          ? await findVersion(db, principal.orgId, row.id, Number(row.version))
          : undefined;
    const items = parseItems(chosenVersion?.fields ?? row.fields).filter((item) => item.type !== 'section');
    const rows = await listResponses(db, principal.orgId, row.id, query, surveyReadLimit);
    const answers = rows.map((response) => ({ row: response, values: parseValues(response.answers) }));
    const figures = await sessionFigures(db, principal.orgId, row.id, query);

    const itemStatistic = (item: FormItem): SurveyItemStatistic => {
      const given = answers.filter((entry) => entry.values[item.key] !== undefined);
      const answered = given.length;
      const counts = new Map<string, number>();
      const scale =
        item.type === 'rating'
          ? Array.from({ length: item.max ?? 5 }, (_, index) => String(index + 1))
          : item.type === 'nps'
            ? Array.from({ length: 11 }, (_, index) => String(index))
            : item.options;
      const isCounted =
        scale.length > 0 && (item.type === 'rating' || item.type === 'nps' || item.options.length > 0);
      if (isCounted) for (const option of scale) counts.set(option, 0);
      let sum = 0;
      for (const entry of given) {
        const value = entry.values[item.key];
        const list = Array.isArray(value) ? value : [value ?? ''];
        if (isCounted) for (const option of list) counts.set(option, (counts.get(option) ?? 0) + 1);
        if (item.type === 'rating' || item.type === 'nps') sum += Number(list[0]);
      }
      const isScore = item.type === 'rating' || item.type === 'nps';
      let nps: SurveyItemStatistic['nps'] = null;
      if (item.type === 'nps' && answered > 0) {
        const scoreOf = (entry: (typeof given)[number]) => Number(entry.values[item.key]);
        const promoters = given.filter((entry) => scoreOf(entry) >= 9).length / answered;
        const detractors = given.filter((entry) => scoreOf(entry) <= 6).length / answered;
        nps = {
          score: Math.round((promoters - detractors) * 1000) / 10,
          promoters,
          passives: 1 - promoters - detractors,
          detractors,
        };
      }
      return {
        key: item.key,
        label: item.label,
        type: item.type,
        answered,
        choices: isCounted
          ? [...counts.entries()].map(([option, count]) => ({
              option,
              count,
              share: answered > 0 ? count / answered : 0,
            }))
          : [],
        average: isScore && answered > 0 ? Math.round((sum / answered) * 100) / 100 : null,
        nps,
        texts: textTypes.has(item.type)
          ? given.slice(0, textsShown).map((entry) => ({
              rid: entry.row.rid,
              value: valueText(entry.values[item.key]),
              createdAt: Number(entry.row.created_at),
            }))
          : [],
        dropOff: figures.stops.get(item.key) ?? 0,
      };
    };

    return {
      fid: row.fid,
      views: figures.views,
      starts: figures.starts,
      responses: rows.length,
      completionRate: figures.starts > 0 ? Math.min(1, rows.length / figures.starts) : 0,
      items: items.map(itemStatistic),
    };
  };

  /* ---- the public page ---- */

  const findLive = async (fid: string): Promise<LiveSurvey | undefined> => {
    if (!/^[0-9a-z]{8,64}$/.test(fid)) return undefined;
    const row = await findLiveSurvey(db, fid);
    if (!row) return undefined;
    return {
      id: row.id,
      orgId: Number(row.org_id),
      fid: row.fid,
      version: Number(row.version),
      title: row.title,
      description: row.description,
      items: parseItems(row.fields),
      settings: parseSettings(row.settings),
    };
  };

  const wasAnswered = (form: LiveSurvey, keys: { visitorHash: string; ipHash: string }) =>
    hasAnswered(db, form.id, keys);

  const view = (form: LiveSurvey, visitorHash: string) =>
    recordView(db, { orgId: form.orgId, formId: form.id, version: form.version, visitorHash, now: now() });

  const progress = async (form: LiveSurvey, visitorHash: string, version: number, key: string) => {
    const found = await findVersion(db, form.orgId, form.id, version);
    const items = found ? parseItems(found.fields) : [];
    const index = items.findIndex((item) => item.key === key);
    if (index < 0) return;
    await recordView(db, { orgId: form.orgId, formId: form.id, version, visitorHash, now: now() });
    await recordProgress(db, { formId: form.id, version, visitorHash, key, index, now: now() });
  };

  /**
   * Checks and stores one set of answers to a published version (the page may hold an older one
   * than the live version: its answers keep the version they answered). `threadId` links answers
   * given inside a conversation.
   */
  const submit = async (
    form: LiveSurvey,
    input: {
      version: number;
      answers: FormValues;
      visitorHash: string;
      ipHash: string;
      threadId?: number | null;
      source?: FormResponseSource;
      language: Language;
    },
  ): Promise<{ rid: string; thankYou: string }> => {
    const version = await findVersion(db, form.orgId, form.id, input.version);
    if (!version || input.version > form.version)
      throw AppError.badRequest('form.versionUnknown', {
        fields: [{ field: 'version', message: 'is not a published version of this form' }],
      });
    if (form.settings.onePerVisitor && (await wasAnswered(form, input)))
      throw AppError.conflict('form.alreadyAnswered');
    const items = parseItems(version.fields);
    const { values, errors } = validateFormAnswers(items, input.answers);
    const fileErrors: { field: string; message: string }[] = [];
    const aids = fileAidsOf(items, [values]);
    if (aids.length > 0) {
      const known = await filesOf(form.orgId, aids);
      for (const item of items)
        if (
          item.type === 'file' &&
          typeof values[item.key] === 'string' &&
          !known[values[item.key] as string]
        )
          fileErrors.push({
            field: `answers.${item.key}`,
            message: describeFormError({ key: item.key, code: 'file' }, input.language),
          });
    }
    const fields = [
      ...errors.map((error) => ({
        field: `answers.${error.key}`,
        message: describeFormError(error, input.language),
      })),
      ...fileErrors,
    ];
    if (fields.length > 0)
      throw AppError.badRequest('form.answersInvalidSurvey', {
        params: { fields: fields.map((field) => field.field).join(', ') },
        fields,
      });
    const rid = createPublicId();
    const at = now();
    const session = await findSession(db, form.id, input.version, input.visitorHash);
    const startedAt = session?.started_at ?? session?.viewed_at ?? null;
    await db.transaction().execute(async (trx) => {
      await insertResponse(trx, {
        rid,
        orgId: form.orgId,
        formId: form.id,
        version: input.version,
        threadId: input.threadId ?? null,
        visitorHash: input.visitorHash,
        ipHash: input.ipHash,
        answers: JSON.stringify(values),
        durationMs: startedAt === null ? null : Math.max(0, at - Number(startedAt)),
        source: input.source ?? (input.threadId ? 'chat' : 'page'),
        now: at,
      });
      await recordSubmitted(trx, {
        formId: form.id,
        version: input.version,
        visitorHash: input.visitorHash,
        now: at,
      });
    });
    return { rid, thankYou: version.settings ? parseSettings(version.settings).thankYou : '' };
  };

  return {
    page,
    get,
    save,
    publish,
    remove,
    versions,
    responses,
    response,
    exportSheet,
    statistic,
    findLive,
    wasAnswered,
    view,
    progress,
    submit,
  };
};
