import {
  readQuestionnaireContent,
  type FormItem,
  type FormUse,
  type QuestionnaireContent,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { MessageService } from '../message/message.service.js';
import type { ThreadRow } from '../thread/thread.repository.js';
import './form.messages.js';
import { findLiveFormById, findLiveWids, findLiveWorkgroupById, findSurveyRef } from './form.repository.js';

/*
 * Where builder forms are used besides their public link (issue 16): a skill group's pre-chat form
 * and after-chat survey, and the organisation's default pre-chat form.
 */

/**
 * The row id of a published builder form of the organisation, for a skill group's setting (`field`
 * names it in the 400). Another organisation's or an unknown fid is a 404, like every other id.
 */
export const publishedFormIdOf = async (
  db: Executor,
  orgId: number,
  fid: string,
  field: string,
): Promise<number> => {
  const form = await findSurveyRef(db, orgId, fid);
  if (!form) throw AppError.notFound('form.notFound', { fid });
  if (Number(form.version) === 0)
    throw AppError.badRequest('form.notPublished', {
      params: { fid },
      fields: [{ field, message: 'must be a published form' }],
    });
  return Number(form.id);
};

/** 400 naming the item (`<field>.<index>.routes`) when an option routes to a skill group the organisation does not have. */
export const checkFormRoutes = async (
  db: Executor,
  orgId: number,
  items: readonly FormItem[],
  field: string,
): Promise<void> => {
  const wanted = [...new Set(items.flatMap((item) => Object.values(item.routes ?? {})))];
  const live = await findLiveWids(db, orgId, wanted);
  const fields = items.flatMap((item, index) =>
    Object.values(item.routes ?? {}).some((wid) => !live.has(wid))
      ? [{ field: `${field}.${index}.routes`, message: 'names a skill group that does not exist' }]
      : [],
  );
  if (fields.length > 0)
    throw AppError.badRequest('form.unknownRoute', {
      params: { wids: wanted.filter((wid) => !live.has(wid)).join(', ') },
      fields,
    });
};

/** Every use of these forms: skill groups (live ones) and the organisation's defaults. */
export const listFormUses = async (
  db: Executor,
  orgId: number,
  formIds: number[],
): Promise<Map<number, FormUse[]>> => {
  const uses = new Map<number, FormUse[]>();
  if (formIds.length === 0) return uses;
  const add = (formId: number | null, use: FormUse) => {
    if (formId === null) return;
    uses.set(Number(formId), [...(uses.get(Number(formId)) ?? []), use]);
  };
  const defaults = await db
    .selectFrom('form_default')
    .select(['form_id', 'purpose'])
    .where('org_id', '=', orgId)
    .where('form_id', 'in', formIds)
    .execute();
  for (const row of defaults)
    add(row.form_id, {
      purpose: row.purpose === 'afterchat' ? 'afterchat' : 'prechat',
      wid: null,
      nickname: '',
    });
  const groups = await db
    .selectFrom('workgroup')
    .select(['wid', 'nickname', 'prechat_form_id', 'afterchat_form_id'])
    .where('org_id', '=', orgId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('prechat_form_id', 'in', formIds), eb('afterchat_form_id', 'in', formIds)]))
    .orderBy('nickname')
    .execute();
  for (const group of groups) {
    add(group.prechat_form_id, { purpose: 'prechat', wid: group.wid, nickname: group.nickname });
    add(group.afterchat_form_id, { purpose: 'afterchat', wid: group.wid, nickname: group.nickname });
  }
  return uses;
};

/** The system's own localId for the after-chat card of a care cycle: sent once, however often the close hook runs. */
const afterChatLocalId = (cycle: number) => `afterchat-${cycle}`;

/**
 * After-chat surveys: when a conversation of a skill group with an after-chat form closes, the
 * server sends that form's live version into it as a `questionnaire` card (purpose `afterchat`),
 * once per care cycle. The widget shows it after the rating; answers are stored with the thread
 * like any form answered in a chat, and the agent and the records see the notice.
 */
export const createAfterChatSurveys = (deps: { db: Executor; messages: MessageService }) => {
  const { db, messages } = deps;

  const onThreadClosed = async (thread: ThreadRow): Promise<void> => {
    if (thread.status !== 'closed' || thread.workgroup_id === null) return;
    const group = await findLiveWorkgroupById(db, thread.org_id, thread.workgroup_id);
    if (!group?.afterchat_form_id) return;
    const form = await findLiveFormById(db, thread.org_id, group.afterchat_form_id);
    if (!form) return;
    const localId = afterChatLocalId(Number(thread.cycle));
    const isSent = async () =>
      (await db
        .selectFrom('message')
        .select('id')
        .where('thread_id', '=', thread.id)
        .where('sender_kind', '=', 'system')
        .where('local_id', '=', localId)
        .executeTakeFirst()) !== undefined;
    if (await isSent()) return;
    const content: QuestionnaireContent = {
      fid: form.fid,
      version: Number(form.version),
      title: form.title,
      purpose: 'afterchat',
    };
    try {
      await messages.storeSystem(thread, {
        type: 'questionnaire',
        content: JSON.stringify(content),
        localId,
      });
    } catch (error) {
      // Two nodes (or the close and a rating) racing: the unique (thread, sender kind, localId) keeps one card.
      if (await isSent()) return;
      throw error;
    }
  };

  return { onThreadClosed };
};

/** Whether a card (by its stored content) is an after-chat survey. */
export const isAfterChatCard = (content: string | undefined): boolean =>
  content !== undefined && readQuestionnaireContent(content)?.purpose === 'afterchat';
