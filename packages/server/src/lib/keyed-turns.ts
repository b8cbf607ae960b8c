export type Turn = {
  /** Settles once every earlier turn of the same key has left. */
  ready: Promise<void>;
  /** Lets the next turn of the key go; calling it again does nothing. */
  leave: () => void;
};

/**
 * Turns per key, handed out in the order they are taken. Work for one key may run side by side;
 * only the step that must keep the order waits for its turn (a sender's messages reach the group
 * commit in the order they were sent, although each send reads the database first).
 */
export const createKeyedTurns = () => {
  const tails = new Map<string, Promise<void>>();
  return {
    take: (key: string): Turn => {
      const ready = tails.get(key) ?? Promise.resolve();
      let release!: () => void;
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      tails.set(key, done);
      return {
        ready,
        leave: () => {
          release();
          if (tails.get(key) === done) tails.delete(key);
        },
      };
    },
    /** Keys with a turn not yet left (for tests: nothing is kept once every turn has left). */
    size: () => tails.size,
  };
};
