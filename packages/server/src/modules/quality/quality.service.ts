import {
  qualityCriterionSchema,
  type qualityDecideBodySchema,
  type qualityQuerySchema,
  type qualityRuleBodySchema,
  type qualitySchemeBodySchema,
  qualityFactsSchema,
  qualityItemScoreSchema,
  roundHalfUpTenth,
  toPage,
  type Language,
  type Page,
  type QualityComment,
  type QualityCriterion,
  type QualityDetail,
  type QualityFacts,
  type QualityInspection,
  type QualityItemScore,
  type QualityLog,
  type QualityRule,
  type QualityRuleKind,
  type QualityScheme,
  type QualitySource,
  type QualityStatistic,
  type QualityStatus,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate, type MessageKey, type MessageParams } from '../../http/i18n.js';
import { createPublicId } from '../../lib/ids.js';
import './quality.messages.js';
import { nextQualityStatus, scoredQualityStatuses, type QualityAction } from './quality.machine.js';
import * as repo from './quality.repository.js';
import {
  checkQualityCriteria,
  computeQualityScore,
  defaultQualityCriteria,
  describeCheck,
  normaliseItemScores,
  prefillItemScores,
  type QualityIssue,
} from './quality.score.js';

/*
 * Quality inspection's rules: schemes (one default per organisation, seeded on first use, skill
 * groups may point at another), sampling rules run when a conversation closes and on demand,
 * the automatic checks, scoring, comments, the appeal and statistics. Routes authorise; every
 * function is scoped by the caller's organisation.
 */

export type QualityServiceDeps = { db: Executor; logger?: FastifyBaseLogger; now?: () => number };

/** Who acts. `seesAll`: a checker or admin (authority `quality`); otherwise only one's own results. */
export type QualityActor = { orgId: number; userId: number; seesAll: boolean };

/** The closed thread the close hook hands over (thread.close.ts). */
export type ClosedThread = { id: number; org_id: number; agent_id: number | null; status: string };

const dayMs = 86_400_000;
const sampleLimit = 5_000;
/** Rules in the order they name an inspection's source when several match. */
const ruleOrder: QualityRuleKind[] = ['lowRating', 'sensitiveWord', 'slowFirstResponse', 'percent'];

const parseJson = <T>(text: string, schema: z.ZodType<T>, fallback: T): T => {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
};

const emptyFacts: QualityFacts = {
  firstResponseMs: null,
  longestSilenceMs: null,
  sensitiveWords: [],
  visitorSensitiveWords: [],
  closeType: null,
  rating: null,
  transferCount: 0,
};

const criteriaOf = (text: string): QualityCriterion[] => parseJson(text, z.array(qualityCriterionSchema), []);
const itemsOf = (text: string): QualityItemScore[] => parseJson(text, z.array(qualityItemScoreSchema), []);
const factsOf = (text: string): QualityFacts => parseJson(text, qualityFactsSchema, emptyFacts);

/** What an inspection was scored with: editing the scheme later leaves past scores as they were. */
const schemeSnapshotSchema = z.object({
  name: z.string(),
  description: z.string(),
  passMark: z.number(),
  criteria: z.array(qualityCriterionSchema),
  /** The scheme's version: when it was last saved before the score. */
  updatedAt: z.number(),
});
type SchemeSnapshot = z.infer<typeof schemeSnapshotSchema>;
const snapshotOf = (text: string | null): SchemeSnapshot | null =>
  text === null ? null : parseJson<SchemeSnapshot | null>(text, schemeSnapshotSchema, null);

const person = (uid: string | null, nickname: string | null) =>
  uid === null ? null : { uid, nickname: nickname ?? '' };

const issueMessage = (issue: QualityIssue): { key: MessageKey; params: MessageParams } => {
  switch (issue.kind) {
    case 'weightsSum':
      return { key: 'quality.weightsSum', params: { sum: issue.sum } };
    case 'duplicateKey':
      return { key: 'quality.duplicateKey', params: { key: issue.key } };
    case 'noPoints':
      return { key: 'quality.noPoints', params: {} };
    case 'unknownItem':
      return { key: 'quality.unknownItem', params: { key: issue.key } };
    case 'tooManyPoints':
      return { key: 'quality.tooManyPoints', params: { points: issue.points } };
  }
};

/** A care cycle starts when it was queued (a reopen sets that) or at its first event, whichever is first. */
const cycleStart = (queuedOrCreated: number, events: readonly { at: number }[]): number =>
  Math.min(Number(queuedOrCreated), ...events.map((event) => Number(event.at)));

