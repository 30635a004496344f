/**
 * The designer's one store: the template, its undo/redo history, the editable panel, the selection
 * and the clipboard. Components read it with useDesigner(selector); every change that the user can
 * undo goes through commit(reason, template), which records it in core/history.
 */
import { useSyncExternalStore } from 'react';
import { canRedo, canUndo, createHistory, currentEntry, recordChange, redo, undo, type History, type HistoryReason } from '../../../core/print/history/index.ts';
import type { PrintElement, PrintTemplate } from '../../../core/print/template/index.ts';
import type { CellRange } from '../tableDesign/headerGrid.ts';

export interface DesignerState {
  /** the template as drawn, live while a gesture previews */
  template: PrintTemplate;
  /**
   * the template without the gesture in progress: what the settings panel, tabs and preview read, so
   * that a drag re-renders only the canvas (200 elements stay smooth)
   */
  settled: PrintTemplate;
  history: History;
  /** the one panel that is editable */
  activePanel: number;
  /** indices of selected elements in the active panel */
  selection: number[];
  /** the selected table's header cell range, and the cell whose column properties are open */
  cellRange: CellRange | null;
  column: { r: number; c: number } | null;
  clipboard: PrintElement[];
}

export interface DesignerStore {
  get(): DesignerState;
  subscribe(listener: () => void): () => void;
  /** an undoable change */
  commit(reason: HistoryReason, template: PrintTemplate, patch?: Partial<Omit<DesignerState, 'template' | 'settled' | 'history'>>): void;
  /** a live change while dragging; committed at the end of the gesture */
  preview(template: PrintTemplate): void;
  set(patch: Partial<Omit<DesignerState, 'template' | 'settled' | 'history'>>): void;
  undo(): void;
  redo(): void;
  /** replace everything (a loaded template) with a fresh history */
  load(template: PrintTemplate): void;
}

/**
 * The template undo/redo restores, keeping the identity of every panel and element that did not
 * change, so the canvas re-renders only what the step changed (not all 200 elements).
 */
export function shareUnchanged(prev: PrintTemplate, next: PrintTemplate): PrintTemplate {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const panels = next.panels.map((panel, i) => {
    const old = prev.panels[i];
    if (!old) return panel;
    const printElements = panel.printElements.map((e, j) => (old.printElements[j] && same(old.printElements[j], e) ? old.printElements[j] : e));
    const { printElements: _a, ...restNew } = panel;
    const { printElements: _b, ...restOld } = old;
    if (same(restOld, restNew) && printElements.length === old.printElements.length && printElements.every((e, j) => e === old.printElements[j])) return old;
    return { ...panel, printElements };
  });
  return panels.every((p, i) => p === prev.panels[i]) && panels.length === prev.panels.length && same({ ...prev, panels: [] }, { ...next, panels: [] }) ? prev : { ...next, panels };
}

export function createDesignerStore(initial: PrintTemplate): DesignerStore {
  let state: DesignerState = {
    template: initial, settled: initial, history: createHistory(initial), activePanel: 0, selection: [], cellRange: null, column: null, clipboard: [],
  };
  const listeners = new Set<() => void>();
  const emit = (next: DesignerState) => {
    state = next;
    for (const l of listeners) l();
  };
  const travel = (move: (h: History) => History) => {
    const history = move(state.history);
    if (history === state.history) return;
    const template = shareUnchanged(state.template, JSON.parse(currentEntry(history).json) as PrintTemplate);
    emit({ ...state, history, template, settled: template, activePanel: Math.min(state.activePanel, template.panels.length - 1), selection: [], cellRange: null, column: null });
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    commit(reason, template, patch = {}) {
      emit({ ...state, ...patch, template, settled: template, history: recordChange(state.history, reason, template) });
    },
    preview(template) {
      emit({ ...state, template });
    },
    set(patch) {
      emit({ ...state, ...patch });
    },
    undo: () => travel(undo),
    redo: () => travel(redo),
    load(template) {
      emit({ ...state, template, settled: template, history: createHistory(template), activePanel: 0, selection: [], cellRange: null, column: null });
    },
  };
}

export function useDesigner<T>(store: DesignerStore, select: (s: DesignerState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

export { canRedo, canUndo };
