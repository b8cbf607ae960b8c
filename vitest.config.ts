import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package; the browser suite (e2e/) runs separately after a build.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core machines.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'packages/media',
      'packages/server',
      'packages/web',
      'packages/widget',
      'packages/sdk',
    ],
  },
});
