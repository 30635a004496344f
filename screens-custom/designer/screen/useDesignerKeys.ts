/**
 * Keyboard of the designer (spec 001 §2): ctrl/cmd+Z undo, with shift redo; ctrl/cmd+C copy,
 * ctrl/cmd+V paste; arrows move the selected group by movingDistance; Delete removes it.
 * Keys typed into inputs are left alone.
 */
import { useEffect } from 'react';
import { nudge } from '../interaction/snap.ts';
import { boxOf } from '../render/ElementView.tsx';
import type { DesignerStore } from '../state/designerStore.ts';
import { deleteElements, moveElements, pasteElements } from '../state/templateOps.ts';

export interface ClipboardActions {
  copy(): void;
  paste(): void;
  remove(): void;
}

export function clipboardActions(store: DesignerStore): ClipboardActions {
  return {
    copy() {
      const s = store.get();
      const elements = s.template.panels[s.activePanel].printElements;
      store.set({ clipboard: s.selection.map((i) => structuredClone(elements[i])).filter(Boolean) });
    },
    paste() {
      const s = store.get();
      if (s.clipboard.length === 0) return;
      try {
        const { template, indices } = pasteElements(s.template, s.activePanel, s.clipboard);
        store.commit('copy', template, { selection: indices, cellRange: null, column: null });
      } catch (e) {
        console.warn('paste failed', e);
      }
    },
    remove() {
      const s = store.get();
      if (s.selection.length === 0) return;
      store.commit('delete', deleteElements(s.template, s.activePanel, s.selection), { selection: [], cellRange: null, column: null });
    },
  };
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useDesignerKeys(store: DesignerStore, clipboard: ClipboardActions, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target)) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) store.redo();
        else store.undo();
      } else if (mod && key === 'c') {
        clipboard.copy();
      } else if (mod && key === 'v') {
        e.preventDefault();
        clipboard.paste();
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        clipboard.remove();
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        const s = store.get();
        if (s.selection.length === 0) return;
        e.preventDefault();
        const elements = s.template.panels[s.activePanel].printElements;
        const moved = nudge(s.selection.map((i) => boxOf(elements[i])), e.key);
        store.commit('box-move', moveElements(s.template, s.activePanel, moved.map((b, k) => ({ index: s.selection[k], left: b.left, top: b.top }))));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, clipboard, enabled]);
}
