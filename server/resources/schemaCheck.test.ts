import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSchemaDirs } from './schemaCheck.ts';

/**
 * schemas:check against the mistakes an implementer makes adding a document (issue 26: 报损单 tried from the README),
 * each planted in a copy of schemas/ and each reported with its file and JSON pointer.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'schemas-check-'));
cpSync(path.join(root, 'schemas'), dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
function edit(file: string, change: (j: Json) => void): void {
  const full = path.join(dir, file);
  const j = JSON.parse(readFileSync(full, 'utf8'));
  change(j);
  writeFileSync(full, JSON.stringify(j));
}

describe('schemas:check', () => {
  it('passes the repository as it is', () => {
    expect(checkSchemaDirs([path.join(root, 'schemas')]).errors).toEqual([]);
  });

  it('reports each planted mistake with file and JSON pointer', () => {
    const plants: [what: string, at: string][] = [];
    const plant = (what: string, file: string, pointer: string, change: (j: Json) => void) => {
      edit(file, change);
      plants.push([what, `${file}#${pointer} `]);
    };
    const R = 'resources/wh-write-off.json';
    const S = 'screens/wh-write-off.json';
    // Caught before issue 26.
    plant('a column of a field the resource lacks', S, '/columns/1/field', (j) => (j.columns[1].field = 'whTitle'));
    plant('a filter the resource does not accept', S, '/filters/1/filter', (j) => (j.filters[1].filter = 'state'));
    // (A file the meta-schema refuses is not cross-checked, so this one goes in another screen.)
    plant('an unknown formatter', 'screens/wh-other-stock-out.json', '/columns/5/format', (j) => (j.columns[5].format = 'moneyy'));
    plant('a label with no i18n key', S, '/columns/0/label', (j) => (j.columns[0].label = 'whWriteOff.fields.nope'));
    plant('an action route naming no action', R, '/routes/6/docAction', (j) => (j.routes[6].docAction = 'confirmAll'));
    plant('a status outside the status enum', R, '/document/actions/1/to/0', (j) => (j.document.actions[1].to = [4]));
    // Missed before issue 26.
    plant('an action function nobody registered', R, '/document/actions/0/fn', (j) => (j.document.actions[0].fn = 'writeOff.confirm'));
    plant('a column no migration creates', R, '/fields/disposal', (j) => (j.fields.disposal = { type: 'string', title: '处置方式', maxLength: 20 }));
    plant('a dictionary code nobody ships', R, '/fields/reason/x-dictionary', (j) => (j.fields.reason['x-dictionary'] = 'writeOffReasons'));
    plant('an action permission no menu node grants', R, '/document/actions/0/perm', (j) => (j.document.actions[0].perm = 'wh:writeOff:approve'));
    plant('a misspelled toolbar permission', S, '/toolbar/0/perm', (j) => (j.toolbar[0].perm = 'wh:writeoff:add'));
    plant('a sortable field without an index', R, '/sortable/4', (j) => j.sortable.push('remark'));
    plant('a line quantity typed as a string', R, '/document/actions/0/posts/quantity', () => {});
    edit('resources/wh-write-off-det.json', (j) => (j.fields.quantity = { type: 'string', title: '数量', maxLength: 10 }));
    plant('void allowed from 草稿', R, '/document/actions/1/from/0', (j) => (j.document.actions[1].from = [1, 2]));
    plant('a document type reused from another document', R, '/document/type', (j) => (j.document.type = 'otherStockOut'));
    plant('a number prefix reused from another document', R, '/document/prefix', (j) => (j.document.prefix = 'QTCK'));
    expect(plants).toHaveLength(16);

    const { errors } = checkSchemaDirs([dir]);
    const missed = plants.filter(([, at]) => !errors.some((e) => e.includes(at)));
    expect(missed, errors.join('\n')).toEqual([]);
  });
});
