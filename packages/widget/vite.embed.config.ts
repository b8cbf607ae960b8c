import { defineConfig } from 'vite';

// /embed.js: the loader customers paste into their pages. Plain TypeScript, one IIFE, no framework.
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    lib: { entry: 'src/embed.ts', formats: ['iife'], name: 'OpenKefuEmbed', fileName: () => 'embed.js' },
  },
});
