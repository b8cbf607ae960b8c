import type {
  Language,
  PlatformStatistic,
  PlatformStatisticDay,
  PlatformStatisticPlan,
} from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';
import { translate } from '../../../http/i18n.js';
import '../platform.messages.js';
import {
  countActiveAgentsByDay,
  countDistinctActiveAgents,
  countNewOrganizationsByDay,
  countOrganizationsBefore,
  listOrganizationPlans,
  sumRevenueByDay,
  sumTrafficByDay,
} from './statistic.repository.js';

export type PlatformStatisticService = ReturnType<typeof createPlatformStatisticService>;

const dayMs = 86_400_000;
const toDay = (index: number) => new Date(index * dayMs).toISOString().slice(0, 10);

/**
 * Platform → statistic: per UTC day of the range, organisations (new, total), active agents,
 * conversations, messages and revenue, plus organisations and revenue per plan. Conversations,
 * messages and active agents come from the statistic rollup's daily rows: a few hundred rows per
 * day however many messages there were.
 */
export const createPlatformStatisticService = (deps: { db: Executor }) => {
  const { db } = deps;

  const compute = async (
    query: { from: string; to: string },
    language: Language,
  ): Promise<PlatformStatistic> => {
    const firstDay = Date.parse(`${query.from}T00:00:00Z`) / dayMs;
    const lastDay = Date.parse(`${query.to}T00:00:00Z`) / dayMs;
    const from = firstDay * dayMs;
    const to = (lastDay + 1) * dayMs;
    const [before, created, traffic, active, distinctActive, revenue, plans] = await Promise.all([
      countOrganizationsBefore(db, from),
      countNewOrganizationsByDay(db, from, to),
      sumTrafficByDay(db, firstDay * 24, lastDay * 24),
      countActiveAgentsByDay(db, firstDay * 24, lastDay * 24),
      countDistinctActiveAgents(db, firstDay * 24, lastDay * 24),
      sumRevenueByDay(db, from, to),
      listOrganizationPlans(db),
    ]);
    const revenueOfDay = new Map<number, number>();
    const revenueOfOrg = new Map<number, number>();
    for (const row of revenue) {
      revenueOfDay.set(row.day, (revenueOfDay.get(row.day) ?? 0) + row.cents);
      revenueOfOrg.set(row.orgId, (revenueOfOrg.get(row.orgId) ?? 0) + row.cents);
    }

    let total = before;
    const days: PlatformStatisticDay[] = [];
    for (let day = firstDay; day <= lastDay; day += 1) {
      const newOrganizations = created.get(day) ?? 0;
      total += newOrganizations;
      const figures = traffic.get(day * 24);
      days.push({
        day: toDay(day),
        newOrganizations,
        totalOrganizations: total,
        activeAgents: active.get(day * 24) ?? 0,
        conversations: figures?.conversations ?? 0,
        messages: figures?.messages ?? 0,
        revenueCents: revenueOfDay.get(day) ?? 0,
      });
    }
    const sum = (pick: (day: PlatformStatisticDay) => number) =>
      days.reduce((acc, day) => acc + pick(day), 0);

    const byPlan = new Map<string, PlatformStatisticPlan>();
    for (const org of plans) {
      const key = org.pid ?? '';
      const entry = byPlan.get(key) ?? {
        pid: org.pid,
        name: org.name ?? translate('platform.statistic.noPlan', language),
        organizations: 0,
        newOrganizations: 0,
        revenueCents: 0,
      };
      const createdAt = Number(org.created_at);
      entry.organizations += createdAt < to ? 1 : 0;
      entry.newOrganizations += createdAt >= from && createdAt < to ? 1 : 0;
      entry.revenueCents += revenueOfOrg.get(Number(org.id)) ?? 0;
      byPlan.set(key, entry);
    }

    return {
      from: query.from,
      to: query.to,
      days,
      totals: {
        newOrganizations: sum((day) => day.newOrganizations),
        totalOrganizations: total,
        activeAgents: distinctActive,
        conversations: sum((day) => day.conversations),
        messages: sum((day) => day.messages),
        revenueCents: sum((day) => day.revenueCents),
      },
      byPlan: [...byPlan.values()].sort(
        (a, b) => b.revenueCents - a.revenueCents || b.organizations - a.organizations,
      ),
    };
  };

  return { compute };
};
