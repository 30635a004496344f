import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROW_DIALOGS } from './rowDialogs';

describe('row dialogs', () => {
  it('the browser registers exactly the dialogs a screen may name', () => {
    const meta = JSON.parse(readFileSync('schemas/meta/screen.schema.json', 'utf8'));
    expect(Object.keys(ROW_DIALOGS).sort()).toEqual([...meta.definitions.action.properties.dialog.enum].sort());
  });
});
