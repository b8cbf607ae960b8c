import {
  toPage,
  type OnlineAgent,
  type OnlineOrganization,
  type OnlineSummary,
  type OnlineVisitor,
  type Page,
} from '@openkefu/contract';
import type { Server } from 'socket.io';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import type { Principal } from '../../auth/auth.service.js';
import { revokeTokensOfUser } from '../../auth/auth.repository.js';
import type { PrincipalCache } from '../../auth/principal-cache.js';
import type { ChatActor } from '../../thread/chat-actor.js';
import type { RealtimeHub } from '../../realtime/hub.js';
import { agentRoom } from '../../realtime/rooms.js';
import '../platform.messages.js';
import {
  countOnlineAgentsByOrg,
  findConsoleUserByUid,
  findOrganizationBySubDomain,
  listOrganizations,
  listVisitorsByIds,
  pageOnlineAgents,
  setUserOffline,
} from './online.repository.js';

export type PlatformOnlineService = ReturnType<typeof createPlatformOnlineService>;

/** What one organisation has connected now: distinct agents and visitors, and each visitor's sockets. */
type OrgSockets = { agents: Set<number>; visitors: Map<number, number> };

/** Socket.IO `fetchSockets` waits this long for other nodes (Redis adapter) before answering without them. */
const fetchTimeoutMs = 3000;

/**
 * Platform → online users. Agents online by status come from the database; who has a socket open
 * now comes from Socket.IO itself (`fetchSockets`: every node's sockets through the Redis adapter),
 * so the page shows the same on every node. "Sign out" revokes the user's tokens, forgets their
 * cached sessions on every node, sets them offline and ends their sockets everywhere.
 */
export const createPlatformOnlineService = (deps: {
  db: Executor;
  hub: RealtimeHub;
  sessions: Pick<PrincipalCache<Principal>, 'forgetUser'>;
  now?: () => number;
}) => {
  const { db, hub, sessions } = deps;
  const now = deps.now ?? Date.now;
  let io: Server | null = null;
  hub.onAttach((server) => {
    io = server;
  });

  const socketsByOrg = async (): Promise<Map<number, OrgSockets>> => {
    const result = new Map<number, OrgSockets>();
    if (!io) return result;
    const sockets = await io.timeout(fetchTimeoutMs).fetchSockets();
    for (const socket of sockets) {
      const actor = (socket.data as { actor?: ChatActor } | undefined)?.actor;
      if (!actor) continue;
      let entry = result.get(actor.orgId);
      if (!entry) {
        entry = { agents: new Set(), visitors: new Map() };
        result.set(actor.orgId, entry);
      }
      if (actor.kind === 'agent') entry.agents.add(actor.userId);
      else entry.visitors.set(actor.visitorId, (entry.visitors.get(actor.visitorId) ?? 0) + 1);
    }
    return result;
  };

  const summary = async (query: { keyword?: string; page: number; size: number }): Promise<OnlineSummary> => {
    const [byStatus, sockets] = await Promise.all([countOnlineAgentsByOrg(db), socketsByOrg()]);
    const orgIds = [...new Set([...byStatus.keys(), ...sockets.keys()])];
    const organizations = await listOrganizations(db, orgIds, query.keyword);
    const rows: OnlineOrganization[] = organizations.map((org) => ({
      oid: org.oid,
      name: org.name,
      subDomain: org.sub_domain,
      agentsOnline: byStatus.get(org.id) ?? 0,
      agentsConnected: sockets.get(org.id)?.agents.size ?? 0,
      visitorsConnected: sockets.get(org.id)?.visitors.size ?? 0,
    }));
    // Busiest first; then by name, so paging is stable.
    rows.sort(
      (a, b) =>
        b.agentsOnline + b.visitorsConnected - (a.agentsOnline + a.visitorsConnected) ||
        a.name.localeCompare(b.name) ||
        a.oid.localeCompare(b.oid),
    );
    const sum = (pick: (row: OnlineOrganization) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    return {
      totals: {
        organizations: rows.length,
        agentsOnline: sum((row) => row.agentsOnline),
        agentsConnected: sum((row) => row.agentsConnected),
        visitorsConnected: sum((row) => row.visitorsConnected),
      },
      organizations: toPage(
        rows.slice(query.page * query.size, (query.page + 1) * query.size),
        rows.length,
        query,
      ),
    };
  };

  const loadOrg = async (subDomain: string) => {
    const org = await findOrganizationBySubDomain(db, subDomain);
    if (!org) throw AppError.notFound('user.organizationNotFound', { subDomain });
    return { ...org, id: Number(org.id) };
  };

  const agents = async (query: {
    subDomain: string;
    page: number;
    size: number;
  }): Promise<Page<OnlineAgent>> => {
    const org = await loadOrg(query.subDomain);
    const connected = (await socketsByOrg()).get(org.id)?.agents ?? new Set<number>();
    const { rows, total } = await pageOnlineAgents(db, org.id, [...connected], query);
    return toPage(
      rows.map((row) => ({
        uid: row.uid,
        username: row.username,
        nickname: row.nickname,
        status: row.status,
        connected: connected.has(Number(row.id)),
        lastLoginAt: row.last_login_at === null ? null : Number(row.last_login_at),
        lastLoginClient: row.last_login_client,
      })),
      total,
      query,
    );
  };

  const visitors = async (query: {
    subDomain: string;
    page: number;
    size: number;
  }): Promise<Page<OnlineVisitor>> => {
    const org = await loadOrg(query.subDomain);
    const connected = (await socketsByOrg()).get(org.id)?.visitors ?? new Map<number, number>();
    const ids = [...connected.keys()].sort((a, b) => b - a);
    const pageIds = ids.slice(query.page * query.size, (query.page + 1) * query.size);
    const rows = new Map((await listVisitorsByIds(db, org.id, pageIds)).map((row) => [Number(row.id), row]));
    const content = pageIds.flatMap((id) => {
      const row = rows.get(id);
      return row
        ? [
            {
              vid: row.vid,
              nickname: row.nickname,
              client: row.client,
              connections: connected.get(id) ?? 0,
              lastVisitAt: Number(row.last_visit_at),
            },
          ]
        : [];
    });
    return toPage(content, ids.length, query);
  };

  const signOut = async (principal: Principal, uid: string): Promise<void> => {
    const user = await findConsoleUserByUid(db, uid);
    if (!user) throw AppError.notFound('platform.online.userNotFound', { uid });
    if (Number(user.id) === principal.userId) throw AppError.conflict('platform.online.cannotSignOutSelf');
    const userId = Number(user.id);
    await db.transaction().execute(async (trx) => {
      const at = now();
      await revokeTokensOfUser(trx, userId, at);
      await setUserOffline(trx, userId, at);
    });
    // Every node drops the cached session, then the sockets end (the gateway updates presence).
    sessions.forgetUser(userId);
    hub.endSessions([agentRoom(userId)], 'signedOut');
  };

  return { summary, agents, visitors, signOut };
};
