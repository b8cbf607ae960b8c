import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import { findAccountById } from '../user/user.repository.js';
import type { VisitorPrincipal } from '../visitor/visitor.guard.js';
import { findVisitorById } from '../visitor/visitor.repository.js';

/** Who is acting in a conversation: a visitor or an agent, with what a stored message shows of them. */
export type ChatActor =
  | {
      kind: 'visitor';
      orgId: number;
      visitorId: number;
      vid: string;
      nickname: string;
      avatar: string;
      client: string;
    }
  | {
      kind: 'agent';
      orgId: number;
      userId: number;
      uid: string;
      nickname: string;
      avatar: string;
      /** Admins see and act on every conversation of the organisation. */
      isAdmin: boolean;
      /** May watch live conversations read-only (authority `monitor`). */
      canMonitor: boolean;
    };

export type AgentActor = Extract<ChatActor, { kind: 'agent' }>;
export type VisitorActor = Extract<ChatActor, { kind: 'visitor' }>;

export const agentActorOf = async (db: Executor, principal: Principal): Promise<AgentActor> => {
  const row = await findAccountById(db, principal.orgId, principal.userId);
  if (!row) throw AppError.unauthorized();
  return {
    kind: 'agent',
    orgId: principal.orgId,
    userId: principal.userId,
    uid: principal.uid,
    nickname: row.nickname,
    avatar: row.avatar,
    isAdmin: principal.roles.includes('ROLE_ADMIN') || principal.roles.includes('ROLE_SUPER'),
    canMonitor: principal.authorities.has('monitor'),
  };
};

export const visitorActorOf = async (db: Executor, visitor: VisitorPrincipal): Promise<VisitorActor> => {
  const row = await findVisitorById(db, visitor.orgId, visitor.visitorId);
  if (!row) throw AppError.unauthorized('visitor.unauthorized');
  return {
    kind: 'visitor',
    orgId: visitor.orgId,
    visitorId: visitor.visitorId,
    vid: visitor.vid,
    nickname: row.nickname,
    avatar: row.avatar,
    client: row.client,
  };
};
