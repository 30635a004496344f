import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'engine/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'screens-custom/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/globalSetup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file has a database of its own (tests/api/globalSetup.ts), so two run at once: on a 2-core machine
          // the PGlite suite took 29 min instead of 58 at the same load.
          fileParallelism: true,
          isolate: false,
          maxWorkers: 2,
        },
      },
    ],
  },
});
