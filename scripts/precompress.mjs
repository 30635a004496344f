// Brotli and gzip copies of the built SPA's files (`dist/x.js` -> `x.js.br`, `x.js.gz`), made once at build time so
// the server sends them by content negotiation (@fastify/static preCompressed) instead of compressing every answer.
// Run by `npm run build` after vite; `node scripts/precompress.mjs [dir]` (default dist).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Worth compressing: text and fonts (woff2, images and video are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|ttf|otf|eot|wasm)$/;
/** Smaller than this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;
/**
 * Brotli's best (11) is slow on big files (about 2 s a MB): up to 1 MB it gets 11, up to 4 MB (the print designer's
 * chunk) 9, beyond (the print fonts, 10-15 MB each) 5, which comes within a tenth of 9's size in a fifth of its time.
 */
const qualityFor = (bytes) => (bytes <= 1024 * 1024 ? 11 : bytes <= 4 * 1024 * 1024 ? 9 : 5);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else if (COMPRESSIBLE.test(entry.name) && statSync(p).size >= MIN_BYTES) yield p;
  }
}

/** Writes the .br and .gz of every compressible file under `dir` (a copy not smaller than the file is left out). */
export async function precompressDir(dir) {
  const todo = [...files(dir)];
  let raw = 0;
  let br = 0;
  // zlib's async calls run on libuv's thread pool: a few files at a time use the cores the machine has.
  const next = async () => {
    for (let file; (file = todo.shift()); ) {
      const data = readFileSync(file);
      const quality = qualityFor(data.length);
      const [b, g] = await Promise.all([
        brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        gzip(data, { level: 9 }),
      ]);
      raw += data.length;
      br += Math.min(b.length, data.length);
      if (b.length < data.length) writeFileSync(`${file}.br`, b);
      if (g.length < data.length) writeFileSync(`${file}.gz`, g);
    }
  };
  await Promise.all([next(), next(), next(), next()]);
  return { raw, br };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist';
  const { raw, br } = await precompressDir(dir);
  console.log(`precompressed ${dir}: ${(raw / 1e6).toFixed(1)} MB -> ${(br / 1e6).toFixed(1)} MB (brotli)`);
}
