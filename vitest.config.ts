import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const UNIT_ROOTS = ['tests/unit', 'core', 'src', 'engine', 'widgets', 'screens-custom', 'server'];
const UNIT = ['tests/unit/**/*.test.{ts,tsx}', 'core/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'engine/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'screens-custom/**/*.test.{ts,tsx}', 'server/**/*.test.ts'];
/**
 * Unit files that replace modules or globals (vi.mock, vi.stubGlobal) or run in another environment (jsdom): each in a
 * fresh module graph (project unit-isolated). The rest share one graph per worker (isolate: false), which halves the
 * unit run — most of it was importing the same modules again for every file.
 */
const ISOLATED_UNIT = UNIT_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f) && !(root === 'server' && f.endsWith('.tsx')))
    .map((f) => path.join(root, f))
    .filter((f) => /vi\.mock\(|vi\.stubGlobal\(|@vitest-environment/.test(readFileSync(f, 'utf8'))),
);

/**
 * The API files a run repeats on its second backend (API_SUBSET=1; scripts/test.mjs runs the full suite on the
 * PostgreSQL server when there is one, then these on PGlite): what differs between the two — migrations from empty
 * and upgrades, start-up, the sales summaries' fold, row-level security, LISTEN/NOTIFY, job claims, text search,
 * exports (keyset batches vs COPY), durability after kill -9, concurrent selling — plus one smoke call per area.
 */
const BACKEND_SUBSET = [
  'tests/api/areaSmoke.test.ts',
  'tests/api/schemaUpgrade.test.ts',
  'tests/api/businessTz.test.ts',
  'tests/api/engineModule.test.ts',
  'tests/api/salesStats.test.ts',
  'tests/api/salesSummaryConcurrency.test.ts',
  'tests/api/tenancy.test.ts',
  'tests/api/stomp.test.ts',
  'tests/api/jobs.test.ts',
  'tests/api/bigramSearch.test.ts',
  'tests/api/resources.test.ts',
  'tests/api/durability.test.ts',
  'tests/api/settlement.test.ts',
  'tests/api/pageAnswers.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: ISOLATED_UNIT,
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: ISOLATED_UNIT,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: process.env.API_SUBSET === '1' ? BACKEND_SUBSET : ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file has a database of its own (tests/api/globalSetup.ts), so two run at once: on a 2-core machine
          // the PGlite suite took 29 min instead of 58 at the same load.
          fileParallelism: true,
          // One module graph per worker: the files of a worker share the imported server code (importing it took
          // about 6 s a file) while each starts its own app on its own database. Settings are per server
          // (startTestServer({ config })), never read from process.env at import; a file that changes the environment
          // puts it back in afterAll.
          isolate: false,
          maxWorkers: 2,
        },
      },
    ],
  },
});
