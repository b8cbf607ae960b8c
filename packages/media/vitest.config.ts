import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'media', include: ['src/**/*.test.ts'], environment: 'jsdom' },
});
