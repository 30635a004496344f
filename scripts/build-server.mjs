// Bundles the server into dist-server/main.js so `npm start` loads one plain JS file (no TypeScript
// compilation at start-up); npm packages stay external. Migrations and definitions are copied beside it.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist-server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outdir: 'dist-server',
  entryNames: '[name]',
  // Dynamic imports (the PDF writer) become chunks loaded on first use, with their packages.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'dist-server/migrations', { recursive: true });
cpSync('server/db/definitions', 'dist-server/definitions', { recursive: true });
