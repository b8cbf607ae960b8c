import type {
  Thread,
  ThreadRequestBody,
  ThreadRequestResult,
  WidgetPreview,
  WidgetSettings,
} from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { createFormService } from '../form/form.service.js';
import { findOrganizationBySubDomain } from '../organization/organization.repository.js';
import { agentRoom } from '../realtime/rooms.js';
import type { VisitorActor } from './chat-actor.js';
import { settingsOf, type ThreadContext } from './thread.context.js';
import { isOpenStatus } from './thread.machine.js';
import { toThread } from './thread.mapper.js';
import {
  isQueueFull,
  nonWorkingTipOf,
  queueFullTipOf,
  type RouteOutcome,
  type ThreadQueue,
} from './thread.queue.js';
import type { ThreadRobot } from './thread.robot.js';
import { chooseAgent } from './thread.routing.js';
import {
  countQueued,
  findOpenThreadOfVisitor,
  findVisitorThread,
  insertThread,
  insertThreadEvent,
  queuePositionOf,
  reopenThread,
} from './thread.repository.js';
import {
  findLiveAgentByUid,
  findLiveWorkgroupByWid,
  type RoutingAgentRow,
  type WorkgroupRow,
} from './routing.repository.js';

/* The visitor asks for a conversation (and the console's preview asks what that would answer). */

/** Where the visitor's browser is: the client kind and the address the blacklist checks. */
export type RequestOrigin = { client: string; ip: string };

