import { describe, expect, it } from 'vitest';
import { createKeyedTurns } from './keyed-turns.js';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyed turns', () => {
  it('lets one key go in the order its turns were taken, whatever each turn waited before', async () => {
    const turns = createKeyedTurns();
    const order: string[] = [];
    const run = async (name: string, key: string, work: number) => {
      const turn = turns.take(key);
      try {
        await delay(work);
        await turn.ready;
        order.push(name);
      } finally {
        turn.leave();
      }
    };
    await Promise.all([run('a1', 'a', 30), run('b1', 'b', 20), run('a2', 'a', 1), run('a3', 'a', 10)]);
    expect(order.filter((name) => name.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    // Another key does not wait for the first one's slow turn.
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a1'));
    expect(turns.size()).toBe(0);
  });

  it('lets the next turn go when an earlier one leaves after a failure, and ignores a second leave', async () => {
    const turns = createKeyedTurns();
    const first = turns.take('k');
    const second = turns.take('k');
    const third = turns.take('k');
    let secondReady = false;
    void second.ready.then(() => {
      secondReady = true;
    });
    await delay(1);
    expect(secondReady).toBe(false);
    first.leave();
    first.leave();
    await second.ready;
    expect(secondReady).toBe(true);
    second.leave();
    await third.ready;
    third.leave();
    expect(turns.size()).toBe(0);
  });
});
