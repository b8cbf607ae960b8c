import {
  checkFormAnswers,
  defaultFormFields,
  formFieldSchema,
  toPage,
  type Form,
  type FormAnswer,
  type FormField,
  type FormQuery,
  type Page,
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
import {
  deleteForm,
  findFormByFid,
  findFormOf,
  findLatestFormAnswer,
  findLiveWorkgroup,
  findThreadOfOrg,
  insertForm,
  insertFormAnswer,
  pageForms,
  updateForm,
  updateVisitorContact,
  type FormRow,
} from './form.repository.js';

export type FormService = ReturnType<typeof createFormService>;

const storedFieldsSchema = z.array(formFieldSchema);
const storedAnswersSchema = z.array(z.object({ key: z.string(), label: z.string(), value: z.string() }));

const toForm = (row: FormRow): Form => ({
  fid: row.fid,
  workgroup:
    row.workgroup_wid === null ? null : { wid: row.workgroup_wid, nickname: row.workgroup_nickname ?? '' },
  title: row.title,
  fields: storedFieldsSchema.parse(JSON.parse(row.fields)),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const builtinForm = (workgroup: Form['workgroup']): Form => ({
  fid: '',
  workgroup,
  title: '',
  fields: defaultFormFields,
  createdAt: null,
  updatedAt: null,
});

export const createFormService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const loadGroup = async (orgId: number, wid: string) => {
    const group = await findLiveWorkgroup(db, orgId, wid);
    if (!group) throw AppError.notFound('form.unknownWorkgroup', { wid });
    return group;
  };

  /** The skill group's own form, else the organisation's default, else the built-in one. */
  const effectiveForm = async (
    orgId: number,
    group: { id: number; wid: string; nickname: string } | null,
  ): Promise<Form> => {
    const own = group ? await findFormOf(db, orgId, group.id) : undefined;
    if (own) return toForm(own);
    const fallback = await findFormOf(db, orgId, null);
    return fallback ? toForm(fallback) : builtinForm(null);
  };

  /** GET /api/form/get — what the console edits: the saved form of the scope, or the one that applies now. */
  const get = async (principal: Principal, wid: string | undefined): Promise<Form> => {
    const group = wid ? await loadGroup(principal.orgId, wid) : null;
    const own = await findFormOf(db, principal.orgId, group ? group.id : null);
    if (own) return toForm(own);
    const inherited = await effectiveForm(principal.orgId, null);
    // Not saved for this group yet: start from the organisation's default, under the group's name.
    return {
      ...inherited,
      fid: '',
      workgroup: group ? { wid: group.wid, nickname: group.nickname } : null,
      createdAt: null,
      updatedAt: null,
    };
  };

  const page = async (principal: Principal, query: FormQuery): Promise<Page<Form>> => {
    const { rows, total } = await pageForms(db, principal.orgId, query);
    return toPage(rows.map(toForm), total, query);
  };

  const save = async (
    principal: Principal,
    body: { wid?: string; title: string; fields: FormField[] },
  ): Promise<Form> => {
    const group = body.wid ? await loadGroup(principal.orgId, body.wid) : null;
    const existing = await findFormOf(db, principal.orgId, group ? group.id : null);
    const fields = JSON.stringify(body.fields);
    if (existing)
      await updateForm(db, principal.orgId, existing.id, { title: body.title, fields, now: now() });
    else
      await insertForm(db, {
        fid: createPublicId(),
        orgId: principal.orgId,
        workgroupId: group ? group.id : null,
        title: body.title,
        fields,
        now: now(),
      });
    return toForm((await findFormOf(db, principal.orgId, group ? group.id : null)) as FormRow);
  };

  /** Removing a group's form makes the organisation's default apply; removing the default, the built-in one. */
  const remove = async (principal: Principal, fid: string): Promise<void> => {
    const row = await findFormByFid(db, principal.orgId, fid);
    if (!row) throw AppError.notFound('form.notFound', { fid });
    await deleteForm(db, principal.orgId, row.id);
  };

  /** Whether a thread request for this group must carry answers: showForm on and no open chat. */
  const isFormRequired = async (
    visitor: VisitorPrincipal,
    group: { id: number; show_form: number },
  ): Promise<boolean> => {
    if (group.show_form !== 1) return false;
    const open = await findVisitorThread(db, visitor.orgId, visitor.visitorId, { workgroupId: group.id });
    return !(open && isOpenStatus(open.status));
  };

  /** GET /visitor/api/form */
  const visitorForm = async (visitor: VisitorPrincipal, wid: string): Promise<VisitorForm> => {
    const group = await loadGroup(visitor.orgId, wid);
    const form = await effectiveForm(visitor.orgId, group);
    return { required: await isFormRequired(visitor, group), title: form.title, fields: form.fields };
  };

  /**
   * Checks the answers of a thread request before the thread is asked for. null when no form applies
   * (appointed agent, unknown group — the request answers -2 —, showForm off, or an open chat).
   */
  const answersForThreadRequest = async (
    visitor: VisitorPrincipal,
    body: ThreadRequestBody,
  ): Promise<FormAnswer[] | null> => {
    if (!body.wid) return null;
    const group = await findLiveWorkgroup(db, visitor.orgId, body.wid);
    if (!group || !(await isFormRequired(visitor, group))) return null;
    const form = await effectiveForm(visitor.orgId, group);
    const { answers, errors } = checkFormAnswers(form.fields, body.form ?? {});
    if (errors.length > 0)
      throw AppError.badRequest('form.answersInvalid', {
        params: { fields: errors.map((error) => error.field).join(', ') },
        fields: errors,
      });
    return answers;
  };

  /** Keeps the answers with the conversation's care cycle. */
  const saveAnswers = async (
    visitor: VisitorPrincipal,
    tid: string,
    answers: FormAnswer[],
  ): Promise<void> => {
    const thread = await findThreadOfOrg(db, visitor.orgId, tid);
    if (!thread || Number(thread.visitor_id) !== visitor.visitorId) return;
    await insertFormAnswer(db, {
      orgId: visitor.orgId,
      threadId: thread.id,
      visitorId: visitor.visitorId,
      cycle: Number(thread.cycle),
      answers: JSON.stringify(answers),
      now: now(),
    });
  };

  /** The answers' name, mobile and email become the visitor's contact details. */
  const saveContact = async (visitor: VisitorPrincipal, answers: FormAnswer[]): Promise<void> => {
    const valueOf = (key: string) => answers.find((answer) => answer.key === key)?.value;
    const contact = {
      nickname: valueOf('name')?.slice(0, 64),
      mobile: valueOf('mobile'),
      email: valueOf('email'),
    };
    await updateVisitorContact(
      db,
      visitor.orgId,
      visitor.visitorId,
      Object.fromEntries(Object.entries(contact).filter(([, value]) => value !== undefined)),
    );
  };

  /** GET /api/form/answers — null when the visitor filled no form for this conversation. */
  const answersOfThread = async (principal: Principal, tid: string): Promise<ThreadFormAnswers | null> => {
    const thread = await findThreadOfOrg(db, principal.orgId, tid);
    if (!thread) throw AppError.notFound('form.unknownThread', { tid });
    const row = await findLatestFormAnswer(db, principal.orgId, thread.id);
    if (!row) return null;
    return {
      tid,
      answers: storedAnswersSchema.parse(JSON.parse(row.answers)),
      createdAt: Number(row.created_at),
    };
  };

  return {
    get,
    page,
    save,
    remove,
    visitorForm,
    answersForThreadRequest,
    saveContact,
    saveAnswers,
    answersOfThread,
  };
};
