import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built server on its own port and data directory and drives
// Debian's Chromium through playwright-core. Files run one at a time to keep the 2-core machine calm.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
