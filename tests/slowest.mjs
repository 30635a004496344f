#!/usr/bin/env node
// The slowest test files of a run, from its JSON report: Playwright's (`--reporter=json`, or the json reporter's
// outputFile) or vitest's (`--reporter=json --outputFile=...`). A file's time is how long it held its worker (its
// hooks included; the first file of a Playwright worker also carries the worker's start, its server).
//   node tests/slowest.mjs report.json [count=10]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** [{file, ms, tests}] slowest first. */
export function fileTimes(report) {
  const files = new Map();
  const add = (file, ms, tests = 1) => {
    const entry = files.get(file) ?? { file, ms: 0, tests: 0 };
    entry.ms += ms;
    entry.tests += tests;
    files.set(file, entry);
  };
  if (Array.isArray(report.suites)) {
    // Playwright: one top-level suite per file, describes nested. A worker runs a file's tests one after another, so
    // a file's time is the span from the end of what its worker ran before (or its first test's start) to its last
    // test's end: its beforeAll hooks and a worker's start (its server) included, which test durations leave out.
    const results = [];
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          for (const r of t.results ?? []) {
            if (!r.startTime) continue;
            const start = Date.parse(r.startTime);
            results.push({ file, slot: r.parallelIndex ?? r.workerIndex ?? 0, start, end: start + (r.duration ?? 0) });
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child, file);
    };
    const root = report.config?.rootDir ?? '';
    const cwd = process.cwd();
    for (const suite of report.suites) walk(suite, path.relative(cwd, path.resolve(root, suite.file ?? suite.title)));
    const bySlot = new Map();
    for (const r of results) bySlot.set(r.slot, [...(bySlot.get(r.slot) ?? []), r]);
    for (const slotResults of bySlot.values()) {
      slotResults.sort((a, b) => a.start - b.start);
      let previousEnd;
      let segment;
      const close = () => segment && add(segment.file, segment.end - segment.start, segment.tests);
      for (const r of slotResults) {
        if (segment?.file === r.file) {
          segment.end = Math.max(segment.end, r.end);
          segment.tests++;
        } else {
          close();
          segment = { file: r.file, start: previousEnd ?? r.start, end: r.end, tests: 1 };
        }
        previousEnd = Math.max(previousEnd ?? 0, r.end);
      }
      close();
    }
  } else if (Array.isArray(report.testResults)) {
    // vitest (jest-compatible): a file's start and end.
    for (const f of report.testResults) add(path.relative(process.cwd(), f.name), Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)), f.assertionResults?.length ?? 0);
  } else {
    throw new Error('not a Playwright or vitest JSON report');
  }
  return [...files.values()].sort((a, b) => b.ms - a.ms);
}

export function slowestText(report, count = 10) {
  const times = fileTimes(report);
  const total = times.reduce((sum, f) => sum + f.ms, 0);
  const lines = times.slice(0, count).map((f) => `${(f.ms / 1000).toFixed(1).padStart(8)} s  ${f.file} (${f.tests} test${f.tests === 1 ? '' : 's'})`);
  return [`The ${Math.min(count, times.length)} slowest of ${times.length} test files (${(total / 1000).toFixed(1)} s in all):`, ...lines].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, count] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node tests/slowest.mjs report.json [count]');
    process.exit(2);
  }
  console.log(slowestText(JSON.parse(readFileSync(file, 'utf8')), Number(count || 10)));
}
