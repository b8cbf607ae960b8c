import {
  toPage,
  type Page,
  type RobotHistoryRow,
  type RobotStatistic,
  type RobotTrainingGroup,
  type robotHistoryQuerySchema,
  type robotStatisticQuerySchema,
  type robotTrainingQuerySchema,
  type robotTrainingResolveBodySchema,
} from '@openkefu/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import { toSearchTokens } from '../search/search.tokens.js';
import { findThreadsByIds } from '../thread/thread.repository.js';
import { keyOf, type RobotKbService } from './robot.service.js';

/*
 * The robot's history, training queue and statistics, read from the thread events its live-chat
 * part writes (thread.robot.ts): `robot` when it takes a conversation, `robot_answered` /
 * `robot_unanswered` per question, `robot_helpful` / `robot_useless` per rating and
 * `robot_to_agent` per hand-over. A robot care cycle is the cycle of its `robot` event.
 */

const dayMs = 86_400_000;
/** Events one statistics or training read looks at; past this the oldest are left out. */
const eventLimit = 200_000;
const trainingEventLimit = 5_000;
/** Two phrasings share a training group from this token overlap on. */
const similarEnough = 0.6;

type HistoryQuery = z.infer<typeof robotHistoryQuerySchema>;
type TrainingQuery = z.infer<typeof robotTrainingQuerySchema>;
type ResolveBody = z.infer<typeof robotTrainingResolveBodySchema>;
type StatisticQuery = z.infer<typeof robotStatisticQuerySchema>;

