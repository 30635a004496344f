import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checksum, definitionFiles, DEFINITION_KINDS, migrationFiles } from './migrate.ts';

const dirs: string[] = [];
function moduleDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wxy-definitions-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('checksum', () => {
  it('is the sha256 of the text, the same with CRLF or LF line endings', () => {
    expect(checksum('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(checksum('SELECT 1;\r\nSELECT 2;\r\n')).toBe(checksum('SELECT 1;\nSELECT 2;\n'));
    expect(checksum('SELECT 1;')).not.toBe(checksum('SELECT 2;'));
  });
});

describe('definitionFiles', () => {
  it('orders the definitions by kind (functions, views, triggers, policies), then by name', () => {
    const dir = moduleDir({
      'triggers/t.zz_probe_a.sql': '',
      'policies/t.zz_probe.sql': '',
      'views/zz_probe.sql': '',
      'functions/zz_probe_b.sql': '',
      'functions/zz_probe_a.sql': '',
      'README.md': 'notes',
    });
    const names = [...definitionFiles([dir]).keys()];
    const mine = names.filter((n) => n.includes('zz_probe'));
    expect(mine).toEqual(['functions/zz_probe_a.sql', 'functions/zz_probe_b.sql', 'views/zz_probe.sql', 'triggers/t.zz_probe_a.sql', 'policies/t.zz_probe.sql']);
    const kinds = names.map((n) => DEFINITION_KINDS.indexOf(n.split('/')[0] as (typeof DEFINITION_KINDS)[number]));
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(definitionFiles([dir]).get('functions/zz_probe_a.sql')).toBe(path.join(dir, 'functions/zz_probe_a.sql'));
  });

  it('refuses a folder that is not a kind, a file that is not SQL, and a name two directories share', () => {
    expect(() => definitionFiles([moduleDir({ 'procedures/x.sql': '' })])).toThrow(/procedures is not one of functions\/, views\/, triggers\/, policies\//);
    expect(() => definitionFiles([moduleDir({ 'functions/x.txt': '' })])).toThrow(/x\.txt is not a \.sql file/);
    const a = moduleDir({ 'functions/zz_twice.sql': '' });
    const b = moduleDir({ 'functions/zz_twice.sql': '' });
    expect(() => definitionFiles([a, b])).toThrow(/definition functions\/zz_twice\.sql exists in both/);
  });

  it('skips module directories without definitions', () => {
    expect(definitionFiles([path.join(tmpdir(), 'wxy-no-such-dir')])).toEqual(definitionFiles());
  });
});

describe('migrationFiles', () => {
  it('takes NNN_name.sql files only, and refuses a name two directories share', () => {
    const a = moduleDir({ 'migrations/901_zz.sql': '', 'migrations/notes.sql': '' });
    expect(migrationFiles([path.join(a, 'migrations')]).get('901_zz.sql')).toBe(path.join(a, 'migrations'));
    expect(migrationFiles([path.join(a, 'migrations')]).has('notes.sql')).toBe(false);
    const b = moduleDir({ 'migrations/901_zz.sql': '' });
    expect(() => migrationFiles([path.join(a, 'migrations'), path.join(b, 'migrations')])).toThrow(/migration 901_zz\.sql exists in both/);
  });
});
