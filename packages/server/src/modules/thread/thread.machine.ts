import type { ThreadStatus } from '@openkefu/contract';

/*
 * The thread state machine (DESIGN §4), the one place transitions are defined. The repository's
 * status updates write `targetStatusOf(event)` under `where status in fromStatusesOf(event)`, so each
 * transition happens once even when two nodes try at the same moment.
 *
 *   (new) ─request─▶ queuing, then assign, stay queued, or offline; or robot (the group's robot answers)
 *   robot ──ask for a human─▶ queuing, then routed like a request: chatting | queuing | offline
 *   queuing ─assign/accept─▶ chatting      queuing | robot ─nobody can answer─▶ offline (leave a message)
 *   queuing ─close─▶ closed
 *   chatting ─transfer─▶ chatting (another agent)   chatting ─close/timeout─▶ closed
 *   closed | offline ─request again─▶ chatting | queuing | offline | robot   (a new care cycle)
 */

export type ThreadEvent = 'robot' | 'route' | 'assign' | 'offline' | 'transfer' | 'close' | 'reopen';

const transitions: Record<ThreadEvent, { from: readonly ThreadStatus[]; to: readonly ThreadStatus[] }> = {
  robot: { from: ['queuing'], to: ['robot'] },
  route: { from: ['robot'], to: ['chatting', 'queuing', 'offline'] },
  assign: { from: ['queuing'], to: ['chatting'] },
  offline: { from: ['queuing', 'robot'], to: ['offline'] },
  transfer: { from: ['chatting'], to: ['chatting'] },
  close: { from: ['robot', 'queuing', 'chatting'], to: ['closed'] },
  reopen: { from: ['closed', 'offline'], to: ['chatting', 'queuing', 'offline', 'robot'] },
};

/**
 * The status each transition writes, where the repository's conditional update decides it (routing
 * then moves a reopened thread on from `queuing`).
 */
export const targetStatusOf = {
  robot: 'robot',
  route: 'queuing',
  assign: 'chatting',
  offline: 'offline',
  transfer: 'chatting',
  close: 'closed',
  reopen: 'queuing',
} as const satisfies Partial<Record<ThreadEvent, ThreadStatus>>;

export const openThreadStatuses = ['robot', 'queuing', 'chatting'] as const satisfies readonly ThreadStatus[];

export const isOpenStatus = (status: string): boolean =>
  (openThreadStatuses as readonly string[]).includes(status);

export const canTransition = (event: ThreadEvent, from: ThreadStatus, to: ThreadStatus): boolean =>
  transitions[event].from.includes(from) && transitions[event].to.includes(to);

/** The statuses a thread may be in for `event` to apply (used in conditional updates). */
export const fromStatusesOf = (event: ThreadEvent): readonly ThreadStatus[] => transitions[event].from;

export class TransitionError extends Error {
  constructor(
    readonly event: ThreadEvent,
    readonly from: string,
    readonly to: string,
  ) {
    super(`thread cannot ${event} from ${from} to ${to}`);
    this.name = 'TransitionError';
  }
}

export const assertTransition = (event: ThreadEvent, from: ThreadStatus, to: ThreadStatus): void => {
  if (!canTransition(event, from, to)) throw new TransitionError(event, from, to);
};
