import { createHash } from 'node:crypto';
import {
  checkFormAnswers,
  defaultFormFields,
  formBuiltinLabels,
  formItemSchema,
  formValuesSchema,
  labelBuiltinItems,
  routeOfAnswers,
  type Form,
  type FormAnswer,
  type FormItem,
  type FormValues,
  type Language,
  type PrechatDefault,
  type ThreadFormAnswers,
  type ThreadRequestBody,
  type VisitorForm,
} from '@openkefu/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { isOpenStatus } from '../thread/thread.machine.js';
import { findVisitorThread } from '../thread/thread.repository.js';
import type { VisitorPrincipal } from '../visitor/visitor.guard.js';
import './form.messages.js';
import {
  findDefaultFormId,
  findLatestFormAnswer,
  findLatestPrechatResponse,
  findLiveFormById,
  findLiveWorkgroup,
  findThreadOfOrg,
  insertFormAnswer,
  setDefaultForm,
  setWorkgroupPrechatForm,
  updateVisitorContact,
} from './form.repository.js';
import {
  findSurvey,
  insertResponse,
  insertSurvey,
  publishSurvey,
  updateSurvey,
} from './form.survey.repository.js';
import { checkFormRoutes, publishedFormIdOf } from './form.uses.js';

/*
 * The pre-chat form (issue 5), one use of the form builder since issue 16: a skill group with
 * showForm asks its chosen builder form, else the organisation's default one, else the built-in
 * form. Answers are checked by the contract's one rule function; a choice may route the
 * conversation to another skill group (the original's 205 flow).
 */

export type FormService = ReturnType<typeof createFormService>;

const itemsSchema = z.array(formItemSchema);
const storedAnswersSchema = z.array(z.object({ key: z.string(), label: z.string(), value: z.string() }));

type Group = NonNullable<Awaited<ReturnType<typeof findLiveWorkgroup>>>;

/** The pre-chat form that applies: a builder form's live version (formId set), or the built-in one. */
type PrechatForm = {
  formId: number | null;
  fid: string;
  version: number;
  title: string;
  items: FormItem[];
  createdAt: number | null;
  updatedAt: number | null;
};

const builtinForm: PrechatForm = {
  formId: null,
  fid: '',
  version: 0,
  title: '',
  items: defaultFormFields,
  createdAt: null,
  updatedAt: null,
};

/** Answers checked for a thread request, kept until the thread exists. */
export type PreparedAnswers = {
  form: PrechatForm;
  values: FormValues;
  answers: FormAnswer[];
  /** The skill group a chosen option routes to (unchecked: the thread request checks it is live). */
  routeWid: string | null;
};

