// Builds the register's service worker (src/offline/sw.ts) into dist/sw.js, after `vite build`: reads the build's
// manifest (dist/.vite/manifest.json), lists the files the register needs to open without network, and puts that
// list and a version made from it into the worker. The manifest is removed afterwards (it is not served).
// `node scripts/build-sw.mjs [dir]` (default dist).
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** The register's page module: the shell's entry plus this page's own chunks are what the register needs. */
export const REGISTER_MODULE = 'screens-custom/billing/RetailOrderPage.tsx';
/**
 * What the entry loads on demand around every page behind the login, the register included (RootView, the English
 * texts): precached with it, or the register would not open (or toast, or read English) without network.
 */
export const SHELL_MODULES = ['src/router/ShellProviders.tsx', 'src/i18n/en.ts'];
/** A file bigger than this (the print fonts, the print designer) is left to the network: the register sells without it. */
export const MAX_PRECACHE_BYTES = 1_500_000;

/**
 * The URLs to precache: index.html, everything the entry loads at once (its static imports, styles and assets), and
 * everything the register page loads, at once or later (its static and dynamic imports), but not the entry's other
 * lazy pages (the back-office). `sizeOf(file)` is the file's size in bytes; files over MAX_PRECACHE_BYTES are left out.
 */
export function registerPrecache(manifest, sizeOf) {
  const urls = new Set(['/index.html']);
  const seen = new Set();
  const visit = (key, followDynamic) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) if (sizeOf(file) <= MAX_PRECACHE_BYTES) urls.add(`/${file}`);
    for (const k of chunk.imports ?? []) visit(k, followDynamic);
    if (followDynamic) for (const k of chunk.dynamicImports ?? []) visit(k, true);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('build-sw: the manifest has no entry');
  if (!manifest[REGISTER_MODULE]) throw new Error(`build-sw: ${REGISTER_MODULE} is not in the manifest`);
  visit(entry, false);
  visit(REGISTER_MODULE, true);
  for (const key of SHELL_MODULES) {
    if (!manifest[key]) throw new Error(`build-sw: ${key} is not in the manifest`);
    visit(key, true);
  }
  return [...urls].sort();
}

export async function buildServiceWorker(dir) {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const precache = registerPrecache(manifest, (file) => statSync(path.join(dir, file)).size);
  // The version changes with any file the register uses (hashed names) and with index.html itself.
  const version = createHash('sha256').update(precache.join('\n')).update(readFileSync(path.join(dir, 'index.html'))).digest('hex').slice(0, 12);
  await build({
    entryPoints: ['src/offline/sw.ts'],
    outfile: path.join(dir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'chrome100',
    minify: true,
    define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
    logLevel: 'warning',
  });
  rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
  const bytes = precache.reduce((sum, url) => sum + statSync(path.join(dir, url)).size, 0);
  return { version, files: precache.length, bytes };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist';
  const { version, files, bytes } = await buildServiceWorker(dir);
  console.log(`service worker ${version}: the register's ${files} files (${(bytes / 1e6).toFixed(1)} MB) precached`);
}
