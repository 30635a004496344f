// Browser tests drive Debian's Chromium; install it when missing (never a Playwright browser download),
// with Debian's CJK fonts, which the designer's image snapshot was taken with, and poppler-utils (pdftoppm).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  console.log(`Chromium missing at ${CHROMIUM}; installing it with apt-get...`);
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: 'inherit' });
}
let hasCjkFonts = true;
try {
  execSync('dpkg -s fonts-noto-cjk', { stdio: 'ignore' });
} catch {
  hasCjkFonts = false;
}
if (!hasCjkFonts) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  console.log('CJK fonts missing; installing fonts-noto-cjk with apt-get...');
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk`, { stdio: 'inherit' });
  } catch {
    console.warn('fonts-noto-cjk could not be installed: the designer image snapshot will differ');
  }
}
// pdftoppm (poppler-utils) renders a PDF page for the print test's check that a title prints whole.
try {
  execSync('command -v pdftoppm', { stdio: 'ignore', shell: '/bin/sh' });
} catch {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  console.log('pdftoppm missing; installing poppler-utils with apt-get...');
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils`, { stdio: 'inherit' });
}
if (!existsSync(CHROMIUM)) {
  console.error(`Chromium is still missing at ${CHROMIUM}`);
  process.exit(1);
}
