import type {
  FaqBrief,
  QuickButton,
  RobotMatchResult,
  RobotLeadBody,
  RobotRateBody,
  RobotReply,
  ThreadRequestResult,
} from '@openkefu/contract';
import { parseRobotReply } from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { LlmError } from '../../lib/llm/chat-completions.js';
import { renderMarkdown } from '../../lib/richtext/markdown.js';
import type { LlmPassage, RobotTokenUsage } from '../llm/llm.service.js';
import { createStreamMasker } from '../robot/robot.output.js';
import { visitorRoom } from '../realtime/rooms.js';
import type { VisitorActor } from './chat-actor.js';
import { settingsOf, type ThreadContext } from './thread.context.js';
import { isQueueFull, type ThreadQueue } from './thread.queue.js';
import {
  countQueued,
  findThreadByTid,
  handRobotThreadToQueue,
  insertThreadEvent,
  startRobotThread,
  type ThreadRow,
} from './thread.repository.js';
import {
  findLiveRobotById,
  findLiveWorkgroupById,
  type RobotRow,
  type WorkgroupRow,
} from './routing.repository.js';

/*
 * The robot in live chat (issue 14). A skill group's robot takes a request when the group puts
 * the robot first (`defaultRobot`) or when no agent could (`offlineRobot`: outside work hours,
 * nobody online, queue full). Its thread is `robot` (type robot) with the robot as its agent; each
 * visitor message is answered from the FAQs and help-centre articles; a transfer keyword or the
 * transfer button hands it to the queue as `robot_to_agent`, routed like any request, and the
 * agent who takes it reads the robot part in the same thread.
 */

/** What the robot knows, from the robot module (`app.services.robotKb`). */
export type RobotKnowledge = {
  answer: (input: {
    orgId: number;
    robotUid?: string | null;
    wid?: string | null;
    text: string;
    isRecorded?: boolean;
  }) => Promise<RobotMatchResult>;
  welcomeFaqs: (input: { orgId: number; wid?: string | null; limit?: number }) => Promise<FaqBrief[]>;
  recommendFaqs: (input: { orgId: number; wid?: string | null; limit?: number }) => Promise<FaqBrief[]>;
  quickButtonsOf: (input: { orgId: number; wid: string }) => Promise<QuickButton[]>;
  rate: (input: { orgId: number; aid: string; isHelpful: boolean }) => Promise<boolean>;
  passages: (input: {
    orgId: number;
    wid?: string | null;
    text: string;
    limit?: number;
  }) => Promise<LlmPassage[]>;
  /** The robot's words with the organisation's sensitive words masked (visible text only with isHtml). */
  maskSensitive: (input: {
    orgId: number;
    text: string;
    isHtml?: boolean;
    record?: { threadId: number; robotId: number };
  }) => Promise<string>;
};

/** The CRM's lead capture (modules/crm): a customer for the name and mobile, linked to the visitor. */
export type LeadSink = {
  captureLead: (input: {
    orgId: number;
    visitorId?: number | null;
    name: string;
    mobile: string;
  }) => Promise<string>;
};

/** Large-model answers (modules/llm): null when the robot has none or today's tokens are spent. */
export type RobotGenerator = {
  answer: (input: {
    orgId: number;
    robotId: number;
    robotName: string;
    question: string;
    passages: LlmPassage[];
    onDelta: (delta: string) => void;
  }) => Promise<{ text: string; usage: RobotTokenUsage } | null>;
};

