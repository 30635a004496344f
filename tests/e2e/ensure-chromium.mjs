// Browser tests drive Debian's Chromium; install it when missing (never a Playwright browser download).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  console.log(`Chromium missing at ${CHROMIUM}; installing it with apt-get...`);
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}`);
  process.exit(1);
}
