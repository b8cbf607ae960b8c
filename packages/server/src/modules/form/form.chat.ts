import {
  formItemSchema,
  formValuesSchema,
  type ChatSurveyAnswer,
  type Message,
  type QuestionnaireContent,
  type VisitorSurvey,
} from '@openkefu/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { MessageService } from '../message/message.service.js';
import { findMessageByLocalId, findMessageByMid } from '../message/message.repository.js';
import { toMessage } from '../message/message.mapper.js';
import type { AgentActor } from '../thread/chat-actor.js';
import { findThreadByTid, isThreadMember, type ThreadRow } from '../thread/thread.repository.js';
import { findThreadAnswer, hasThreadAnswer } from './form.chat.repository.js';
import type { LiveSurvey } from './form.survey.service.js';

/*
 * Forms inside a conversation (issue 16): the agent's `questionnaire` card, the widget's read of
 * the live version, the notice written when the visitor answers, and the agent's read of it.
 */

const parseItems = (json: string) => z.array(formItemSchema).parse(JSON.parse(json));

export const createChatFormService = (deps: {
  db: Executor;
  messages: MessageService;
  findLive: (fid: string) => Promise<LiveSurvey | undefined>;
}) => {
  const { db, messages } = deps;

  /** A published form of the organisation; drafts, deleted forms and other tenants' fids answer 404 alike. */
  const liveOf = async (orgId: number, fid: string): Promise<LiveSurvey> => {
    const form = await deps.findLive(fid);
    if (!form || form.orgId !== orgId) throw AppError.notFound('form.notFound', { fid: fid.slice(0, 64) });
    return form;
  };

  const threadOf = async (orgId: number, tid: string): Promise<ThreadRow> => {
    const thread = await findThreadByTid(db, orgId, tid);
    if (!thread) throw AppError.notFound('thread.notFound', { tid });
    return thread;
  };

  /** The agent serving the conversation (or invited into it) sends the card, while it is chatting. */
  const send = async (
    actor: AgentActor,
    input: { tid: string; fid: string; localId: string },
  ): Promise<Message> => {
    const thread = await threadOf(actor.orgId, input.tid);
    const isServing = thread.agent_id === actor.userId || (await isThreadMember(db, thread.id, actor.userId));
    if (!isServing) throw AppError.notFound('thread.notFound', { tid: input.tid });
    const existing = await findMessageByLocalId(
      db,
      thread.id,
      { kind: 'agent', userId: actor.userId, visitorId: null },
      input.localId,
    );
    if (existing) return toMessage(existing);
    if (thread.status !== 'chatting')
      throw AppError.conflict('thread.notOpen', { params: { tid: input.tid } });
    const form = await liveOf(actor.orgId, input.fid);
    const content: QuestionnaireContent = { fid: form.fid, version: form.version, title: form.title };
    return messages.storeSystem(thread, {
      type: 'questionnaire',
      content: JSON.stringify(content),
      asAgent: { userId: actor.userId, uid: actor.uid, nickname: actor.nickname, avatar: actor.avatar },
      localId: input.localId,
    });
  };

  /** The live version for the widget; with the visitor's tid, whether it was answered there (since `mid`). */
  const forVisitor = async (
    visitor: { orgId: number; visitorId: number },
    fid: string,
    query: { tid?: string; mid?: string },
  ): Promise<VisitorSurvey> => {
    const form = await liveOf(visitor.orgId, fid);
    let answered = false;
    if (query.tid) {
      const thread = await findThreadByTid(db, visitor.orgId, query.tid);
      if (!thread || Number(thread.visitor_id) !== visitor.visitorId)
        throw AppError.notFound('form.unknownThread', { tid: query.tid });
      const card = query.mid ? await findMessageByMid(db, thread.id, query.mid) : undefined;
      answered = await hasThreadAnswer(db, {
        formId: form.id,
        threadId: thread.id,
        since: card ? Number(card.created_at) : 0,
      });
    }
    return {
      fid: form.fid,
      version: form.version,
      title: form.title,
      description: form.description,
      items: form.items,
      answered,
    };
  };

  /** Tells both sides that the visitor answered (a system `questionnaire` notice with the answer's rid). */
  const noticeAnswer = async (
    orgId: number,
    tid: string,
    answer: { form: LiveSurvey; version: number; rid: string; replyTo?: string },
  ): Promise<void> => {
    const thread = await threadOf(orgId, tid);
    const content: QuestionnaireContent = {
      fid: answer.form.fid,
      version: answer.version,
      title: answer.form.title,
      rid: answer.rid,
      ...(answer.replyTo ? { replyTo: answer.replyTo } : {}),
    };
    await messages.storeSystem(thread, { type: 'questionnaire', content: JSON.stringify(content) });
  };

  /** One answer given in a conversation; `tid` must be the answer's thread (else 404). */
  const answerOf = async (orgId: number, thread: ThreadRow, rid: string): Promise<ChatSurveyAnswer> => {
    const row = await findThreadAnswer(db, orgId, rid);
    if (!row || row.thread_id === null || Number(row.thread_id) !== thread.id)
      throw AppError.notFound('form.answerNotFound', { rid });
    return {
      rid: row.rid,
      fid: row.fid,
      version: Number(row.version),
      title: row.title,
      items: parseItems(row.fields),
      answers: formValuesSchema.parse(JSON.parse(row.answers)),
      createdAt: Number(row.created_at),
    };
  };

  return { send, forVisitor, noticeAnswer, answerOf, threadOf };
};
