import type { RouteType } from '@openkefu/contract';

/** An agent who could take a conversation: online by status, connected, and a member of the group. */
export type RoutingCandidate = {
  userId: number;
  openThreads: number;
  maxThreads: number;
  /** When the agent was last handed a conversation of this group (null: never). */
  lastAssignedAt: number | null;
};

export const hasCapacity = (candidate: RoutingCandidate): boolean =>
  candidate.maxThreads <= 0 || candidate.openThreads < candidate.maxThreads;

const byLongestWait = (a: RoutingCandidate, b: RoutingCandidate) =>
  (a.lastAssignedAt ?? -1) - (b.lastAssignedAt ?? -1) || a.userId - b.userId;

/**
 * Picks the agent for a conversation, or null when everyone is at capacity (the visitor queues).
 * `recentAgentId` (the visitor's last agent, given for route type `recent` or a group with its
 * `recent` flag on) comes first whatever the route type, when that agent is a candidate with room.
 * Then robin: whoever waited longest since their last conversation · least: fewest open
 * conversations · recent: robin · pubsub: nobody (offered to all). `maxThreads` 0 means no limit.
 */
export const chooseAgent = (
  routeType: RouteType,
  candidates: RoutingCandidate[],
  recentAgentId: number | null,
): RoutingCandidate | null => {
  const available = candidates.filter(hasCapacity);
  if (recentAgentId !== null) {
    const recent = available.find((candidate) => candidate.userId === recentAgentId);
    if (recent) return recent;
  }
  if (routeType === 'pubsub' || available.length === 0) return null;
  if (routeType === 'least') {
    return [...available].sort((a, b) => a.openThreads - b.openThreads || byLongestWait(a, b))[0] ?? null;
  }
  return [...available].sort(byLongestWait)[0] ?? null;
};
