import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, createHistory, currentEntry, recordChange, redo, undo } from './index.ts';

const tpl = (n: number) => ({ version: 1, panels: [{ index: 0, printElements: Array.from({ length: n }, (_, i) => ({ type: 'text', options: { top: i } })) }] });

describe('template history', () => {
  it('starts with one initial entry and nothing to undo', () => {
    const h = createHistory(tpl(0));
    expect(h.entries).toHaveLength(1);
    expect(currentEntry(h)).toMatchObject({ id: 1, type: 'init' });
    expect(canUndo(h) || canRedo(h)).toBe(false);
    expect(undo(h)).toBe(h);
  });

  it('records one entry per change with its reason, and undo/redo walk along them', () => {
    let h = createHistory(tpl(0));
    h = recordChange(h, 'add', tpl(1));
    h = recordChange(h, 'resize', tpl(2));
    h = recordChange(h, 'box-move', tpl(3));
    expect(h.entries.map((e) => e.type)).toEqual(['init', 'add', 'resize', 'box-move']);
    h = undo(undo(h));
    expect(JSON.parse(currentEntry(h).json)).toEqual(tpl(1));
    h = redo(h);
    expect(JSON.parse(currentEntry(h).json)).toEqual(tpl(2));
    expect(canRedo(h)).toBe(true);
  });

  it('a change after undo drops the redo entries', () => {
    let h = createHistory(tpl(0));
    h = recordChange(h, 'add', tpl(1));
    h = recordChange(h, 'add', tpl(2));
    h = undo(h);
    h = recordChange(h, 'delete', tpl(5));
    expect(h.entries.map((e) => e.type)).toEqual(['init', 'add', 'delete']);
    expect(canRedo(h)).toBe(false);
  });

  it('keeps at most 50 entries, dropping the oldest', () => {
    let h = createHistory(tpl(0));
    for (let i = 1; i <= 60; i++) h = recordChange(h, 'batch edit', tpl(i));
    expect(h.entries).toHaveLength(50);
    expect(JSON.parse(h.entries[0].json)).toEqual(tpl(11));
    let steps = 0;
    while (canUndo(h)) {
      h = undo(h);
      steps++;
    }
    expect(steps).toBe(49);
    expect(new Set(h.entries.map((e) => e.id)).size).toBe(50);
  });

  it('a change that leaves the template identical records nothing; entries are snapshots', () => {
    const doc = tpl(1);
    let h = createHistory(doc);
    h = recordChange(h, 'zoom', tpl(1));
    expect(h.entries).toHaveLength(1);
    doc.panels[0].printElements.push({ type: 'text', options: { top: 99 } });
    expect(JSON.parse(currentEntry(h).json)).toEqual(tpl(1));
  });
});
