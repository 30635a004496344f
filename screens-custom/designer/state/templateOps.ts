/**
 * Edits of a template being designed. Pure and immutable: unchanged panels and elements keep their
 * identity, so the canvas re-renders only what moved (200 elements stay smooth while dragging).
 */
import { emptyTemplate, type Panel, type PrintElement, type PrintTemplate } from '../core/template/index.ts';
import { units } from '../core/paper/index.ts';

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
