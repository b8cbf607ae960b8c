import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run against the contract's TypeScript source, so no contract build is needed first.
    alias: { '@openkefu/contract': fileURLToPath(new URL('../contract/src/index.ts', import.meta.url)) },
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds one SQLite and one PostgreSQL template per run (test/global-setup.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    // argon2 hashing and real PostgreSQL/Redis round trips make some hooks slow on 2-core machines.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});
