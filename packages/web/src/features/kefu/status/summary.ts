import type { AgentStatus } from '@openkefu/contract';
import { fetchAgentStatusPage } from '../shared/api';
import { isOnline } from '../shared/display';

export type StatusSummary = { online: number; total: number; openThreads: number };

/** The server's largest page (contract pageQuerySchema). */
const SUMMARY_PAGE_SIZE = 100;
/** Bounds the walk (10 000 agents) so a misbehaving server cannot keep the page fetching forever. */
const MAX_SUMMARY_PAGES = 100;

export const summarize = (agents: AgentStatus[], total: number): StatusSummary => ({
  online: agents.filter((agent) => isOnline(agent.status)).length,
  total,
  openThreads: agents.reduce((sum, agent) => sum + agent.openThreadCount, 0),
});

/**
 * Figures for the cards above the status table, over every agent of the organisation (not just
 * the page on screen), read through the same `GET /api/user/status` the table uses.
 */
export const fetchStatusSummary = async (): Promise<StatusSummary> => {
  const agents: AgentStatus[] = [];
  let total = 0;
  for (let page = 0; page < MAX_SUMMARY_PAGES; page += 1) {
    const result = await fetchAgentStatusPage({ page, size: SUMMARY_PAGE_SIZE });
    if (page === 0) total = result.totalElements;
    agents.push(...result.content);
    if (result.last || result.content.length === 0) break;
  }
  return summarize(agents, total);
};
