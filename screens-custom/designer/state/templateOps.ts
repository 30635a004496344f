/**
 * Edits of a template being designed. Pure and immutable: unchanged panels and elements keep their
 * identity, so the canvas re-renders only what moved (200 elements stay smooth while dragging).
 */
import { emptyTemplate, type Panel, type PrintElement, type PrintTemplate } from '../../../core/print/template/index.ts';
import { units } from '../../../core/print/paper/index.ts';

export function updatePanel(t: PrintTemplate, panelIndex: number, update: (p: Panel) => Panel): PrintTemplate {
  return { ...t, panels: t.panels.map((p, i) => (i === panelIndex ? update(p) : p)) };
}

export function addElement(t: PrintTemplate, panelIndex: number, element: PrintElement): PrintTemplate {
  return updatePanel(t, panelIndex, (p) => ({ ...p, printElements: [...p.printElements, element] }));
}

export function replaceElements(t: PrintTemplate, panelIndex: number, changes: ReadonlyMap<number, PrintElement>): PrintTemplate {
  if (changes.size === 0) return t;
  return updatePanel(t, panelIndex, (p) => ({ ...p, printElements: p.printElements.map((e, i) => changes.get(i) ?? e) }));
}

export function setElementOptions(t: PrintTemplate, panelIndex: number, index: number, options: Record<string, unknown>): PrintTemplate {
  const element = t.panels[panelIndex]?.printElements[index];
  if (!element) return t;
  return replaceElements(t, panelIndex, new Map([[index, { ...element, options } as PrintElement]]));
}

/** Move elements to new positions (pt). */
export function moveElements(t: PrintTemplate, panelIndex: number, moves: ReadonlyArray<{ index: number; left: number; top: number }>): PrintTemplate {
  const elements = t.panels[panelIndex]?.printElements ?? [];
  const changes = new Map<number, PrintElement>();
  for (const m of moves) {
    const e = elements[m.index];
    if (e) changes.set(m.index, { ...e, options: { ...e.options, left: m.left, top: m.top } } as PrintElement);
  }
  return replaceElements(t, panelIndex, changes);
}

export function deleteElements(t: PrintTemplate, panelIndex: number, indices: readonly number[]): PrintTemplate {
  const drop = new Set(indices);
  return updatePanel(t, panelIndex, (p) => ({ ...p, printElements: p.printElements.filter((_, i) => !drop.has(i)) }));
}

/** Paste copies offset by `offset` pt; returns the template and the new elements' indices. */
export function pasteElements(t: PrintTemplate, panelIndex: number, elements: readonly PrintElement[], offset = 9): { template: PrintTemplate; indices: number[] } {
  const start = t.panels[panelIndex]?.printElements.length ?? 0;
  const copies = elements.map((e) => {
    const c = structuredClone(e);
    const o = c.options as { left?: number; top?: number };
    o.left = (o.left ?? 0) + offset;
    o.top = (o.top ?? 0) + offset;
    return c;
  });
  const template = updatePanel(t, panelIndex, (p) => ({ ...p, printElements: [...p.printElements, ...copies] }));
  return { template, indices: copies.map((_, i) => start + i) };
}

/**
 * Stacking order of a panel's elements, bottom first: by zIndex (unset = 0), then by place in the
 * list (a later element is drawn over an earlier one) — as the canvas and core/paginate draw them.
 */
export function stackingOrder(elements: readonly PrintElement[]): number[] {
  const z = (e: PrintElement) => {
    const v = Number((e.options as { zIndex?: unknown }).zIndex ?? 0);
    return Number.isFinite(v) ? v : 0;
  };
  return elements.map((_, i) => i).sort((a, b) => z(elements[a]) - z(elements[b]) || a - b);
}

/** Whether 上移一层 (`up`) or 下移一层 (`down`) would change anything for the selected elements. */
export function canMoveLayer(elements: readonly PrintElement[], selection: readonly number[], direction: 'up' | 'down'): boolean {
  const chosen = new Set(selection.filter((i) => i >= 0 && i < elements.length));
  const order = stackingOrder(elements);
  const step = direction === 'up' ? 1 : -1;
  return order.some((i, k) => chosen.has(i) && order[k + step] !== undefined && !chosen.has(order[k + step]));
}

/**
 * 上移一层 / 下移一层: each selected element changes places in the stacking order with the nearest
 * unselected element above (below) it; a selected group moves as a block. The two take each other's
 * list position and zIndex, so no other element changes and no new layer value is invented. Returns
 * the template and the selection's new indices (unchanged template when nothing can move).
 */
export function moveLayer(t: PrintTemplate, panelIndex: number, selection: readonly number[], direction: 'up' | 'down'): { template: PrintTemplate; selection: number[] } {
  const elements = t.panels[panelIndex]?.printElements ?? [];
  const chosen = new Set(selection.filter((i) => i >= 0 && i < elements.length));
  const slots = stackingOrder(elements);
  const order = [...slots];
  if (direction === 'up') {
    for (let k = order.length - 2; k >= 0; k--) if (chosen.has(order[k]) && !chosen.has(order[k + 1])) [order[k], order[k + 1]] = [order[k + 1], order[k]];
  } else {
    for (let k = 1; k < order.length; k++) if (chosen.has(order[k]) && !chosen.has(order[k - 1])) [order[k], order[k - 1]] = [order[k - 1], order[k]];
  }
  if (order.every((i, k) => i === slots[k])) return { template: t, selection: [...selection] };
  // the element now at stacking place k takes the list index and zIndex that place had
  const next = [...elements];
  const newIndex = new Map<number, number>();
  order.forEach((from, k) => {
    const to = slots[k];
    newIndex.set(from, to);
    if (from === to) return;
    const { zIndex: _z, ...rest } = elements[from].options as Record<string, unknown>;
    const z = (elements[to].options as { zIndex?: unknown }).zIndex;
    next[to] = { ...elements[from], options: z === undefined ? rest : { ...rest, zIndex: z } } as PrintElement;
  });
  return {
    template: updatePanel(t, panelIndex, (p) => ({ ...p, printElements: next })),
    selection: selection.map((i) => newIndex.get(i) ?? i),
  };
}

export function clearPanel(t: PrintTemplate, panelIndex: number): PrintTemplate {
  return updatePanel(t, panelIndex, (p) => ({ ...p, printElements: [] }));
}

/** A new A4 panel after the last one. */
export function addPanel(t: PrintTemplate): PrintTemplate {
  const base = emptyTemplate().panels[0];
  const index = t.panels.length;
  return { ...t, panels: [...t.panels, { ...base, index, name: String(index + 1) }] };
}

/** Remove a panel (the last one stays) and renumber. */
export function removePanel(t: PrintTemplate, panelIndex: number): PrintTemplate {
  if (t.panels.length <= 1) return t;
  return { ...t, panels: t.panels.filter((_, i) => i !== panelIndex).map((p, i) => ({ ...p, index: i })) };
}

/** Paper size in pt of a panel. */
export function paperPt(panel: Panel): { width: number; height: number } {
  return { width: units.mmToPt(panel.width), height: units.mmToPt(panel.height) };
}