const parseData = (data: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * How much two phrasings share: tokens in both over the smaller set (a short question inside a
 * longer one counts as the same), and at least two of them, so one common word joins nothing.
 */
const overlap = (a: Set<string>, b: Set<string>) => {
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared < 2 ? 0 : shared / Math.min(a.size, b.size);
};

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const createRobotInsight = (deps: { db: Executor; robotKb: RobotKbService; now?: () => number }) => {
  const { db, robotKb } = deps;
  const now = deps.now ?? Date.now;

  /** The group's id for a wid filter; another organisation's or unknown wid is a 404. */
  const workgroupIdOf = async (orgId: number, wid: string | undefined): Promise<number | undefined> => {
    if (!wid) return undefined;
    const row = await db
      .selectFrom('workgroup')
      .select('id')
      .where('org_id', '=', orgId)
      .where('wid', '=', wid)
      .executeTakeFirst();
    if (!row) throw AppError.notFound('workgroup.notFound', { wid });
    return Number(row.id);
  };

  /* ---- history ---- */

  const history = async (principal: Principal, query: HistoryQuery): Promise<Page<RobotHistoryRow>> => {
    const workgroupId = await workgroupIdOf(principal.orgId, query.wid);
    const countOf = (kind: string) =>
      sql<number>`(select count(*) from thread_event as e where e.thread_id = started.thread_id and e.cycle = started.cycle and e.kind = ${kind})`;
    const has = (kind: string) =>
      sql<boolean>`exists (select 1 from thread_event as e where e.thread_id = started.thread_id and e.cycle = started.cycle and e.kind = ${kind})`;
    let base = db
      .selectFrom('thread_event as started')
      .innerJoin('thread', 'thread.id', 'started.thread_id')
      .innerJoin('visitor', 'visitor.id', 'thread.visitor_id')
      .leftJoin('workgroup', 'workgroup.id', 'started.workgroup_id')
      .leftJoin('user as robot', 'robot.id', 'started.agent_id')
      .where('started.org_id', '=', principal.orgId)
      .where('started.kind', '=', 'robot');
    if (query.from !== undefined) base = base.where('started.at', '>=', query.from);
    if (query.to !== undefined) base = base.where('started.at', '<=', query.to);
    if (workgroupId !== undefined) base = base.where('started.workgroup_id', '=', workgroupId);
    if (query.outcome === 'answered')
      base = base.where(has('robot_answered')).where(sql<boolean>`not ${has('robot_unanswered')}`);
    if (query.outcome === 'unanswered') base = base.where(has('robot_unanswered'));
    if (query.outcome === 'transferred') base = base.where(has('robot_to_agent'));
    if (query.outcome === 'unhelpful') base = base.where(has('robot_useless'));
    const [rows, count] = await Promise.all([
      base
        .select([
          'started.at',
          'thread.id as thread_id',
          'thread.tid',
          'thread.status',
          'visitor.vid',
          'visitor.nickname as visitor_nickname',
          'workgroup.wid',
          'workgroup.nickname as workgroup_nickname',
          'robot.uid as robot_uid',
          'robot.nickname as robot_nickname',
        ])
        .select([
          countOf('robot_answered').as('answered'),
          countOf('robot_unanswered').as('unanswered'),
          countOf('robot_helpful').as('helpful'),
          countOf('robot_useless').as('useless'),
          countOf('robot_to_agent').as('handovers'),
        ])
        .orderBy('started.at', 'desc')
        .orderBy('started.id', 'desc')
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    // Whether an offline thread really left a message is the thread repository's rule; read it there.
    const offlineIds = [
      ...new Set(rows.filter((row) => row.status === 'offline').map((row) => Number(row.thread_id))),
    ];
    const leftMessage = new Set(
      (await findThreadsByIds(db, principal.orgId, offlineIds))
        .filter((thread) => Number(thread.left_message) === 1)
        .map((thread) => Number(thread.id)),
    );
    return toPage(
      rows.map((row) => ({
        tid: row.tid,
        visitor: { vid: row.vid, nickname: row.visitor_nickname },
        workGroup: row.wid ? { wid: row.wid, nickname: row.workgroup_nickname ?? '' } : null,
        robot: row.robot_uid ? { uid: row.robot_uid, nickname: row.robot_nickname ?? '' } : null,
        startedAt: Number(row.at),
        questions: Number(row.answered) + Number(row.unanswered),
        answered: Number(row.answered),
        unanswered: Number(row.unanswered),
        helpful: Number(row.helpful),
        useless: Number(row.useless),
        transferred: Number(row.handovers) > 0,
        status: row.status,
        leftMessage: leftMessage.has(Number(row.thread_id)),
      })),
      Number(count.count),
      query,
    );
  };

  /* ---- training ---- */

  const training = async (principal: Principal, query: TrainingQuery): Promise<RobotTrainingGroup[]> => {
    const workgroupId = await workgroupIdOf(principal.orgId, query.wid);
    let events = db
      .selectFrom('thread_event')
      .select(['kind', 'data', 'at'])
      .where('org_id', '=', principal.orgId)
      .where('kind', 'in', ['robot_unanswered', 'robot_useless'])
      .where('at', '>=', now() - query.days * dayMs);
    if (workgroupId !== undefined) events = events.where('workgroup_id', '=', workgroupId);
    const [rows, resolved] = await Promise.all([
      events.orderBy('at', 'desc').limit(trainingEventLimit).execute(),
      db.selectFrom('robot_training').select('question_key').where('org_id', '=', principal.orgId).execute(),
    ]);
    const done = new Set(resolved.map((row) => row.question_key));

    // One entry per normalised question, then entries grouped by how many tokens they share.
    type Entry = {
      key: string;
      phrasings: Map<string, number>;
      missed: number;
      unhelpful: number;
      lastAt: number;
      tokens: Set<string>;
    };
    const entries = new Map<string, Entry>();
    for (const row of rows) {
      const question = text(parseData(row.data).question).trim();
      const key = keyOf(question);
      if (key === '' || done.has(key)) continue;
      let entry = entries.get(key);
      if (!entry) {
        entry = {
          key,
          phrasings: new Map(),
          missed: 0,
          unhelpful: 0,
          lastAt: 0,
          tokens: new Set(toSearchTokens(key)),
        };
        entries.set(key, entry);
      }
      entry.phrasings.set(question, (entry.phrasings.get(question) ?? 0) + 1);
      if (row.kind === 'robot_unanswered') entry.missed += 1;
      else entry.unhelpful += 1;
      entry.lastAt = Math.max(entry.lastAt, Number(row.at));
    }
    const asked = (entry: Entry) => entry.missed + entry.unhelpful;
    const groups: Entry[][] = [];
    for (const entry of [...entries.values()].sort((a, b) => asked(b) - asked(a) || b.lastAt - a.lastAt)) {
      const home = groups.find(
        (group) => group[0] && overlap(group[0].tokens, entry.tokens) >= similarEnough,
      );
      if (home) home.push(entry);
      else groups.push([entry]);
    }

    const result: RobotTrainingGroup[] = [];
    for (const group of groups.slice(0, 200)) {
      const phrasings = new Map<string, number>();
      for (const entry of group)
        for (const [phrasing, count] of entry.phrasings)
          phrasings.set(phrasing, (phrasings.get(phrasing) ?? 0) + count);
      const ordered = [...phrasings.entries()].sort((a, b) => b[1] - a[1]).map(([phrasing]) => phrasing);
      const question = ordered[0] ?? '';
      const tested = await robotKb.test(principal, { text: question, wid: query.wid });
      const best = tested.candidates.find((candidate) => candidate.source === 'faq');
      result.push({
        question,
        questions: ordered.slice(0, 20),
        keys: group.map((entry) => entry.key),
        missed: group.reduce((sum, entry) => sum + entry.missed, 0),
        unhelpful: group.reduce((sum, entry) => sum + entry.unhelpful, 0),
        lastAskedAt: Math.max(...group.map((entry) => entry.lastAt)),
        suggestion: best ? { aid: best.aid, question: best.question, score: best.score } : null,
      });
    }
    return result;
  };

  /** Adds the phrasings to a FAQ (similar), records a new FAQ (faq) or drops them (ignore); they leave the queue. */
  const resolve = async (principal: Principal, body: ResolveBody): Promise<{ resolved: number }> => {
    if (body.action !== 'ignore') {
      const faq = await robotKb.getFaq(principal, body.faqAid ?? '');
      if (body.action === 'similar') {
        const seen = new Set([keyOf(faq.question), ...faq.similarQuestions.map(keyOf)]);
        const added = body.questions.filter((question) => {
          const key = keyOf(question);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        if (added.length > 0)
          await robotKb.updateFaq(principal, {
            aid: faq.aid,
            question: faq.question,
            similarQuestions: [...faq.similarQuestions, ...added],
            answer: faq.answer,
            markdown: faq.markdown,
            categories: faq.categories.map((category) => category.cid),
            workGroups: faq.workGroups.map((group) => group.wid),
            welcome: faq.welcome,
            recommend: faq.recommend,
            enabled: faq.enabled,
            related: faq.related.map((related) => related.aid),
          });
      }
    }
    const at = now();
    const keys = [...new Set(body.keys.map(keyOf).filter(Boolean))];
    for (const key of keys)
      await db
        .insertInto('robot_training')
        .values({
          org_id: principal.orgId,
          question_key: key,
          resolution: body.action === 'ignore' ? 'ignored' : body.action,
          faq_aid: body.action === 'ignore' ? null : (body.faqAid ?? null),
          resolved_by: principal.userId,
          resolved_at: at,
        })
        .onConflict((conflict) => conflict.columns(['org_id', 'question_key']).doNothing())
        .execute();
    return { resolved: keys.length };
  };

  /* ---- statistics ---- */

  const statistic = async (principal: Principal, query: StatisticQuery): Promise<RobotStatistic> => {
    const to = query.to ?? now();
    const from = query.from ?? to - 29 * dayMs;
    if (from > to) throw AppError.validation([{ field: 'from', message: 'must not be after `to`' }]);
    if (to - from > 366 * dayMs) throw AppError.validation([{ field: 'from', message: 'at most 366 days' }]);
    const workgroupId = await workgroupIdOf(principal.orgId, query.wid);
    let events = db
      .selectFrom('thread_event')
      .select(['kind', 'data', 'at', 'workgroup_id'])
      .where('org_id', '=', principal.orgId)
      .where('kind', 'in', [
        'robot',
        'robot_answered',
        'robot_unanswered',
        'robot_helpful',
        'robot_useless',
        'robot_to_agent',
      ])
      .where('at', '>=', from)
      .where('at', '<=', to);
    if (workgroupId !== undefined) events = events.where('workgroup_id', '=', workgroupId);
    const rows = await events.orderBy('at', 'desc').limit(eventLimit).execute();

    const empty = () => ({
      conversations: 0,
      questions: 0,
      answered: 0,
      handOvers: 0,
      helpful: 0,
      useless: 0,
    });
    type Counts = ReturnType<typeof empty>;
    const count = (counts: Counts, kind: string) => {
      if (kind === 'robot') counts.conversations += 1;
      if (kind === 'robot_answered') {
        counts.questions += 1;
        counts.answered += 1;
      }
      if (kind === 'robot_unanswered') counts.questions += 1;
      if (kind === 'robot_to_agent') counts.handOvers += 1;
      if (kind === 'robot_helpful') counts.helpful += 1;
      if (kind === 'robot_useless') counts.useless += 1;
    };
    const totals = empty();
    const days = new Map<string, Counts>();
    for (let day = Date.parse(`${utcDay(from)}T00:00:00Z`); day <= to; day += dayMs)
      days.set(utcDay(day), empty());
    const byGroupId = new Map<number, Counts>();
    const answers = new Map<
      string,
      { source: 'faq' | 'article'; aid: string; title: string; count: number }
    >();
    const misses = new Map<string, { question: string; count: number }>();
    for (const row of rows) {
      count(totals, row.kind);
      const day = days.get(utcDay(Number(row.at)));
      if (day) count(day, row.kind);
      if (row.workgroup_id !== null) {
        const id = Number(row.workgroup_id);
        const group = byGroupId.get(id) ?? empty();
        count(group, row.kind);
        byGroupId.set(id, group);
      }
      if (row.kind === 'robot_answered') {
        const data = parseData(row.data);
        // Large-model answers name no single FAQ or article.
        if (text(data.aid) === '') continue;
        const source = data.source === 'article' ? 'article' : 'faq';
        const aid = text(data.aid);
        const entry = answers.get(`${source}:${aid}`) ?? { source, aid, title: text(data.title), count: 0 };
        entry.count += 1;
        answers.set(`${source}:${aid}`, entry);
      }
      if (row.kind === 'robot_unanswered') {
        const question = text(parseData(row.data).question).trim();
        const key = keyOf(question);
        if (!key) continue;
        const entry = misses.get(key) ?? { question, count: 0 };
        entry.count += 1;
        misses.set(key, entry);
      }
    }
    const groupIds = [...byGroupId.keys()];
    const groups =
      groupIds.length === 0
        ? []
        : await db
            .selectFrom('workgroup')
            .select(['id', 'wid', 'nickname'])
            .where('org_id', '=', principal.orgId)
            .where('id', 'in', groupIds)
            .execute();
    return {
      totals: {
        ...totals,
        answeredRate: rate(totals.answered, totals.questions),
        handOverRate: rate(totals.handOvers, totals.conversations),
        helpfulRate: rate(totals.helpful, totals.helpful + totals.useless),
      },
      byDay: [...days.entries()].map(([day, counts]) => ({ day, ...counts })),
      byGroup: groups
        .map((group) => ({
          wid: group.wid,
          nickname: group.nickname,
          ...(byGroupId.get(Number(group.id)) ?? empty()),
        }))
        .sort((a, b) => b.questions - a.questions),
      topQuestions: [...answers.values()].sort((a, b) => b.count - a.count).slice(0, 10),
      topMisses: [...misses.values()].sort((a, b) => b.count - a.count).slice(0, 10),
    };
  };

  return { history, training, resolve, statistic };
};

export type RobotInsight = ReturnType<typeof createRobotInsight>;
