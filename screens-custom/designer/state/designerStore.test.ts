import { describe, expect, it } from 'vitest';
import { emptyTemplate } from '../../../core/print/template/index.ts';
import { ELEMENT_REGISTRY } from '../elements/registry.ts';
import { createDesignerStore } from './designerStore.ts';
import { addElement, addPanel, canMoveLayer, deleteElements, moveElements, moveLayer, pasteElements, removePanel, stackingOrder } from './templateOps.ts';
import type { PrintTemplate } from '../../../core/print/template/index.ts';

describe('designer store and template edits', () => {
  it('undo keeps the identity of every element the step did not change (only the moved one redraws)', () => {
    const store = createDesignerStore(emptyTemplate());
    let t = store.get().template;
    for (let i = 0; i < 5; i++) t = addElement(t, 0, ELEMENT_REGISTRY.rect.create({ left: i * 10, top: 0 }));
    store.commit('add', t);
    const before = store.get().template.panels[0].printElements;
    store.commit('move', moveElements(store.get().template, 0, [{ index: 2, left: 99, top: 9 }]));
    store.undo();
    const after = store.get().template.panels[0].printElements;
    expect(after[2].options.left).toBe(20);
    expect([0, 1, 3, 4].every((i) => after[i] === before[i])).toBe(true);
    store.redo();
    expect(store.get().template.panels[0].printElements[2].options.left).toBe(99);
    expect(store.get().template.panels[0].printElements[0]).toBe(before[0]);
  });

  it('a gesture previews on the canvas only; the settled template (settings, tabs, preview) follows at its end', () => {
    const store = createDesignerStore(emptyTemplate());
    store.commit('add', addElement(store.get().template, 0, ELEMENT_REGISTRY.text.create({ left: 10, top: 20 })));
    const before = store.get().settled;
    store.preview(moveElements(store.get().template, 0, [{ index: 0, left: 50, top: 20 }]));
    expect(store.get().template.panels[0].printElements[0].options.left).toBe(50);
    expect(store.get().settled).toBe(before);
    store.commit('move', store.get().template);
    expect(store.get().settled.panels[0].printElements[0].options.left).toBe(50);
    store.undo();
    expect(store.get().settled.panels[0].printElements[0].options.left).toBe(10);
  });

  it('records one history entry per change; undo/redo walk it; a change after undo drops redo', () => {
    const store = createDesignerStore(emptyTemplate());
    const text = ELEMENT_REGISTRY.text.create({ left: 10, top: 20 });
    store.commit('add', addElement(store.get().template, 0, text));
    store.commit('box-move', moveElements(store.get().template, 0, [{ index: 0, left: 30, top: 40 }]));
    expect(store.get().history.entries.map((e) => e.type)).toEqual(['init', 'add', 'box-move']);
    store.undo();
    expect(store.get().template.panels[0].printElements[0].options.left).toBe(10);
    store.redo();
    expect(store.get().template.panels[0].printElements[0].options.left).toBe(30);
    store.undo();
    store.undo();
    expect(store.get().template.panels[0].printElements).toEqual([]);
    store.commit('add', addElement(store.get().template, 0, ELEMENT_REGISTRY.rect.create({ left: 0, top: 0 })));
    store.redo();
    expect(store.get().template.panels[0].printElements.map((e) => e.type)).toEqual(['rect']);
  });

  it('live previews while dragging are not history entries', () => {
    const store = createDesignerStore(emptyTemplate());
    store.commit('add', addElement(store.get().template, 0, ELEMENT_REGISTRY.text.create({ left: 0, top: 0 })));
    store.preview(moveElements(store.get().template, 0, [{ index: 0, left: 3, top: 3 }]));
    expect(store.get().history.entries).toHaveLength(2);
  });

  it('keeps untouched elements identical so the canvas skips them', () => {
    let t = emptyTemplate();
    t = addElement(t, 0, ELEMENT_REGISTRY.text.create({ left: 0, top: 0 }));
    t = addElement(t, 0, ELEMENT_REGISTRY.rect.create({ left: 0, top: 0 }));
    const moved = moveElements(t, 0, [{ index: 1, left: 5, top: 5 }]);
    expect(moved.panels[0].printElements[0]).toBe(t.panels[0].printElements[0]);
    expect(moved.panels[0].printElements[1]).not.toBe(t.panels[0].printElements[1]);
  });

  it('pastes offset copies, deletes, adds and removes panels (never the last)', () => {
    let t = addElement(emptyTemplate(), 0, ELEMENT_REGISTRY.text.create({ left: 10, top: 10 }));
    const pasted = pasteElements(t, 0, t.panels[0].printElements);
    expect(pasted.indices).toEqual([1]);
    expect(pasted.template.panels[0].printElements[1].options).toMatchObject({ left: 19, top: 19 });
    t = deleteElements(pasted.template, 0, [0]);
    expect(t.panels[0].printElements).toHaveLength(1);
    t = addPanel(t);
    expect(t.panels.map((p) => p.index)).toEqual([0, 1]);
    t = removePanel(t, 0);
    expect(t.panels.map((p) => p.index)).toEqual([0]);
    expect(removePanel(t, 0)).toBe(t);
  });

  describe('上移一层 / 下移一层', () => {
    /** a panel of rects named by their title, with the zIndex given (undefined = unset) */
    const panelOf = (...items: Array<[string, number?]>): PrintTemplate => items.reduce((t, [title, z]) => {
      const e = ELEMENT_REGISTRY.rect.create({ left: 0, top: 0 });
      return addElement(t, 0, { ...e, options: { ...e.options, title, ...(z === undefined ? {} : { zIndex: z }) } } as typeof e);
    }, emptyTemplate());
    const stack = (t: PrintTemplate) => stackingOrder(t.panels[0].printElements).map((i) => (t.panels[0].printElements[i].options as { title?: string }).title);

    it('orders by zIndex, then by place in the list', () => {
      expect(stack(panelOf(['a', 2], ['b'], ['c', -1], ['d']))).toEqual(['c', 'b', 'd', 'a']);
    });

    it('swaps one element with its neighbour in the stack; the selection follows it; nothing else changes', () => {
      const t = panelOf(['a'], ['b'], ['c']);
      expect(canMoveLayer(t.panels[0].printElements, [0], 'up')).toBe(true);
      expect(canMoveLayer(t.panels[0].printElements, [0], 'down')).toBe(false);
      expect(canMoveLayer(t.panels[0].printElements, [2], 'up')).toBe(false);
      const up = moveLayer(t, 0, [0], 'up');
      expect(stack(up.template)).toEqual(['b', 'a', 'c']);
      expect(up.selection).toEqual([1]);
      expect(up.template.panels[0].printElements[2]).toBe(t.panels[0].printElements[2]);
      const down = moveLayer(up.template, 0, up.selection, 'down');
      expect(stack(down.template)).toEqual(['a', 'b', 'c']);
      expect(down.selection).toEqual([0]);
      // at the top already: the same template back
      expect(moveLayer(t, 0, [2], 'up').template).toBe(t);
    });

    it('exchanges zIndex values with the neighbour, inventing none', () => {
      const t = panelOf(['a', 5], ['b'], ['c', 1]);
      const up = moveLayer(t, 0, [2], 'up');
      expect(stack(up.template)).toEqual(['b', 'a', 'c']);
      expect(up.template.panels[0].printElements.map((e) => (e.options as { zIndex?: number }).zIndex)).toEqual([5, undefined, 1]);
      expect(up.template.panels[0].printElements.map((e) => (e.options as { title?: string }).title)).toEqual(['c', 'b', 'a']);
      expect(up.selection).toEqual([0]);
      const down = moveLayer(t, 0, [1], 'down');
      expect(down.template).toBe(t);
      expect(canMoveLayer(t.panels[0].printElements, [1], 'down')).toBe(false);
    });

    it('moves a selected group as a block, stopping at the top', () => {
      const t = panelOf(['a'], ['b'], ['c'], ['d']);
      const up = moveLayer(t, 0, [0, 1], 'up');
      expect(stack(up.template)).toEqual(['c', 'a', 'b', 'd']);
      const top = moveLayer(moveLayer(up.template, 0, up.selection, 'up').template, 0, [2, 3], 'up');
      expect(stack(top.template)).toEqual(['c', 'd', 'a', 'b']);
      expect(canMoveLayer(top.template.panels[0].printElements, [2, 3], 'up')).toBe(false);
      expect(canMoveLayer(top.template.panels[0].printElements, [2, 3], 'down')).toBe(true);
    });
  });
});