export const createFormService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const loadGroup = async (orgId: number, wid: string): Promise<Group> => {
    const group = await findLiveWorkgroup(db, orgId, wid);
    if (!group) throw AppError.notFound('form.unknownWorkgroup', { wid });
    return group;
  };

  const liveForm = async (orgId: number, formId: number | null): Promise<PrechatForm | null> => {
    if (formId === null) return null;
    const row = await findLiveFormById(db, orgId, formId);
    if (!row) return null;
    return {
      formId: Number(row.id),
      fid: row.fid,
      version: Number(row.version),
      title: row.title,
      items: itemsSchema.parse(JSON.parse(row.fields)),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  };

  /** The form a scope chose itself (a group's, or the organisation's default), if any. */
  const ownForm = async (orgId: number, group: Group | null): Promise<PrechatForm | null> =>
    liveForm(
      orgId,
      group
        ? group.prechat_form_id === null
          ? null
          : Number(group.prechat_form_id)
        : await findDefaultFormId(db, orgId, 'prechat'),
    );

  /** The skill group's own form, else the organisation's default, else the built-in one. */
  const effectiveForm = async (orgId: number, group: Group | null): Promise<PrechatForm> =>
    (group ? await ownForm(orgId, group) : null) ?? (await ownForm(orgId, null)) ?? builtinForm;

  const toForm = (form: PrechatForm, group: Group | null): Form => ({
    fid: form.fid,
    workgroup: group ? { wid: group.wid, nickname: group.nickname } : null,
    title: form.title,
    fields: form.items,
    version: form.version,
    createdAt: form.createdAt,
    updatedAt: form.updatedAt,
  });

  /** GET /api/form/get — the scope's own form, or (fid '') the one that applies to it now. */
  const get = async (principal: Principal, wid: string | undefined): Promise<Form> => {
    const group = wid ? await loadGroup(principal.orgId, wid) : null;
    const own = await ownForm(principal.orgId, group);
    if (own) return toForm(own, group);
    const inherited = await effectiveForm(principal.orgId, null);
    return toForm({ ...inherited, fid: '', createdAt: null, updatedAt: null }, group);
  };

  /**
   * POST /api/form/save — writes the scope's pre-chat form as a builder form and publishes it; a
   * scope without a form of its own gets a new one chosen for it. Built-in items without a label
   * are worded in the caller's language.
   */
  const save = async (
    principal: Principal,
    body: { wid?: string; title: string; fields: FormItem[] },
    language: Language,
  ): Promise<Form> => {
    const group = body.wid ? await loadGroup(principal.orgId, body.wid) : null;
    const items = labelBuiltinItems(body.fields, language);
    await checkFormRoutes(db, principal.orgId, items, 'fields');
    const own = await ownForm(principal.orgId, group);
    const at = now();
    const values = {
      title: body.title || formBuiltinLabels[language].title,
      description: '',
      fields: JSON.stringify(items),
      settings: JSON.stringify({ onePerVisitor: false, thankYou: '' }),
      now: at,
    };
    await db.transaction().execute(async (trx) => {
      let formId = own?.formId ?? null;
      if (formId === null) {
        const fid = createPublicId();
        await insertSurvey(trx, { fid, orgId: principal.orgId, ...values });
        formId = Number((await findSurvey(trx, principal.orgId, fid))?.id);
        if (group) await setWorkgroupPrechatForm(trx, principal.orgId, group.id, formId);
        else await setDefaultForm(trx, principal.orgId, 'prechat', formId);
      } else await updateSurvey(trx, principal.orgId, formId, values);
      const fromVersion = own?.version ?? 0;
      if (!(await publishSurvey(trx, { orgId: principal.orgId, id: formId, fromVersion, now: at })))
        throw AppError.conflict('form.publishRace');
    });
    return get(principal, body.wid);
  };

  /** GET /api/form/prechat/default */
  const getDefault = async (principal: Principal): Promise<PrechatDefault> => {
    const form = await ownForm(principal.orgId, null);
    return { fid: form?.fid ?? null, title: form?.title ?? '' };
  };

  /** POST /api/form/prechat/default — a published builder form, or none (the built-in form applies). */
  const setDefault = async (principal: Principal, fid: string | null): Promise<PrechatDefault> => {
    const formId = fid ? await publishedFormIdOf(db, principal.orgId, fid, 'fid') : null;
    await setDefaultForm(db, principal.orgId, 'prechat', formId);
    return getDefault(principal);
  };

  /** Whether a thread request for this group must carry answers: showForm on and no open chat. */
  const isFormRequired = async (visitor: VisitorPrincipal, group: Group): Promise<boolean> => {
    if (group.show_form !== 1) return false;
    const open = await findVisitorThread(db, visitor.orgId, visitor.visitorId, { workgroupId: group.id });
    return !(open && isOpenStatus(open.status));
  };

  /** GET /visitor/api/form */
  const visitorForm = async (visitor: VisitorPrincipal, wid: string): Promise<VisitorForm> => {
    const group = await loadGroup(visitor.orgId, wid);
    const form = await effectiveForm(visitor.orgId, group);
    return {
      required: await isFormRequired(visitor, group),
      fid: form.fid,
      version: form.version,
      title: form.title,
      items: form.items,
    };
  };

  /**
   * Checks the answers of a thread request before the thread is asked for. null when no form applies
   * (appointed agent, unknown group — the request answers -2 —, showForm off, or an open chat).
   */
  const answersForThreadRequest = async (
    visitor: VisitorPrincipal,
    body: ThreadRequestBody,
    language: Language = 'en-US',
  ): Promise<PreparedAnswers | null> => {
    if (!body.wid) return null;
    const group = await findLiveWorkgroup(db, visitor.orgId, body.wid);
    if (!group || !(await isFormRequired(visitor, group))) return null;
    const form = await effectiveForm(visitor.orgId, group);
    const { values, answers, errors } = checkFormAnswers(form.items, body.form ?? {}, language);
    if (errors.length > 0)
      throw AppError.badRequest('form.answersInvalid', {
        params: { fields: errors.map((error) => error.field).join(', ') },
        fields: errors,
      });
    return { form, values, answers, routeWid: routeOfAnswers(form.items, values) };
  };

  /** The skill group an answer routes to, when it is a live group of the organisation. */
  const routeTarget = async (orgId: number, wid: string): Promise<string | null> =>
    (await findLiveWorkgroup(db, orgId, wid))?.wid ?? null;

  /**
   * Keeps the answers with the conversation: a builder form's as its answer (source `prechat`, in
   * its results and statistics), the built-in form's with the care cycle as before.
   */
  const saveAnswers = async (
    visitor: VisitorPrincipal,
    tid: string,
    prepared: PreparedAnswers,
  ): Promise<void> => {
    const thread = await findThreadOfOrg(db, visitor.orgId, tid);
    if (!thread || Number(thread.visitor_id) !== visitor.visitorId) return;
    if (prepared.form.formId === null) {
      await insertFormAnswer(db, {
        orgId: visitor.orgId,
        threadId: thread.id,
        visitorId: visitor.visitorId,
        cycle: Number(thread.cycle),
        answers: JSON.stringify(prepared.answers),
        now: now(),
      });
      return;
    }
    await insertResponse(db, {
      rid: createPublicId(),
      orgId: visitor.orgId,
      formId: prepared.form.formId,
      version: prepared.form.version,
      threadId: thread.id,
      // The same key as answers given in a chat: one visitor, whichever way they answered.
      visitorHash: createHash('sha256').update(`visitor:${visitor.visitorId}`).digest('hex'),
      ipHash: '',
      answers: JSON.stringify(prepared.values),
      durationMs: null,
      source: 'prechat',
      now: now(),
    });
  };

  /** Name, mobile and email answers become the visitor's contact details (by key, else by item type). */
  const saveContact = async (visitor: VisitorPrincipal, prepared: PreparedAnswers): Promise<void> => {
    const { answers, form } = prepared;
    const valueOf = (key: string, type?: FormItem['type']) =>
      answers.find((answer) => answer.key === key)?.value ??
      (type
        ? answers.find((answer) => form.items.find((item) => item.key === answer.key)?.type === type)?.value
        : undefined);
    const contact = {
      nickname: valueOf('name')?.slice(0, 64),
      mobile: valueOf('mobile', 'mobile'),
      email: valueOf('email', 'email'),
    };
    await updateVisitorContact(
      db,
      visitor.orgId,
      visitor.visitorId,
      Object.fromEntries(Object.entries(contact).filter(([, value]) => value !== undefined)),
    );
  };

  /** GET /api/form/answers — the newest pre-chat answers of the conversation, or null. */
  const answersOfThread = async (principal: Principal, tid: string): Promise<ThreadFormAnswers | null> => {
    const thread = await findThreadOfOrg(db, principal.orgId, tid);
    if (!thread) throw AppError.notFound('form.unknownThread', { tid });
    const legacy = await findLatestFormAnswer(db, principal.orgId, thread.id);
    const builder = await findLatestPrechatResponse(db, principal.orgId, thread.id);
    if (builder && (!legacy || Number(builder.created_at) >= Number(legacy.created_at))) {
      const items = itemsSchema.parse(JSON.parse(builder.fields));
      const { answers } = checkFormAnswers(items, formValuesSchema.parse(JSON.parse(builder.answers)));
      return { tid, answers, createdAt: Number(builder.created_at) };
    }
    if (!legacy) return null;
    return {
      tid,
      answers: storedAnswersSchema.parse(JSON.parse(legacy.answers)),
      createdAt: Number(legacy.created_at),
    };
  };

  return {
    get,
    save,
    getDefault,
    setDefault,
    visitorForm,
    answersForThreadRequest,
    routeTarget,
    saveContact,
    saveAnswers,
    answersOfThread,
  };
};
