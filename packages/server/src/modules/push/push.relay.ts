import type { Message } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentIdOfRoom } from '../realtime/rooms.js';
import { listWorkgroupAgents } from '../thread/routing.repository.js';
import type { RoutedEvent } from '../thread/thread.context.js';
import type { PushService } from './push.service.js';

/* Where Web Push hears of what agents should know: routing's hook and the hub's message fan-out. */

/** Messages pushed again (a link card added, a resend) keep their mid: one notice per message. */
const seenLimit = 2000;

/**
 * The hub, with every visitor message it fans out to agents' rooms also sent as Web Push to those
 * agents. The hub is the one place every message path (single sends, batches, channels) passes.
 */
export const withMessagePush = (hub: RealtimeHub, push: PushService): RealtimeHub => {
  const seen = new Set<string>();
  return {
    ...hub,
    emit: (rooms, event, payload) => {
      hub.emit(rooms, event, payload);
      if (event !== 'message') return;
      const message = payload as Message;
      if (message.sender.kind !== 'visitor' || message.status === 'recall' || seen.has(message.mid)) return;
      seen.add(message.mid);
      if (seen.size > seenLimit) seen.delete(seen.values().next().value as string);
      const agentIds = rooms.map(agentIdOfRoom).filter((id): id is number => id !== null);
      push.onVisitorMessage(message, agentIds);
    },
  };
};

/** The thread service's `onRouted`: a conversation assigned to an agent, or queued for a group's agents. */
export const createRoutedPush =
  (db: Executor, push: PushService) =>
  (event: RoutedEvent): void => {
    const thread = {
      orgId: event.row.org_id,
      tid: event.row.tid,
      visitorNickname: event.row.visitor_nickname ?? '',
      groupNickname: event.row.workgroup_nickname ?? event.row.agent_nickname ?? '',
    };
    if (event.kind === 'assigned') {
      push.onAssigned(thread, event.agentId);
      return;
    }
    const { target } = event;
    if ('agentId' in target) {
      push.onQueued(thread, [target.agentId]);
      return;
    }
    // Asked only when someone has a subscription at all.
    push.onQueued(thread, async () =>
      (await listWorkgroupAgents(db, target.workgroupId)).map((agent) => agent.id),
    );
  };