/** Monday 00:00 UTC of the week holding `at`, as YYYY-MM-DD. */
export const weekOf = (at: number): string => {
  const day = new Date(Math.floor(at / dayMs) * dayMs);
  const shift = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - shift * dayMs).toISOString().slice(0, 10);
};

/**
 * The automatic checks' facts from a care cycle's messages and events: first response, the
 * longest time a visitor waited for the agent, the agent's sensitive words, close type, rating
 * and transfers. Pure, so the arithmetic is tested without a database.
 */
export const computeFacts = (input: {
  startedAt: number | null;
  firstResponseAt: number | null;
  closedAt: number | null;
  closeType: string | null;
  rating: number | null;
  messages: readonly { senderKind: string; at: number }[];
  eventKinds: readonly string[];
  sensitiveWords: readonly string[];
  visitorSensitiveWords?: readonly string[];
}): QualityFacts => {
  let waitingSince: number | null = null;
  let longest: number | null = null;
  for (const message of input.messages) {
    if (message.senderKind === 'visitor') waitingSince ??= message.at;
    else if (message.senderKind === 'agent' && waitingSince !== null) {
      longest = Math.max(longest ?? 0, message.at - waitingSince);
      waitingSince = null;
    }
  }
  if (waitingSince !== null && input.closedAt !== null)
    longest = Math.max(longest ?? 0, input.closedAt - waitingSince);
  return {
    firstResponseMs:
      input.firstResponseAt !== null && input.startedAt !== null
        ? Math.max(0, input.firstResponseAt - input.startedAt)
        : null,
    longestSilenceMs: longest,
    sensitiveWords: [...new Set(input.sensitiveWords)],
    visitorSensitiveWords: [...new Set(input.visitorSensitiveWords ?? [])],
    closeType: input.closeType,
    rating: input.rating,
    transferCount: input.eventKinds.filter((kind) => kind === 'transferred').length,
  };
};

export type QualityService = ReturnType<typeof createQualityService>;

