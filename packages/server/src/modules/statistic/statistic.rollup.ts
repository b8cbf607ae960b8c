import {
  bucketOf,
  dimAgent,
  dimChannel,
  dimDaily,
  dimWorkgroup,
  emptySums,
  frtBuckets,
  mergeSums,
  queueBuckets,
  rollupDims,
  type StatisticCounter,
  type Sums,
} from './statistic.columns.js';
import { hourMs, workDuration } from './statistic.time.js';

/*
 * What one thread event adds to the hourly rollup: a pure function of the event, the events of its
 * care cycle before it (in id order) and a little context. The live hook and the rebuild both go
 * through it, so a rebuild gives the rows the hook wrote.
 */

export type RollupEvent = {
  id: number;
  threadId: number;
  cycle: number;
  kind: string;
  agentId: number | null;
  workgroupId: number | null;
  /** The event's JSON `data`. */
  data: string;
  at: number;
};

export type CycleState = {
  /** created / reopened: the visitor's request. */
  startAt: number | null;
  queuedAt: number | null;
  assignedAt: number | null;
  agentId: number | null;
  workgroupId: number | null;
  isRobot: boolean;
  hasFirstResponse: boolean;
  isClosed: boolean;
};

export const initialCycleState = (): CycleState => ({
  startAt: null,
  queuedAt: null,
  assignedAt: null,
  agentId: null,
  workgroupId: null,
  isRobot: false,
  hasFirstResponse: false,
  isClosed: false,
});

export type RollupContext = {
  /** The thread's channel (`thread.client`). */
  channel: string;
  /** The skill group's `work_times` ('' = always open). */
  workTimesOf: (workgroupId: number) => string;
  /** Visitor and agent messages of the cycle up to its close (only read for `closed`). */
  messages?: { visitor: number; agent: number };
};

export type RollupDelta = {
  hour: number;
  agentId: number;
  workgroupId: number;
  channel: string;
  sums: Partial<Sums>;
};

const systemCloseTypes = new Set(['timeout', 'non_working_time', 'offline']);

const parseData = (data: string): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The state after an event (what later events of the cycle see). */
export const advanceCycle = (state: CycleState, event: RollupEvent): CycleState => {
  const next = { ...state };
  if (event.workgroupId !== null) next.workgroupId = event.workgroupId;
  switch (event.kind) {
    case 'created':
    case 'reopened':
      next.startAt ??= event.at;
      break;
    case 'queued':
      next.queuedAt ??= event.at;
      break;
    case 'assigned':
      next.assignedAt ??= event.at;
      next.agentId = event.agentId;
      break;
    case 'transferred':
      next.agentId = event.agentId;
      break;
    case 'first_response':
      next.hasFirstResponse = true;
      break;
    case 'closed':
      next.isClosed = true;
      break;
    default:
      if (event.kind.startsWith('robot_')) next.isRobot = true;
  }
  return next;
};

/** The rollup contribution of `event`, given the state of its cycle before it. */
export const deltaOf = (
  state: CycleState,
  event: RollupEvent,
  context: RollupContext,
): RollupDelta | null => {
  const sums: Partial<Sums> = {};
  const workgroupId = event.workgroupId ?? state.workgroupId ?? 0;
  const startAt = state.startAt ?? event.at;
  const business = (from: number, to: number) =>
    workgroupId === 0 ? to - from : workDuration(context.workTimesOf(workgroupId), from, to);
  switch (event.kind) {
    case 'created':
      sums.conv_new = 1;
      break;
    case 'reopened':
      sums.conv_new = 1;
      sums.conv_reopened = 1;
      break;
    case 'queued':
      if (state.queuedAt !== null) return null;
      sums.queued = 1;
      break;
    case 'assigned': {
      sums.accepted = 1;
      if (state.queuedAt !== null && state.assignedAt === null) {
        const wait = Math.max(0, event.at - state.queuedAt);
        sums.queue_count = 1;
        sums.queue_sum = wait;
        sums.queue_max = wait;
        sums[queueBuckets[bucketOf(wait)] ?? 'queue_h0'] = 1;
      }
      break;
    }
    case 'transferred':
      sums.transferred = 1;
      break;
    case 'first_response': {
      if (state.hasFirstResponse) return null;
      const wait = Math.max(0, event.at - startAt);
      sums.frt_count = 1;
      sums.frt_sum = wait;
      sums.frt_max = wait;
      sums[frtBuckets[bucketOf(wait)] ?? 'frt_h0'] = 1;
      sums.frt_bh_count = 1;
      sums.frt_bh_sum = business(startAt, event.at);
      break;
    }
    case 'closed': {
      if (state.isClosed) return null;
      const closeType = String(parseData(event.data).closeType ?? '');
      if (closeType === 'agent') sums.closed_agent = 1;
      else if (closeType === 'visitor') sums.closed_visitor = 1;
      else if (systemCloseTypes.has(closeType)) sums.closed_system = 1;
      else sums.closed_system = 1;
      if (state.assignedAt !== null) {
        sums.handle_count = 1;
        sums.handle_sum = Math.max(0, event.at - state.assignedAt);
        sums.resolution_count = 1;
        sums.resolution_sum = Math.max(0, event.at - startAt);
        sums.resolution_bh_sum = business(startAt, event.at);
      } else {
        if (state.queuedAt !== null) sums.abandoned = 1;
        if (!state.isRobot) sums.missed = 1;
      }
      sums.msg_visitor = context.messages?.visitor ?? 0;
      sums.msg_agent = context.messages?.agent ?? 0;
      break;
    }
    case 'rated': {
      const score = Number(parseData(event.data).score);
      if (!Number.isInteger(score) || score < 1 || score > 5) return null;
      sums.rated = 1;
      sums.score_sum = score;
      sums[`score_${score}` as 'score_1'] = 1;
      break;
    }
    default:
      return null;
  }
  return {
    hour: Math.floor(event.at / hourMs),
    agentId: event.agentId ?? state.agentId ?? 0,
    workgroupId,
    channel: context.channel,
    sums,
  };
};

