import { afterAll } from 'vitest';

// Preact runs effects after paint, with a 100 ms timer as the fallback. A render made outside act()
// near a file's end leaves that timer behind; fired after the file's page is torn down, it calls a
// cancelAnimationFrame that is gone (an unhandled error that fails the run). Let it fire first.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 150)));
