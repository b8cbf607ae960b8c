import { describe, expect, it } from 'vitest';
import { createTokenBucket } from './token-bucket.js';

describe('createTokenBucket', () => {
  it('allows a burst of its capacity, then refills over time', () => {
    let clock = 0;
    const bucket = createTokenBucket(3, 2, () => clock);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    clock = 500; // half a second refills one token at 2 per second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
    clock = 60_000; // never beyond capacity
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
