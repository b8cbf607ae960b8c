import type { Executor } from '../../db/database.js';
import type { ChannelOutbound } from './channel.outbound.js';
import { findChannelUserOfVisitor } from './channel.repository.js';

/**
 * Words for a channel visitor outside a conversation — an agent's reply to a leave message — sent
 * on the platform the visitor wrote from. Answers false for a widget visitor (nothing to send on).
 */
export const createVisitorNotices = (deps: {
  db: Executor;
  outbound: Pick<ChannelOutbound, 'enqueueNotice'>;
}) => ({
  sendToVisitor: async (orgId: number, visitorId: number, text: string): Promise<boolean> => {
    const user = await findChannelUserOfVisitor(deps.db, orgId, visitorId);
    if (!user) return false;
    await deps.outbound.enqueueNotice(orgId, Number(user.account_id), Number(user.id), text);
    return true;
  },
});

export type VisitorNotices = ReturnType<typeof createVisitorNotices>;
