/** Per-connection rate limit: `capacity` events at once, refilled at `perSecond`. */
export const createTokenBucket = (capacity: number, perSecond: number, now: () => number = Date.now) => {
  let tokens = capacity;
  let last = now();
  return {
    take: (): boolean => {
      const at = now();
      tokens = Math.min(capacity, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
};