export const createQualityService = (deps: QualityServiceDeps) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const invalid = (
    language: Language,
    issues: { field: string; key: MessageKey; params: MessageParams }[],
  ) => {
    const first = issues[0];
    return AppError.badRequest(first?.key ?? 'error.validation', {
      params: first?.params ?? {},
      fields: issues.map((issue) => ({
        field: issue.field,
        message: translate(issue.key, language, issue.params),
      })),
    });
  };
  const fromIssues = (language: Language, issues: QualityIssue[]) =>
    invalid(
      language,
      issues.map((issue) => ({ field: issue.field, ...issueMessage(issue) })),
    );

  // ---- schemes ----

  /** The organisation's schemes; the default one is created on first use. */
  const ensureSchemes = async (orgId: number, language: Language): Promise<repo.SchemeRow[]> => {
    const rows = await repo.listSchemes(db, orgId);
    if (rows.length > 0) return rows;
    await repo.insertScheme(db, {
      qsid: createPublicId(),
      orgId,
      name: translate('quality.defaultName', language),
      description: '',
      passMark: 60,
      isDefault: true,
      criteria: JSON.stringify(defaultQualityCriteria(language)),
      now: now(),
    });
    return repo.listSchemes(db, orgId);
  };

  const toScheme = (
    row: repo.SchemeRow,
    groups: Awaited<ReturnType<typeof repo.listSchemeWorkgroups>>,
  ): QualityScheme => ({
    qsid: row.qsid,
    name: row.name,
    description: row.description,
    passMark: Number(row.pass_mark),
    isDefault: Number(row.is_default) === 1,
    criteria: criteriaOf(row.criteria),
    workgroups: groups
      .filter((group) => Number(group.scheme_id) === Number(row.id))
      .map((group) => ({ wid: group.wid, nickname: group.nickname })),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  });

  const schemes = async (orgId: number, language: Language): Promise<QualityScheme[]> => {
    const rows = await ensureSchemes(orgId, language);
    const groups = await repo.listSchemeWorkgroups(db, orgId);
    return rows.map((row) => toScheme(row, groups));
  };

  const saveScheme = async (
    orgId: number,
    body: z.output<typeof qualitySchemeBodySchema>,
    language: Language,
  ): Promise<QualityScheme> => {
    const issues = checkQualityCriteria(body.criteria);
    if (issues.length > 0) throw fromIssues(language, issues);
    const groups = await repo.findWorkgroupsByWids(db, orgId, body.workgroups);
    const missing = body.workgroups.find((wid) => !groups.some((group) => group.wid === wid));
    if (missing !== undefined)
      throw invalid(language, [
        {
          field: `workgroups.${body.workgroups.indexOf(missing)}`,
          key: 'quality.unknownWorkgroup',
          params: { wid: missing },
        },
      ]);
    await ensureSchemes(orgId, language);
    const existing = body.qsid ? await repo.findSchemeByQsid(db, orgId, body.qsid) : undefined;
    if (body.qsid && !existing) throw AppError.notFound('quality.schemeNotFound', { qsid: body.qsid });
    const at = now();
    const id = await db.transaction().execute(async (trx) => {
      // There is always exactly one default: unsetting it happens by making another the default.
      const isDefault = body.isDefault || Number(existing?.is_default ?? 0) === 1;
      const values = {
        name: body.name,
        description: body.description,
        passMark: body.passMark,
        isDefault,
        criteria: JSON.stringify(body.criteria),
        now: at,
      };
      let schemeId: number;
      if (existing) {
        schemeId = Number(existing.id);
        await repo.updateScheme(trx, orgId, schemeId, values);
      } else schemeId = await repo.insertScheme(trx, { qsid: createPublicId(), orgId, ...values });
      if (isDefault) await repo.clearDefaultScheme(trx, orgId, schemeId);
      await repo.replaceSchemeWorkgroups(
        trx,
        orgId,
        schemeId,
        groups.map((group) => Number(group.id)),
      );
      return schemeId;
    });
    const row = await repo.findSchemeById(db, orgId, id);
    if (!row) throw new Error(`scheme ${id} vanished`);
    return toScheme(row, await repo.listSchemeWorkgroups(db, orgId));
  };

  const deleteScheme = async (orgId: number, qsid: string): Promise<void> => {
    const row = await repo.findSchemeByQsid(db, orgId, qsid);
    if (!row) throw AppError.notFound('quality.schemeNotFound', { qsid });
    if (Number(row.is_default) === 1) throw AppError.conflict('quality.defaultScheme');
    if ((await repo.countInspectionsOfScheme(db, orgId, Number(row.id))) > 0)
      throw AppError.conflict('quality.schemeInUse');
    await repo.deleteScheme(db, orgId, Number(row.id));
  };

  const schemeFor = async (orgId: number, workgroupId: number | null): Promise<repo.SchemeRow> => {
    const override =
      workgroupId === null ? undefined : await repo.findSchemeOfWorkgroup(db, orgId, workgroupId);
    if (override) return override;
    const found = await repo.findDefaultScheme(db, orgId);
    if (found) return found;
    const seeded = await ensureSchemes(orgId, 'en-US');
    const first = seeded[0];
    if (!first) throw new Error('no quality scheme after seeding');
    return first;
  };

  // ---- rules ----

  const toRule = (row: repo.RuleRow): QualityRule => ({
    qrid: row.qrid,
    kind: row.kind as QualityRuleKind,
    threshold: Number(row.threshold),
    enabled: Number(row.enabled) === 1,
    updatedAt: Number(row.updated_at),
  });

  const rules = async (orgId: number): Promise<QualityRule[]> =>
    (await repo.listRules(db, orgId)).map(toRule);

  const saveRule = async (orgId: number, body: z.output<typeof qualityRuleBodySchema>) => {
    const existing = body.qrid ? await repo.findRuleByQrid(db, orgId, body.qrid) : undefined;
    if (body.qrid && !existing) throw AppError.notFound('quality.ruleNotFound', { qrid: body.qrid });
    const sameKind = await repo.findRuleByKind(db, orgId, body.kind);
    if (sameKind && sameKind.id !== existing?.id) throw AppError.conflict('quality.ruleKindTaken');
    const at = now();
    if (existing)
      await db
        .updateTable('quality_rule')
        .set({ kind: body.kind, threshold: body.threshold, enabled: body.enabled ? 1 : 0, updated_at: at })
        .where('org_id', '=', orgId)
        .where('id', '=', existing.id)
        .execute();
    else
      await db
        .insertInto('quality_rule')
        .values({
          qrid: createPublicId(),
          org_id: orgId,
          kind: body.kind,
          threshold: body.threshold,
          enabled: body.enabled ? 1 : 0,
          updated_at: at,
        })
        .execute();
    const saved = await repo.findRuleByKind(db, orgId, body.kind);
    if (!saved) throw new Error('rule vanished');
    return toRule(saved);
  };

  const deleteRule = async (orgId: number, qrid: string): Promise<void> => {
    const row = await repo.findRuleByQrid(db, orgId, qrid);
    if (!row) throw AppError.notFound('quality.ruleNotFound', { qrid });
    await repo.deleteRule(db, orgId, row.id);
  };

  // ---- sampling ----

  const cycleWindow = async (thread: repo.ClosedThreadRow) => {
    const events = await repo.listCycleEvents(db, thread.org_id, thread.id, Number(thread.cycle));
    const from = cycleStart(thread.queued_at ?? thread.created_at, events);
    const to = thread.closed_at === null ? now() : Number(thread.closed_at);
    return { from, to, events };
  };

  const factsFor = async (thread: repo.ClosedThreadRow): Promise<QualityFacts> => {
    const { from, to, events } = await cycleWindow(thread);
    const [messages, hits, rating] = await Promise.all([
      repo.listCycleMessages(db, thread.org_id, thread.id, from, to),
      repo.listTabooHits(db, thread.org_id, thread.id, from, to),
      repo.findCycleRating(db, thread.org_id, thread.id, Number(thread.cycle)),
    ]);
    return computeFacts({
      startedAt: thread.started_at === null ? null : Number(thread.started_at),
      firstResponseAt: thread.first_response_at === null ? null : Number(thread.first_response_at),
      closedAt: thread.closed_at === null ? null : Number(thread.closed_at),
      closeType: thread.close_type,
      rating: rating ? Number(rating.score) : null,
      messages: messages.map((message) => ({
        senderKind: message.sender_kind,
        at: Number(message.created_at),
      })),
      eventKinds: events.map((event) => event.kind),
      sensitiveWords: hits.filter((hit) => hit.sender_kind === 'agent').map((hit) => hit.word),
      visitorSensitiveWords: hits.filter((hit) => hit.sender_kind === 'visitor').map((hit) => hit.word),
    });
  };

  /** Adds the conversation's current care cycle to the queue; null when it is there already. */
  const enqueue = async (
    thread: repo.ClosedThreadRow,
    source: QualitySource,
    actorId: number | null,
    facts?: QualityFacts,
  ): Promise<number | null> => {
    const scheme = await schemeFor(thread.org_id, thread.workgroup_id);
    // Read before the transaction: on SQLite a read through `db` inside it would wait for itself.
    const checked = facts ?? (await factsFor(thread));
    const at = now();
    return db.transaction().execute(async (trx) => {
      const id = await repo.insertInspection(trx, {
        qid: createPublicId(),
        orgId: thread.org_id,
        threadId: thread.id,
        cycle: Number(thread.cycle),
        agentId: thread.agent_id,
        workgroupId: thread.workgroup_id,
        schemeId: Number(scheme.id),
        source,
        facts: JSON.stringify(checked),
        closedAt: thread.closed_at === null ? null : Number(thread.closed_at),
        now: at,
      });
      if (id !== null)
        await repo.insertLog(trx, {
          orgId: thread.org_id,
          inspectionId: id,
          actorId,
          action: 'created',
          detail: source,
          at,
        });
      return id;
    });
  };

  /** Which enabled rule (if any) picks the closed conversation; percent counts per agent and UTC day. */
  const matchingRule = async (
    thread: repo.ClosedThreadRow,
    facts: QualityFacts,
    enabled: repo.RuleRow[],
  ): Promise<QualityRuleKind | null> => {
    if (thread.agent_id === null || thread.closed_at === null) return null;
    for (const kind of ruleOrder) {
      const rule = enabled.find((candidate) => candidate.kind === kind);
      if (!rule) continue;
      const threshold = Number(rule.threshold);
      if (kind === 'lowRating' && facts.rating !== null && facts.rating <= threshold) return kind;
      // "Every conversation with a sensitive-word hit": the visitor's count as much as the agent's.
      if (kind === 'sensitiveWord' && facts.sensitiveWords.length + facts.visitorSensitiveWords.length > 0)
        return kind;
      if (
        kind === 'slowFirstResponse' &&
        facts.firstResponseMs !== null &&
        facts.firstResponseMs > threshold * 60_000
      )
        return kind;
      if (kind === 'percent') {
        // Deterministic: the first conversation of the day is taken, then one whenever the share
        // sampled falls below N % of those closed so far.
        const closedAt = Number(thread.closed_at);
        const dayStart = Math.floor(closedAt / dayMs) * dayMs;
        const closed = await repo.countAgentClosedThreads(
          db,
          thread.org_id,
          thread.agent_id,
          dayStart,
          closedAt,
        );
        const sampled = await repo.countAgentSampled(
          db,
          thread.org_id,
          thread.agent_id,
          'percent',
          dayStart,
          dayStart + dayMs - 1,
        );
        if (sampled < Math.ceil((closed * threshold) / 100)) return kind;
      }
    }
    return null;
  };

  const sampleThread = async (thread: repo.ClosedThreadRow, enabled: repo.RuleRow[]): Promise<boolean> => {
    if (enabled.length === 0 || thread.status !== 'closed' || thread.agent_id === null) return false;
    const facts = await factsFor(thread);
    const kind = await matchingRule(thread, facts, enabled);
    if (!kind) return false;
    return (await enqueue(thread, kind, null, facts)) !== null;
  };

  const enabledRules = async (orgId: number) =>
    (await repo.listRules(db, orgId)).filter((rule) => Number(rule.enabled) === 1);

  /** The thread service's close hook: runs the sampling rules on the conversation just closed. */
  const onThreadClosed = async (closed: ClosedThread): Promise<void> => {
    try {
      if (closed.agent_id === null) return;
      const enabled = await enabledRules(closed.org_id);
      if (enabled.length === 0) return;
      const thread = await repo.findThreadForQuality(db, closed.org_id, { id: closed.id });
      if (thread) await sampleThread(thread, enabled);
    } catch (error) {
      // Sampling never fails a close; the conversation can still be added by hand.
      deps.logger?.error({ err: error, threadId: closed.id }, 'quality sampling failed');
    }
  };

  /** "Sample now": the rules over conversations closed in [from, to] (oldest first, at most 5,000). */
  const sample = async (orgId: number, range: { from: number; to: number }, language: Language) => {
    if (range.to < range.from || range.to - range.from > 366 * dayMs)
      throw invalid(language, [{ field: 'to', key: 'quality.statisticRange', params: {} }]);
    const enabled = await enabledRules(orgId);
    const threads = await repo.listClosedThreads(db, orgId, range.from, range.to, sampleLimit);
    let added = 0;
    for (const thread of threads) if (await sampleThread(thread, enabled)) added += 1;
    return { added, examined: threads.length };
  };

  /** Adds a conversation by hand. */
  const add = async (actor: QualityActor, tid: string): Promise<QualityInspection> => {
    const thread = await repo.findThreadForQuality(db, actor.orgId, { tid });
    if (!thread) throw AppError.notFound('quality.threadNotFound', { tid });
    if (thread.status !== 'closed' || thread.agent_id === null)
      throw AppError.conflict('quality.threadNotClosed');
    const id = await enqueue(thread, 'manual', actor.userId);
    if (id === null) throw AppError.conflict('quality.alreadyQueued');
    const row = await repo.selectInspection(db).where('qi.id', '=', id).executeTakeFirstOrThrow();
    return toInspection(row);
  };

  // ---- inspections ----

  const toInspection = (row: repo.InspectionRow): QualityInspection => {
    const snapshot = snapshotOf(row.scheme_snapshot);
    return {
      qid: row.qid,
      tid: row.tid,
      status: row.status as QualityStatus,
      source: row.source as QualitySource,
      agent: person(row.agent_uid, row.agent_nickname),
      workgroup:
        row.workgroup_wid === null
          ? null
          : { wid: row.workgroup_wid, nickname: row.workgroup_nickname ?? '' },
      visitorNickname: row.visitor_nickname ?? '',
      scheme: {
        qsid: row.scheme_qsid,
        name: snapshot?.name ?? row.scheme_name,
        passMark: snapshot?.passMark ?? Number(row.scheme_pass_mark),
      },
      score: row.score === null ? null : Number(row.score),
      isPassed: row.passed === null ? null : Number(row.passed) === 1,
      isFatal: Number(row.fatal) === 1,
      checker: person(row.checker_uid, row.checker_nickname),
      closedAt: row.closed_at === null ? null : Number(row.closed_at),
      scoredAt: row.scored_at === null ? null : Number(row.scored_at),
      createdAt: Number(row.created_at),
    };
  };

  const resolveFilter = async (actor: QualityActor, query: z.output<typeof qualityQuerySchema>) => {
    const filter: repo.InspectionFilter = {
      status: query.status,
      source: query.source,
      from: query.from,
      to: query.to,
    };
    if (query.isScored) filter.statuses = scoredQualityStatuses;
    if (query.agent) {
      const agent = await repo.findUserByUid(db, actor.orgId, query.agent);
      filter.agentId = agent ? Number(agent.id) : -1;
    }
    if (query.workgroup) {
      const [group] = await repo.findWorkgroupsByWids(db, actor.orgId, [query.workgroup]);
      filter.workgroupId = group ? Number(group.id) : -1;
    }
    if (!actor.seesAll) {
      // An agent reads only their own scored results.
      filter.agentId = actor.userId;
      filter.statuses = scoredQualityStatuses;
    }
    return filter;
  };

  const page = async (
    actor: QualityActor,
    query: z.output<typeof qualityQuerySchema>,
  ): Promise<Page<QualityInspection>> => {
    const { rows, total } = await repo.pageInspections(
      db,
      actor.orgId,
      await resolveFilter(actor, query),
      query,
    );
    return toPage(rows.map(toInspection), total, query);
  };

  const load = async (actor: QualityActor, qid: string): Promise<repo.InspectionRow> => {
    const row = await repo.findInspectionByQid(db, actor.orgId, qid);
    const visible =
      row && (actor.seesAll || (Number(row.agent_id) === actor.userId && row.status !== 'pending'));
    if (!row || !visible) throw AppError.notFound('quality.notFound', { qid });
    return row;
  };

  const get = async (actor: QualityActor, qid: string, language: Language): Promise<QualityDetail> => {
    const row = await load(actor, qid);
    const schemeRow = await repo.findSchemeById(db, actor.orgId, Number(row.scheme_id));
    if (!schemeRow) throw new Error(`scheme of ${qid} vanished`);
    const current = toScheme(schemeRow, await repo.listSchemeWorkgroups(db, actor.orgId));
    const snapshot = snapshotOf(row.scheme_snapshot);
    const scheme = snapshot ? { ...current, ...snapshot } : current;
    const facts = factsOf(row.facts);
    const stored = itemsOf(row.items);
    const items = stored.length > 0 ? stored : prefillItemScores(scheme.criteria, facts);
    const definitions = new Map(
      scheme.criteria.flatMap((criterion) => criterion.items).map((item) => [item.key, item]),
    );
    const withEvidence = items.map((item) => {
      const definition = definitions.get(item.key);
      return item.evidence || !definition?.check
        ? item
        : { ...item, evidence: describeCheck(definition, facts, language) };
    });
    const events = await repo.listCycleEvents(db, actor.orgId, Number(row.thread_id), Number(row.cycle));
    const from = cycleStart(row.queued_at ?? row.thread_created_at, events);
    const to = row.closed_at === null ? now() : Number(row.closed_at);
    const messages = await repo.listCycleMessages(db, actor.orgId, Number(row.thread_id), from, to);
    const comments = await repo.listComments(db, actor.orgId, Number(row.id));
    const log = await repo.listLog(db, actor.orgId, Number(row.id));
    return {
      ...toInspection(row),
      schemeDetail: scheme,
      facts,
      items: withEvidence,
      appeal:
        row.appeal_reason === null || row.appealed_at === null
          ? null
          : {
              reason: row.appeal_reason,
              reply: row.appeal_reply,
              at: Number(row.appealed_at),
              decidedAt: row.decided_at === null ? null : Number(row.decided_at),
            },
      transcript: messages
        .filter((message) => message.status !== 'recall')
        .map((message) => ({
          mid: message.mid,
          type: message.type,
          content: message.content,
          senderKind: message.sender_kind,
          senderName:
            message.sender_kind === 'visitor'
              ? (message.visitor_nickname ?? '')
              : message.sender_kind === 'agent'
                ? (message.user_nickname ?? '')
                : '',
          createdAt: Number(message.created_at),
        })),
      comments: comments.map((comment): QualityComment => ({
        qcid: comment.qcid,
        mid: comment.mid,
        content: comment.content,
        author: person(comment.author_uid, comment.author_nickname),
        createdAt: Number(comment.created_at),
      })),
      log: log.map((entry): QualityLog => ({
        action: entry.action as QualityLog['action'],
        actor: person(entry.actor_uid, entry.actor_nickname),
        detail: entry.detail,
        at: Number(entry.at),
      })),
    };
  };

  const transitionOrThrow = (row: repo.InspectionRow, action: QualityAction): QualityStatus => {
    const next = nextQualityStatus(row.status as QualityStatus, action);
    if (!next)
      throw AppError.conflict('quality.transitionRefused', { params: { status: row.status, action } });
    return next;
  };

  /**
   * Scores against the scheme as it was first scored (its snapshot), or as it is now for a first
   * score, which takes the snapshot: rescoring keeps the items the checker saw.
   */
  const scoreOf = async (row: repo.InspectionRow, given: QualityItemScore[], language: Language) => {
    let snapshot = snapshotOf(row.scheme_snapshot);
    if (!snapshot) {
      const schemeRow = await repo.findSchemeById(db, row.org_id, Number(row.scheme_id));
      if (!schemeRow) throw new Error('scheme vanished');
      snapshot = {
        name: schemeRow.name,
        description: schemeRow.description,
        passMark: Number(schemeRow.pass_mark),
        criteria: criteriaOf(schemeRow.criteria),
        updatedAt: Number(schemeRow.updated_at),
      };
    }
    const { items, issues } = normaliseItemScores(snapshot.criteria, given);
    if (issues.length > 0) throw fromIssues(language, issues);
    const result = computeQualityScore(snapshot.criteria, items);
    return {
      items,
      schemeSnapshot: JSON.stringify(snapshot),
      score: result.score,
      fatal: result.isFatal,
      passed: !result.isFatal && result.score >= snapshot.passMark,
    };
  };

  const apply = async (
    actor: QualityActor,
    row: repo.InspectionRow,
    next: QualityStatus,
    values: Omit<Parameters<typeof repo.updateInspection>[4], 'status' | 'now'>,
    log: { action: QualityLog['action']; detail: string },
  ) => {
    const at = now();
    const changed = await db.transaction().execute(async (trx) => {
      const done = await repo.updateInspection(
        trx,
        actor.orgId,
        Number(row.id),
        row.status as QualityStatus,
        {
          ...values,
          status: next,
          now: at,
        },
      );
      if (done)
        await repo.insertLog(trx, {
          orgId: actor.orgId,
          inspectionId: Number(row.id),
          actorId: actor.userId,
          action: log.action,
          detail: log.detail,
          at,
        });
      return done;
    });
    if (!changed) throw AppError.conflict('quality.changedMeanwhile');
  };

  const score = async (
    actor: QualityActor,
    body: { qid: string; items: QualityItemScore[] },
    language: Language,
  ): Promise<QualityDetail> => {
    const row = await load(actor, body.qid);
    const next = transitionOrThrow(row, 'score');
    const result = await scoreOf(row, body.items, language);
    const wasScored = row.status !== 'pending';
    await apply(
      actor,
      row,
      next,
      {
        items: JSON.stringify(result.items),
        schemeSnapshot: result.schemeSnapshot,
        score: result.score,
        passed: result.passed,
        fatal: result.fatal,
        checkerId: actor.userId,
        scoredAt: now(),
      },
      {
        action: wasScored ? 'rescored' : 'scored',
        detail: wasScored ? `${Number(row.score)} → ${result.score}` : String(result.score),
      },
    );
    return get(actor, body.qid, language);
  };

  const comment = async (
    actor: QualityActor,
    body: { qid: string; mid: string | null; content: string },
    language: Language,
  ): Promise<QualityDetail> => {
    const row = await load(actor, body.qid);
    let messageId: number | null = null;
    if (body.mid !== null) {
      const message = await repo.findMessageByMid(db, actor.orgId, Number(row.thread_id), body.mid);
      if (!message)
        throw invalid(language, [{ field: 'mid', key: 'quality.unknownMessage', params: { mid: body.mid } }]);
      messageId = Number(message.id);
    }
    const at = now();
    await db.transaction().execute(async (trx) => {
      await repo.insertComment(trx, {
        qcid: createPublicId(),
        orgId: actor.orgId,
        inspectionId: Number(row.id),
        messageId,
        authorId: actor.userId,
        content: body.content,
        now: at,
      });
      await repo.insertLog(trx, {
        orgId: actor.orgId,
        inspectionId: Number(row.id),
        actorId: actor.userId,
        action: 'commented',
        detail: body.content.slice(0, 200),
        at,
      });
    });
    return get(actor, body.qid, language);
  };

  /** The agent appeals their own scored result, once, with a reason. */
  const appeal = async (
    actor: QualityActor,
    body: { qid: string; reason: string },
    language: Language,
  ): Promise<QualityDetail> => {
    const row = await load(actor, body.qid);
    if (Number(row.agent_id) !== actor.userId) throw AppError.forbidden('quality.notYours');
    const next = transitionOrThrow(row, 'appeal');
    await apply(
      actor,
      row,
      next,
      { appealReason: body.reason, appealedAt: now() },
      { action: 'appealed', detail: body.reason },
    );
    return get(actor, body.qid, language);
  };

  /** A checker or admin accepts (rescoring) or rejects an appeal. */
  const decide = async (
    actor: QualityActor,
    body: z.output<typeof qualityDecideBodySchema>,
    language: Language,
  ): Promise<QualityDetail> => {
    const row = await load(actor, body.qid);
    const action: QualityAction = body.decision;
    const next = transitionOrThrow(row, action);
    if (action === 'reject') {
      await apply(
        actor,
        row,
        next,
        { appealReply: body.reply, decidedAt: now() },
        { action: 'rejected', detail: body.reply },
      );
    } else {
      const result = body.items ? await scoreOf(row, body.items, language) : null;
      await apply(
        actor,
        row,
        next,
        {
          appealReply: body.reply,
          decidedAt: now(),
          ...(result
            ? {
                items: JSON.stringify(result.items),
                schemeSnapshot: result.schemeSnapshot,
                score: result.score,
                passed: result.passed,
                fatal: result.fatal,
                checkerId: actor.userId,
                scoredAt: now(),
              }
            : {}),
        },
        {
          action: 'accepted',
          detail: result ? `${Number(row.score)} → ${result.score}` : body.reply,
        },
      );
    }
    return get(actor, body.qid, language);
  };

  // ---- statistics ----

  const statistics = async (
    orgId: number,
    range: { from: number; to: number },
    language: Language,
  ): Promise<QualityStatistic> => {
    if (range.to < range.from || range.to - range.from > 366 * dayMs)
      throw invalid(language, [{ field: 'to', key: 'quality.statisticRange', params: {} }]);
    const rows = await repo.listScoredForStatistic(db, orgId, range.from, range.to);
    type Bucket = { label: string; count: number; sum: number };
    const add = (map: Map<string, Bucket>, key: string, label: string, value: number) => {
      const bucket = map.get(key) ?? { label, count: 0, sum: 0 };
      bucket.count += 1;
      bucket.sum += value;
      map.set(key, bucket);
    };
    const byAgent = new Map<string, Bucket>();
    const byGroup = new Map<string, Bucket>();
    const byCriterion = new Map<string, Bucket>();
    const byWeek = new Map<string, Bucket>();
    const missed = new Map<string, { label: string; count: number }>();
    let total = 0;
    let passed = 0;
    let appealed = 0;
    for (const row of rows) {
      const value = Number(row.score ?? 0);
      total += value;
      if (Number(row.passed) === 1) passed += 1;
      if (row.appealed_at !== null) appealed += 1;
      add(byAgent, row.agent_uid ?? '', row.agent_nickname ?? '—', value);
      add(
        byGroup,
        row.workgroup_wid ?? '',
        row.workgroup_nickname ?? translate('quality.noGroup', language),
        value,
      );
      const week = weekOf(Number(row.closed_at ?? 0));
      add(byWeek, week, week, value);
      // Scored inspections carry their scheme's snapshot; the live scheme is only a fallback.
      const criteria = snapshotOf(row.scheme_snapshot)?.criteria ?? criteriaOf(row.criteria);
      const items = itemsOf(row.items);
      const result = computeQualityScore(criteria, items);
      criteria.forEach((criterion, index) =>
        add(byCriterion, criterion.name, criterion.name, result.criteria[index]?.percent ?? 0),
      );
      const scores = new Map(items.map((item) => [item.key, item]));
      for (const criterion of criteria)
        for (const item of criterion.items) {
          const given = scores.get(item.key);
          const isMissed = item.fatal ? Boolean(given?.hit) : (given?.earned ?? item.points) < item.points;
          if (!isMissed) continue;
          const entry = missed.get(item.name) ?? { label: item.name, count: 0 };
          entry.count += 1;
          missed.set(item.name, entry);
        }
    }
    const rounded = roundHalfUpTenth;
    const averages = (map: Map<string, Bucket>, sort: 'average' | 'key') =>
      [...map]
        .map(([key, bucket]) => ({
          key,
          label: bucket.label,
          count: bucket.count,
          average: rounded(bucket.sum / bucket.count),
        }))
        .sort((a, b) => (sort === 'key' ? a.key.localeCompare(b.key) : (b.average ?? 0) - (a.average ?? 0)));
    const scored = rows.length;
    return {
      scored,
      average: scored === 0 ? null : rounded(total / scored),
      passRate: scored === 0 ? null : passed / scored,
      appealRate: scored === 0 ? null : appealed / scored,
      byAgent: averages(byAgent, 'average'),
      byGroup: averages(byGroup, 'average'),
      byCriterion: averages(byCriterion, 'average'),
      byWeek: averages(byWeek, 'key'),
      missedItems: [...missed]
        .map(([key, entry]) => ({ key, label: entry.label, count: entry.count }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 20),
    };
  };

  const options = (orgId: number) => repo.listOptions(db, orgId);

  return {
    options,
    schemes,
    saveScheme,
    deleteScheme,
    rules,
    saveRule,
    deleteRule,
    onThreadClosed,
    sample,
    add,
    page,
    get,
    score,
    comment,
    appeal,
    decide,
    statistics,
  };
};
