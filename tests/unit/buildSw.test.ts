import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no type declarations
import { MAX_PRECACHE_BYTES, REGISTER_MODULE, registerPrecache } from '../../scripts/build-sw.mjs';

/** A build's manifest as vite writes it (keys: source modules; files: under dist). */
const manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, css: ['assets/index-A.css'], imports: ['_vendor-B.js'], dynamicImports: ['src/layout/AppLayout.tsx', REGISTER_MODULE, 'src/router/ShellProviders.tsx', 'src/i18n/en.ts'] },
  'src/router/ShellProviders.tsx': { file: 'assets/ShellProviders-J.js', isDynamicEntry: true, css: ['assets/ShellProviders-J.css'], imports: ['_vendor-B.js'] },
  'src/i18n/en.ts': { file: 'assets/en-L.js', isDynamicEntry: true },
  '_vendor-B.js': { file: 'assets/vendor-B.js' },
  'src/layout/AppLayout.tsx': { file: 'assets/AppLayout-C.js', isDynamicEntry: true, imports: ['_vendor-B.js'] },
  [REGISTER_MODULE]: { file: 'assets/RetailOrderPage-D.js', isDynamicEntry: true, imports: ['_labels-E.js'], dynamicImports: ['node_modules/dexie/index.js', 'src/print/fonts.ts'] },
  '_labels-E.js': { file: 'assets/labels-E.js', dynamicImports: ['screens-custom/billing/labels.en.ts'] },
  'screens-custom/billing/labels.en.ts': { file: 'assets/labels.en-F.js' },
  'node_modules/dexie/index.js': { file: 'assets/dexie-G.js' },
  'src/print/fonts.ts': { file: 'assets/fonts-H.js', assets: ['assets/NotoSansSC-I.ttf'] },
};
const sizes: Record<string, number> = { 'assets/NotoSansSC-I.ttf': 10_500_000 };

describe('the files the register\'s offline shell precaches', () => {
  it('index.html, the entry with its styles and static imports, the shell\'s providers and English, and every chunk the register loads; not the back-office\'s pages nor a file too big', () => {
    expect(registerPrecache(manifest, (f: string) => sizes[f] ?? 1000)).toEqual([
      '/assets/RetailOrderPage-D.js', '/assets/ShellProviders-J.css', '/assets/ShellProviders-J.js', '/assets/dexie-G.js',
      '/assets/en-L.js', '/assets/fonts-H.js', '/assets/index-A.css', '/assets/index-A.js',
      '/assets/labels-E.js', '/assets/labels.en-F.js', '/assets/vendor-B.js', '/index.html',
    ]);
    expect(sizes['assets/NotoSansSC-I.ttf']).toBeGreaterThan(MAX_PRECACHE_BYTES);
  });

  it('a build without the register\'s page is refused, not shipped with an empty shell', () => {
    const { [REGISTER_MODULE]: _gone, ...without } = manifest;
    expect(() => registerPrecache(without, () => 1)).toThrow(/RetailOrderPage/);
  });
});
