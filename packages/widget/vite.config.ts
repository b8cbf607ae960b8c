import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('../contract/src/index.ts', import.meta.url));
const mediaSource = fileURLToPath(new URL('../media/src/index.ts', import.meta.url));

// The visitor chat page, served by the API server at /chat/ (DESIGN §1). Preact, no antd: small.
export default defineConfig({
  base: '/chat/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { '@openkefu/contract': contractSource, '@openkefu/media': mediaSource } },
  server: {
    port: 8001,
    proxy: {
      '/visitor': 'http://localhost:9003',
      '/socket.io': { target: 'http://localhost:9003', ws: true },
      '/uploads': 'http://localhost:9003',
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  test: {
    name: 'widget',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