export const createThreadRobot = (ctx: ThreadContext, queue: ThreadQueue) => {
  const { db, hub, messages, now, reload, pushThread, threadFor } = ctx;
  const knowledge = ctx.robot ?? null;
  const generator = ctx.llm ?? null;
  const leads = ctx.leads ?? null;

  const robotOfGroup = async (orgId: number, group: WorkgroupRow): Promise<RobotRow | null> =>
    group.robot_id === null ? null : ((await findLiveRobotById(db, orgId, group.robot_id)) ?? null);

  /**
   * The robot that takes a new request to the group now, if any: the group's robot when it comes
   * first, or when the group would otherwise send the visitor to the leave-message form. Reads only.
   */
  const robotForRequest = async (
    orgId: number,
    group: WorkgroupRow,
    visitorId: number | null,
  ): Promise<RobotRow | null> => {
    if (!knowledge || (group.default_robot !== 1 && group.offline_robot !== 1)) return null;
    const robot = await robotOfGroup(orgId, group);
    if (!robot) return null;
    if (group.default_robot === 1) return robot;
    const decision = await queue.decideForGroup(orgId, group, visitorId);
    if (decision.kind === 'nonWorking' || decision.kind === 'nobodyOnline') return robot;
    if (decision.kind === 'queue') {
      const position = (await countQueued(db, orgId, { workgroupId: decision.group.id })) + 1;
      if (isQueueFull(decision.group, position)) return robot;
    }
    return null;
  };

  const asRobot = (robot: RobotRow) => ({
    userId: robot.id,
    uid: robot.uid,
    nickname: robot.nickname,
    avatar: robot.avatar,
  });

  /** What the robot says passes the sensitive words like an agent's message (masked, hits recorded). */
  const screenReply = async (row: ThreadRow, robot: RobotRow, reply: RobotReply): Promise<RobotReply> => {
    if (!knowledge) return reply;
    const mask = (text: string, isHtml: boolean) =>
      knowledge.maskSensitive({
        orgId: row.org_id,
        text,
        isHtml,
        record: { threadId: row.id, robotId: robot.id },
      });
    switch (reply.kind) {
      case 'welcome':
      case 'suggest':
      case 'none':
        return { ...reply, text: await mask(reply.text, false) };
      case 'answer':
      case 'generated':
        return { ...reply, answer: await mask(reply.answer, true) };
      default:
        return reply;
    }
  };

  const storeReply = async (row: ThreadRow, robot: RobotRow, reply: RobotReply) =>
    messages.storeSystem(row, {
      type: 'robot',
      content: JSON.stringify(await screenReply(row, robot, reply)),
      asRobot: asRobot(robot),
    });

  /** The robot takes the new (queuing) thread and says its welcome: the request answers 206. */
  const start = async (
    row: ThreadRow,
    group: WorkgroupRow,
    robot: RobotRow,
  ): Promise<{ code: 206; tip: string } | null> => {
    if (!knowledge) return null;
    const at = now();
    if (!(await startRobotThread(db, row.org_id, row.id, robot.id, at))) return null;
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'robot',
      agentId: robot.id,
      workgroupId: group.id,
      at,
    });
    const [faqs, buttons] = await Promise.all([
      group.show_robot_faq === 1
        ? knowledge.welcomeFaqs({ orgId: row.org_id, wid: group.wid })
        : Promise.resolve([]),
      knowledge.quickButtonsOf({ orgId: row.org_id, wid: group.wid }),
    ]);
    const text = robot.welcome_tip || group.robot_tip || group.welcome_tip;
    const fresh = await reload(row.org_id, row.id);
    await storeReply(fresh, robot, {
      kind: 'welcome',
      text,
      faqs,
      quickButtons: buttons.map(({ qbid, label, action, content }) => ({ qbid, label, action, content })),
    });
    // Lead capture: asked once, of visitors the organisation has no number for.
    if (leads && group.robot_collect_mobile === 1 && fresh.visitor_id !== null) {
      const visitor = await db
        .selectFrom('visitor')
        .select('mobile')
        .where('id', '=', fresh.visitor_id)
        .executeTakeFirst();
      if (visitor && visitor.mobile === '')
        await storeReply(await reload(row.org_id, row.id), robot, {
          kind: 'lead',
          text: '',
          done: false,
          name: '',
          mobile: '',
        });
    }
    return { code: 206, tip: text };
  };

  const helpCentreUrlOf = async (orgId: number, aid: string) => {
    const organization = await db
      .selectFrom('organization')
      .select('sub_domain')
      .where('id', '=', orgId)
      .executeTakeFirst();
    return organization
      ? `/help/${encodeURIComponent(organization.sub_domain)}/article/${encodeURIComponent(aid)}`
      : '';
  };

  /** Back to the queue as robot_to_agent, then routed like a request to the group. */
  const handOver = async (row: ThreadRow, reason: 'keyword' | 'button'): Promise<ThreadRequestResult> => {
    const group =
      row.workgroup_id === null ? null : await findLiveWorkgroupById(db, row.org_id, row.workgroup_id);
    const at = now();
    if (!group || !(await handRobotThreadToQueue(db, row.org_id, row.id, at)))
      throw AppError.conflict('thread.notWithRobot', { params: { tid: row.tid } });
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'robot_to_agent',
      workgroupId: group.id,
      data: { reason },
      at,
    });
    const outcome = await queue.routeToGroup(await reload(row.org_id, row.id), group);
    const fresh = await reload(row.org_id, row.id);
    if (outcome.code === 202) await queue.pushQueueCounts(row.org_id, fresh.workgroup_id);
    // Assigned threads were pushed by the assignment; the others tell the visitor here.
    if (outcome.code !== 200) await pushThread(fresh);
    return {
      code: outcome.code,
      tip: outcome.tip,
      thread: await threadFor(fresh, 'visitor'),
      settings: settingsOf(group, null),
    };
  };

  /** Answers a visitor's message in a robot thread (called after the message is stored and acknowledged). */
  const reply = async (thread: ThreadRow, text: string): Promise<void> => {
    if (!knowledge || thread.status !== 'robot' || thread.agent_id === null || text.trim() === '') return;
    const robot = await findLiveRobotById(db, thread.org_id, thread.agent_id);
    if (!robot) {
      // The robot was disabled or deleted mid-conversation: a person takes over.
      await handOver(thread, 'button').catch(() => undefined);
      return;
    }
    if (thread.visitor_id !== null)
      hub.emit([visitorRoom(thread.visitor_id)], 'typing', { tid: thread.tid, preview: '', by: 'agent' });
    const result = await knowledge.answer({
      orgId: thread.org_id,
      robotUid: robot.uid,
      wid: thread.workgroup_wid,
      text,
      isRecorded: true,
    });
    if (result.kind === 'transfer') {
      await handOver(thread, 'keyword');
      return;
    }
    const question = text.trim().slice(0, 500);
    if (generator) {
      const generated = await generate(thread, robot, question).catch((error: unknown) => {
        if (error instanceof LlmError) return 'failed' as const;
        throw error;
      });
      if (generated === 'answered') return;
      // The provider failed: the best FAQ match if there is one, else a person.
      if (generated === 'failed' && result.kind !== 'answer') {
        await handOver(thread, 'button');
        return;
      }
    }
    // One event per question: the robot's history, statistics and training queue read these.
    await insertThreadEvent(db, {
      orgId: thread.org_id,
      threadId: thread.id,
      cycle: Number(thread.cycle),
      kind: result.kind === 'answer' ? 'robot_answered' : 'robot_unanswered',
      agentId: robot.id,
      workgroupId: thread.workgroup_id,
      data:
        result.kind === 'answer'
          ? { question, source: result.hit.source, aid: result.hit.aid, title: result.hit.question }
          : { question, verdict: result.kind },
      at: now(),
    });
    if (result.kind === 'answer') {
      const isArticle = result.hit.source === 'article';
      await storeReply(thread, robot, {
        kind: 'answer',
        question,
        source: result.hit.source,
        aid: result.hit.aid,
        title: result.hit.question,
        answer: result.answer,
        url: isArticle ? await helpCentreUrlOf(thread.org_id, result.hit.aid) : '',
        related: result.related,
        rating: null,
      });
      return;
    }
    const group =
      thread.workgroup_id === null
        ? null
        : await findLiveWorkgroupById(db, thread.org_id, thread.workgroup_id);
    if (result.kind === 'suggest') {
      await storeReply(thread, robot, {
        kind: 'suggest',
        question,
        text: '',
        candidates: result.candidates.map(({ source, aid, question: title }) => ({
          source,
          aid,
          question: title,
        })),
      });
      return;
    }
    // The welcome lists the `welcome` FAQs; "nothing found" offers the `recommend` ones.
    const faqs =
      group?.show_robot_faq_not_found === 1
        ? await knowledge.recommendFaqs({ orgId: thread.org_id, wid: thread.workgroup_wid })
        : [];
    await storeReply(thread, robot, {
      kind: 'none',
      question,
      text: result.notFoundTip || group?.robot_answer_not_found_tip || '',
      faqs,
    });
  };

  /**
   * A large-model answer over the FAQs and articles closest to the question, streamed to the
   * visitor as it is written ('robot:stream'), then stored as a `generated` robot message.
   * 'skipped' when the robot has no provider or today's tokens are spent.
   */
  const generate = async (
    thread: ThreadRow,
    robot: RobotRow,
    question: string,
  ): Promise<'answered' | 'skipped'> => {
    if (!generator || !knowledge) return 'skipped';
    const passages = await knowledge.passages({
      orgId: thread.org_id,
      wid: thread.workgroup_wid,
      text: question,
    });
    const streamId = createPublicId();
    let index = 0;
    // Streamed masked too: a sensitive word split across tokens never reaches the visitor whole.
    const stream = createStreamMasker(
      (text) => knowledge.maskSensitive({ orgId: thread.org_id, text }),
      (delta) => {
        if (thread.visitor_id !== null)
          hub.emit([visitorRoom(thread.visitor_id)], 'robot:stream', {
            tid: thread.tid,
            streamId,
            index: index++,
            delta,
          });
      },
    );
    const answer = await generator.answer({
      orgId: thread.org_id,
      robotId: robot.id,
      robotName: robot.nickname,
      question,
      passages,
      onDelta: stream.push,
    });
    if (!answer) return 'skipped';
    await stream.finish();
    // The passages the answer cites as [n]; all of them when it cites none.
    const cited = passages.filter((_, position) => answer.text.includes(`[${position + 1}]`));
    const sources = await Promise.all(
      (cited.length > 0 ? cited : passages).map(async (passage) => ({
        source: passage.source,
        aid: passage.aid,
        title: passage.title,
        url: passage.source === 'article' ? await helpCentreUrlOf(thread.org_id, passage.aid) : '',
      })),
    );
    await insertThreadEvent(db, {
      orgId: thread.org_id,
      threadId: thread.id,
      cycle: Number(thread.cycle),
      kind: 'robot_answered',
      agentId: robot.id,
      workgroupId: thread.workgroup_id,
      // The answer's tokens, for cost per answer (the provider's counts, else estimated).
      data: {
        question,
        source: 'llm',
        aid: '',
        title: '',
        promptTokens: answer.usage.promptTokens,
        completionTokens: answer.usage.completionTokens,
        totalTokens: answer.usage.totalTokens,
        isTokensEstimated: answer.usage.isEstimated,
      },
      at: now(),
    });
    await storeReply(thread, robot, {
      kind: 'generated',
      question,
      answer: renderMarkdown(answer.text),
      streamId,
      sources,
      rating: null,
    });
    return 'answered';
  };

  /** The visitor's thread with the robot, or 404 (another visitor's or organisation's tid alike). */
  const loadOwn = async (visitor: VisitorActor, tid: string): Promise<ThreadRow> => {
    const row = await findThreadByTid(db, visitor.orgId, tid);
    if (!row || row.visitor_id !== visitor.visitorId) throw AppError.notFound('thread.notFound', { tid });
    return row;
  };

  /** POST /visitor/api/robot/transfer — the transfer button or a quick button asks for a person. */
  const transfer = async (visitor: VisitorActor, tid: string): Promise<ThreadRequestResult> => {
    const row = await loadOwn(visitor, tid);
    if (row.status !== 'robot') throw AppError.conflict('thread.notWithRobot', { params: { tid } });
    return handOver(row, 'button');
  };

  /** POST /visitor/api/robot/rate — "did this help?" once per answer; the FAQ's counters follow. */
  const rate = async (visitor: VisitorActor, body: RobotRateBody) => {
    const row = await loadOwn(visitor, body.tid);
    const stored = await messages.findByMid(row, body.mid);
    const reply = stored && stored.type === 'robot' ? parseRobotReply(stored.content) : null;
    if (!stored || !reply || (reply.kind !== 'answer' && reply.kind !== 'generated'))
      throw AppError.notFound('message.notFound', { mid: body.mid });
    if (reply.rating !== null) throw AppError.conflict('thread.robotAlreadyRated');
    const rating = body.helpful ? ('helpful' as const) : ('useless' as const);
    const message = await messages.replaceContent(row, body.mid, JSON.stringify({ ...reply, rating }));
    // A large-model answer names no single FAQ: its rating counts in the robot's figures only.
    const rated =
      reply.kind === 'answer' ? { source: reply.source, aid: reply.aid } : { source: 'llm', aid: '' };
    if (knowledge && rated.source === 'faq')
      await knowledge.rate({ orgId: row.org_id, aid: rated.aid, isHelpful: body.helpful });
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: body.helpful ? 'robot_helpful' : 'robot_useless',
      workgroupId: row.workgroup_id,
      data: { ...rated, question: reply.question },
      at: now(),
    });
    return message;
  };

  /** A number shown back to the visitor without all of its digits. */
  const maskMobile = (mobile: string) => {
    const digits = mobile.replace(/\D/g, '');
    return digits.length <= 4
      ? '****'
      : `${digits.slice(0, Math.min(3, digits.length - 4))}****${digits.slice(-4)}`;
  };

  /** POST /visitor/api/robot/lead — the name and mobile asked for: on the visitor, and a CRM lead. */
  const lead = async (visitor: VisitorActor, body: RobotLeadBody) => {
    const row = await loadOwn(visitor, body.tid);
    const stored = await messages.findByMid(row, body.mid);
    const asked = stored && stored.type === 'robot' ? parseRobotReply(stored.content) : null;
    if (!stored || !asked || asked.kind !== 'lead' || !leads)
      throw AppError.notFound('message.notFound', { mid: body.mid });
    if (asked.done) throw AppError.conflict('thread.robotLeadAnswered');
    const mobile = body.mobile.replace(/[\s-]/g, '');
    await db
      .updateTable('visitor')
      .set({ nickname: body.name, mobile })
      .where('org_id', '=', row.org_id)
      .where('id', '=', visitor.visitorId)
      .execute();
    const cid = await leads.captureLead({
      orgId: row.org_id,
      visitorId: visitor.visitorId,
      name: body.name,
      mobile,
    });
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'robot_lead',
      workgroupId: row.workgroup_id,
      data: { cid },
      at: now(),
    });
    const answered: RobotReply = { ...asked, done: true, name: body.name, mobile: maskMobile(mobile) };
    return messages.replaceContent(row, body.mid, JSON.stringify(answered));
  };

  return { robotForRequest, start, reply, transfer, rate, lead };
};

export type ThreadRobot = ReturnType<typeof createThreadRobot>;