/** A call as the statistics read it (its `call` row). */
export type RollupCall = {
  agentId: number;
  media: string;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number | null;
  endReason: string | null;
};

const unansweredCounters: Partial<Record<string, StatisticCounter>> = {
  timeout: 'call_timeout',
  rejected: 'call_rejected',
  busy: 'call_busy',
  cancelled: 'call_cancelled',
};

/**
 * What an ended call adds, in the hour it started (a ringing or active call adds nothing yet): the
 * call, its media, answered with its talk time or not answered by reason. A failed unanswered call
 * has no reason counter of its own (started − answered covers it). Pure, for the hook and the rebuild.
 */
export const callDeltaOf = (
  call: RollupCall,
  context: { channel: string; workgroupId: number },
): RollupDelta | null => {
  if (call.endedAt === null) return null;
  const sums: Partial<Sums> = { call_started: 1 };
  if (call.media === 'video') sums.call_video = 1;
  else sums.call_audio = 1;
  if (call.answeredAt !== null) {
    sums.call_answered = 1;
    sums.call_talk_sum = Math.max(0, call.endedAt - call.answeredAt);
  } else {
    const counter = unansweredCounters[call.endReason ?? ''];
    if (counter) sums[counter] = 1;
  }
  return {
    hour: Math.floor(call.startedAt / hourMs),
    agentId: call.agentId,
    workgroupId: context.workgroupId,
    channel: context.channel,
    sums,
  };
};

/**
 * The skill group a call counts for: the last one a thread event (id order) named at or before the
 * call started; 0 when none did. The call row keeps no group, and the thread's own may change later.
 */
export const workgroupAtCall = (
  events: readonly Pick<RollupEvent, 'workgroupId' | 'at'>[],
  startedAt: number,
): number => {
  let workgroupId = 0;
  for (const event of events)
    if (event.workgroupId !== null && event.at <= startedAt) workgroupId = event.workgroupId;
  return workgroupId;
};

/** Folds the cycle's earlier events (id order) into its state. */
export const foldCycle = (events: readonly RollupEvent[]): CycleState =>
  events.reduce(advanceCycle, initialCycleState());

/** The messages a cycle's close counts: the thread's, from the cycle's start to the close (inclusive). */
export const messageWindowOf = (state: CycleState, closedAt: number) => ({
  from: state.startAt ?? 0,
  to: closedAt,
});

export type RollupRow = {
  orgId: number;
  dims: number;
  hour: number;
  agentId: number;
  workgroupId: number;
  channel: string;
  sums: Sums;
};

/** The rows one delta touches: per kind of row (organisation total, per agent, …, all dimensions), hourly and daily. */
export const rowsOfDelta = (orgId: number, delta: RollupDelta): Omit<RollupRow, 'sums'>[] =>
  rollupDims.flatMap((dims) => {
    const key = {
      orgId,
      agentId: dims & dimAgent ? delta.agentId : 0,
      workgroupId: dims & dimWorkgroup ? delta.workgroupId : 0,
      channel: dims & dimChannel ? delta.channel : '',
    };
    return [
      { ...key, dims, hour: delta.hour },
      { ...key, dims: dims | dimDaily, hour: delta.hour - (delta.hour % 24) },
    ];
  });

/** Accumulates deltas in memory (the rebuild; tests). */
export const createRollupAccumulator = () => {
  const rows = new Map<string, RollupRow>();
  const add = (orgId: number, delta: RollupDelta) => {
    for (const key of rowsOfDelta(orgId, delta)) {
      const id = `${orgId}|${key.dims}|${key.hour}|${key.agentId}|${key.workgroupId}|${key.channel}`;
      let row = rows.get(id);
      if (!row) {
        row = { ...key, sums: emptySums() };
        rows.set(id, row);
      }
      mergeSums(row.sums, delta.sums);
    }
  };
  return { rows, add };
};
