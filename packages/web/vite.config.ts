import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstPaint } from './scripts/first-paint';

const contractSource = fileURLToPath(new URL('../contract/src/index.ts', import.meta.url));
const mediaSource = fileURLToPath(new URL('../media/src/index.ts', import.meta.url));
const root = fileURLToPath(new URL('.', import.meta.url));

// The console is served by the API server under /admin/ (DESIGN §1).
export default defineConfig({
  base: '/admin/',
  // firstPaint (build only): the login form pre-rendered for the server, assets precompressed (issue 18).
  plugins: [react(), firstPaint({ root, ssrPlugins: [react()] })],
  resolve: { alias: { '@openkefu/contract': contractSource, '@openkefu/media': mediaSource } },
  server: {
    port: 8000,
    proxy: {
      '/api': 'http://localhost:9003',
      '/oauth': 'http://localhost:9003',
      '/mobile': 'http://localhost:9003',
      '/email': 'http://localhost:9003',
      '/sms': 'http://localhost:9003',
      '/wechat': 'http://localhost:9003',
      '/analysis': 'http://localhost:9003',
    },
  },
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 1500 },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // antd pages render slowly on a busy 2-core machine; a ceiling, not a timing check.
    testTimeout: 20_000,
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    isolate: false,
  },
});
