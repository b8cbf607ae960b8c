import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The tests start the real server from its source, which imports the contract's TypeScript.
    alias: { '@openkefu/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'sdk',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
