import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package; the browser suite (e2e/) runs separately after a build.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/web', 'packages/widget'],
  },
});