export const createThreadRequests = (ctx: ThreadContext, queue: ThreadQueue, robot: ThreadRobot) => {
  const { db, hub, blocks, now, reload, threadFor } = ctx;
  const forms = createFormService({ db });

  const findTarget = async (orgId: number, target: { wid?: string; aid?: string }) => {
    const group = target.wid ? await findLiveWorkgroupByWid(db, orgId, target.wid) : undefined;
    const agent = target.aid ? await findLiveAgentByUid(db, orgId, target.aid) : undefined;
    return { group: group ?? null, agent: agent ?? null };
  };

  /** A new care cycle of the visitor's thread with the target (or its first), queuing until routed. */
  const openCycle = async (
    visitor: VisitorActor,
    group: WorkgroupRow | null,
    agent: RoutingAgentRow | null,
    existingId: number | null,
    existingCycle: number,
    client: string,
  ): Promise<number> => {
    const at = now();
    if (existingId !== null) {
      await reopenThread(db, visitor.orgId, existingId, client, at);
      await insertThreadEvent(db, {
        orgId: visitor.orgId,
        threadId: existingId,
        cycle: existingCycle + 1,
        kind: 'reopened',
        workgroupId: group?.id ?? null,
        at,
      });
      return existingId;
    }
    const threadId = await insertThread(db, {
      tid: createPublicId(),
      orgId: visitor.orgId,
      type: group ? 'workgroup' : 'appointed',
      visitorId: visitor.visitorId,
      workgroupId: group?.id ?? null,
      appointedAgentId: group ? null : (agent?.id ?? null),
      client,
      now: at,
    });
    await insertThreadEvent(db, {
      orgId: visitor.orgId,
      threadId,
      cycle: 1,
      kind: 'created',
      workgroupId: group?.id ?? null,
      at,
    });
    return threadId;
  };

  /**
   * POST /visitor/api/thread/request — the answer codes of the original product. A blocked visitor
   * (by id or address) gets -3 before anything else; the pre-chat form is checked before a thread
   * exists, so a refused request (400) leaves nothing behind.
   */
  const request = async (
    visitor: VisitorActor,
    body: ThreadRequestBody,
    origin: RequestOrigin,
  ): Promise<ThreadRequestResult> => {
    if (await blocks.findVisitorBlock(visitor.orgId, visitor.visitorId, origin.ip))
      return { code: -3, tip: '', thread: null, settings: null };
    const answers = await forms.answersForThreadRequest(visitor, body);
    // Name, mobile and email first: the agent's new conversation row already shows the name.
    if (answers) await forms.saveContact(visitor, answers);
    // The original's 205 flow: an option of the pre-chat form may put the visitor through to another group.
    const routedWid = answers?.routeWid ? await forms.routeTarget(visitor.orgId, answers.routeWid) : null;
    const result = await route(visitor, routedWid ? { wid: routedWid } : body, origin.client);
    if (answers && result.thread) await forms.saveAnswers(visitor, result.thread.tid, answers);
    return result;
  };

  const route = async (
    visitor: VisitorActor,
    body: ThreadRequestBody,
    client: string,
  ): Promise<ThreadRequestResult> => {
    const { group, agent } = await findTarget(visitor.orgId, body);
    if (!group && !agent) return { code: -2, tip: '', thread: null, settings: null };
    const settings = settingsOf(group, agent);
    const target = group ? { workgroupId: group.id } : { appointedAgentId: (agent as RoutingAgentRow).id };
    const existing = await findVisitorThread(db, visitor.orgId, visitor.visitorId, target);
    if (existing && isOpenStatus(existing.status)) {
      const code = existing.status === 'queuing' ? 202 : 201;
      return {
        code,
        tip: group?.re_request_tip || settings.welcomeTip,
        thread: await threadFor(existing, 'visitor'),
        settings,
      };
    }
    const robotToStart = group ? await robot.robotForRequest(visitor.orgId, group, visitor.visitorId) : null;
    const threadId = await openCycle(
      visitor,
      group,
      agent,
      existing?.id ?? null,
      Number(existing?.cycle ?? 0),
      client,
    );
    const queuedRow = await reload(visitor.orgId, threadId);
    if (group && robotToStart) {
      const started = await robot.start(queuedRow, group, robotToStart);
      if (started)
        return {
          ...started,
          thread: await threadFor(await reload(visitor.orgId, threadId), 'visitor'),
          settings,
        };
    }
    const outcome: RouteOutcome = group
      ? await queue.routeToGroup(queuedRow, group)
      : await queue.routeToAgent(queuedRow, agent as RoutingAgentRow);
    const row = await reload(visitor.orgId, threadId);
    if (outcome.code === 202) {
      await queue.pushQueueCounts(visitor.orgId, row.workgroup_id);
      if (row.appointed_agent_id !== null)
        hub.emit(
          [agentRoom(row.appointed_agent_id)],
          'thread:update',
          toThread(row, 'agent', await queuePositionOf(db, row)),
        );
    }
    return { code: outcome.code, tip: outcome.tip, thread: await threadFor(row, 'visitor'), settings };
  };

  const widgetSettings = async (
    orgId: number,
    target: { wid?: string; aid?: string },
  ): Promise<WidgetSettings> => {
    const { group, agent } = await findTarget(orgId, target);
    if (!group && !agent)
      throw AppError.notFound('thread.unknownTarget', { target: target.wid ?? target.aid ?? '' });
    return settingsOf(group, agent);
  };

  /**
   * GET /visitor/api/preview — what a thread request would answer right now, read-only: it runs the
   * same decisions as routing and writes nothing (no visitor, thread, message or event). An unknown
   * organisation is a 404 like /visitor/api/init; an unknown group or agent is code -2.
   */
  const preview = async (query: { org: string; wid?: string; aid?: string }): Promise<WidgetPreview> => {
    const organization = await findOrganizationBySubDomain(db, query.org);
    if (!organization) throw AppError.notFound('visitor.unknownOrganization', { org: query.org });
    const orgId = organization.id;
    const { group, agent } = await findTarget(orgId, query);
    if (!group && !agent) return { code: -2, tip: '', settings: null };
    const settings = settingsOf(group, agent);
    if (!group) {
      const decision = await queue.decideForAgent(orgId, agent as RoutingAgentRow);
      const code = decision.kind === 'nobodyOnline' ? 204 : decision.kind === 'assign' ? 200 : 202;
      return { code, tip: code === 204 ? settings.offlineTip : settings.welcomeTip, settings };
    }
    const robotToStart = await robot.robotForRequest(orgId, group, null);
    if (robotToStart)
      return { code: 206, tip: robotToStart.welcome_tip || group.robot_tip || group.welcome_tip, settings };
    const decision = await queue.decideForGroup(orgId, group, null);
    const effective = decision.group;
    if (decision.kind === 'nonWorking') return { code: 203, tip: nonWorkingTipOf(effective), settings };
    if (decision.kind === 'nobodyOnline') return { code: 204, tip: effective.offline_tip, settings };
    if (decision.kind === 'assign') {
      const choice = chooseAgent(effective.route_type as 'robin', decision.candidates, null);
      const chosen = decision.agents.find((candidate) => candidate.id === choice?.userId);
      return { code: 200, tip: effective.welcome_tip || (chosen?.welcome_tip ?? ''), settings };
    }
    const position = (await countQueued(db, orgId, { workgroupId: effective.id })) + 1;
    if (isQueueFull(effective, position)) return { code: 204, tip: queueFullTipOf(effective), settings };
    return { code: 202, tip: effective.welcome_tip, settings };
  };

  const currentOfVisitor = async (visitor: VisitorActor): Promise<Thread | null> => {
    const row = await findOpenThreadOfVisitor(db, visitor.orgId, visitor.visitorId);
    return row ? threadFor(row, 'visitor') : null;
  };

  return { request, widgetSettings, preview, currentOfVisitor };
};
