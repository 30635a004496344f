import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { slowestText } from '../slowest.mjs';

/**
 * Prints the ten slowest spec files at the end of a run (tests/slowest.mjs over the JSON report, which the json
 * reporter listed before this one has written by then).
 */
export default class SlowestReporter {
  constructor(options = {}) {
    this.report = options.report;
  }

  onBegin(config) {
    this.file = path.resolve(path.dirname(config.configFile ?? config.rootDir), this.report ?? '.tmp/report.json');
  }

  onEnd() {
    if (!existsSync(this.file)) return;
    console.log(`\n${slowestText(JSON.parse(readFileSync(this.file, 'utf8')))}`);
  }

  printsToStdio() {
    return false;
  }
}
