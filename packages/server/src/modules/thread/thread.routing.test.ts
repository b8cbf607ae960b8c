import { describe, expect, it } from 'vitest';
import { chooseAgent, type RoutingCandidate } from './thread.routing.js';

const agent = (
  userId: number,
  openThreads: number,
  lastAssignedAt: number | null,
  maxThreads = 3,
): RoutingCandidate => ({
  userId,
  openThreads,
  maxThreads,
  lastAssignedAt,
});

describe('chooseAgent', () => {
  const team = [agent(1, 2, 300), agent(2, 0, 200), agent(3, 1, null)];

  it('robin: the agent who waited longest, never-assigned first', () => {
    expect(chooseAgent('robin', team, null)?.userId).toBe(3);
    expect(chooseAgent('robin', [agent(1, 0, 300), agent(2, 0, 200)], null)?.userId).toBe(2);
  });

  it('least: the fewest open conversations', () => {
    expect(chooseAgent('least', team, null)?.userId).toBe(2);
  });

  it('recent: the last agent of the visitor when available, robin otherwise', () => {
    expect(chooseAgent('recent', team, 1)?.userId).toBe(1);
    expect(chooseAgent('recent', [agent(1, 3, 300), agent(2, 0, 200)], 1)?.userId).toBe(2);
  });

  it('pubsub assigns nobody: the conversation is offered to all', () => {
    expect(chooseAgent('pubsub', team, null)).toBeNull();
  });

  it('skips agents at capacity and queues when all are full', () => {
    expect(chooseAgent('robin', [agent(1, 3, null), agent(2, 1, 500)], null)?.userId).toBe(2);
    expect(chooseAgent('least', [agent(1, 3, null), agent(2, 3, 500)], null)).toBeNull();
  });

  it('treats a maximum of 0 as unlimited', () => {
    expect(chooseAgent('robin', [agent(1, 50, null, 0)], null)?.userId).toBe(1);
  });
});

describe('chooseAgent with the recent flag', () => {
  const team = [agent(1, 0, 100), agent(2, 2, null), agent(3, 3, null)];

  it('sends the visitor back to the last agent first, whatever the route type', () => {
    expect(chooseAgent('robin', team, 2)?.userId).toBe(2);
    expect(chooseAgent('least', team, 2)?.userId).toBe(2);
    expect(chooseAgent('pubsub', team, 2)?.userId).toBe(2);
  });

  it('routes as usual when the last agent is at capacity or not a candidate', () => {
    expect(chooseAgent('robin', team, 3)?.userId).toBe(2);
    expect(chooseAgent('least', team, 9)?.userId).toBe(1);
    expect(chooseAgent('pubsub', team, 3)).toBeNull();
  });
});
