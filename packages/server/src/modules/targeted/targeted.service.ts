import {
  isTargetedUrlMatch,
  toPage,
  type Page,
  type Targeted,
  type TargetedMatchQuery,
  type TargetedMatchResult,
  type TargetedMatchType,
  type TargetedQuery,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import type { VisitorPrincipal } from '../visitor/visitor.guard.js';
import {
  countRule,
  deleteRule,
  findLiveWorkgroupId,
  findRuleByTgid,
  insertRule,
  listLiveRules,
  pageRules,
  updateRule,
  type TargetedRow,
} from './targeted.repository.js';

export type TargetedService = ReturnType<typeof createTargetedService>;

export type RuleInput = {
  name: string;
  enabled: boolean;
  matchType: TargetedMatchType;
  pattern: string;
  minSeconds: number;
  minVisits: number;
  message: string;
  wid: string;
};

const toTargeted = (row: TargetedRow): Targeted => ({
  tgid: row.tgid,
  name: row.name,
  enabled: row.enabled === 1,
  matchType: row.match_type as TargetedMatchType,
  pattern: row.pattern,
  minSeconds: Number(row.min_seconds),
  minVisits: Number(row.min_visits),
  message: row.message,
  workgroup: { wid: row.workgroup_wid, nickname: row.workgroup_nickname },
  shownCount: Number(row.shown_count),
  acceptedCount: Number(row.accepted_count),
  declinedCount: Number(row.declined_count),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export const createTargetedService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const load = async (orgId: number, tgid: string): Promise<TargetedRow> => {
    const row = await findRuleByTgid(db, orgId, tgid);
    if (!row) throw AppError.notFound('targeted.notFound', { tgid });
    return row;
  };

  const valuesOf = async (orgId: number, input: RuleInput) => {
    const workgroupId = await findLiveWorkgroupId(db, orgId, input.wid);
    if (workgroupId === undefined) throw AppError.notFound('targeted.unknownWorkgroup', { wid: input.wid });
    return { ...input, workgroupId: Number(workgroupId) };
  };

  const page = async (principal: Principal, query: TargetedQuery): Promise<Page<Targeted>> => {
    const { rows, total } = await pageRules(db, principal.orgId, query, query);
    return toPage(rows.map(toTargeted), total, query);
  };

  const get = async (principal: Principal, tgid: string): Promise<Targeted> =>
    toTargeted(await load(principal.orgId, tgid));

  const create = async (principal: Principal, input: RuleInput): Promise<Targeted> => {
    const values = await valuesOf(principal.orgId, input);
    const tgid = createPublicId();
    await insertRule(db, { ...values, tgid, orgId: principal.orgId, now: now() });
    return get(principal, tgid);
  };

  const update = async (principal: Principal, input: RuleInput & { tgid: string }): Promise<Targeted> => {
    const row = await load(principal.orgId, input.tgid);
    await updateRule(db, principal.orgId, row.id, {
      ...(await valuesOf(principal.orgId, input)),
      now: now(),
    });
    return get(principal, input.tgid);
  };

  const remove = async (principal: Principal, tgid: string): Promise<void> => {
    const row = await load(principal.orgId, tgid);
    await deleteRule(db, principal.orgId, row.id);
  };

  /**
   * GET /visitor/api/targeted/match — the oldest enabled rule whose address, visit count and time on the
   * page all hold. Showing it counts. Otherwise, when a rule would hold after more time on the page, the
   * time to ask again, so the loader asks a few times per page rather than polling.
   */
  const match = async (
    visitor: VisitorPrincipal,
    query: TargetedMatchQuery,
  ): Promise<TargetedMatchResult> => {
    const rules = (await listLiveRules(db, visitor.orgId)).filter(
      (rule) =>
        query.visits >= Number(rule.min_visits) &&
        isTargetedUrlMatch(
          { matchType: rule.match_type as TargetedMatchType, pattern: rule.pattern },
          query.url,
        ),
    );
    const ready = rules.find((rule) => query.seconds >= Number(rule.min_seconds));
    if (ready) {
      await countRule(db, visitor.orgId, ready.id, 'shown_count');
      return {
        invitation: {
          tgid: ready.tgid,
          message: ready.message,
          wid: ready.workgroup_wid,
          nickname: ready.workgroup_nickname,
          avatar: ready.workgroup_avatar,
        },
        retryAtSeconds: null,
      };
    }
    const later = rules.map((rule) => Number(rule.min_seconds)).filter((seconds) => seconds > query.seconds);
    return { invitation: null, retryAtSeconds: later.length > 0 ? Math.min(...later) : null };
  };

  const respond = async (visitor: VisitorPrincipal, tgid: string, isAccepted: boolean): Promise<void> => {
    const row = await findRuleByTgid(db, visitor.orgId, tgid);
    if (!row) throw AppError.notFound('targeted.notFound', { tgid });
    await countRule(db, visitor.orgId, row.id, isAccepted ? 'accepted_count' : 'declined_count');
  };

  return { page, get, create, update, remove, match, respond };
};
