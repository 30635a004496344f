import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA is served by the Fastify server from dist/ on the same port as /api.
export default defineConfig({
  plugins: [react()],
  // manifest: read by scripts/build-sw.mjs for the files the register's offline shell precaches (then removed).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080', '/wbskt': { target: 'ws://127.0.0.1:8080', ws: true } },
  },
});
