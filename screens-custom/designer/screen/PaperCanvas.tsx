/**
 * The editable paper of the active panel (the others are drawn read-only by InactivePaper): rulers, header and footer lines, paper number, the
 * elements (each drawn by its plugin), selection handles, guide lines and the rubber band. Pointer
 * gestures run on window listeners and preview live; the end of a gesture is one history entry.
 */
import { useDroppable } from '@dnd-kit/core';
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { clampFooterLine, clampHeaderLine, units } from '../../../core/print/paper/index.ts';
import { designPaperNumbers } from '../../../core/print/paginate/index.ts';
import { DESIGNER_CONSTANTS } from '../../../core/print/options/index.ts';
import type { PrintElement, TableColumn } from '../../../core/print/template/index.ts';
import { TableDesignContext, type TableDesignSurface } from '../elements/table/designContext.ts';
import { HANDLES, resizeBox, rotationFromPointer, type Handle } from '../interaction/resize.ts';
import { boxSelect, dragPosition, rectBetween, type Box, type Guide } from '../interaction/snap.ts';
import { ElementContent, boxOf, frameStyle } from '../render/ElementView.tsx';
import { toGrid, resizeColumns, withWidths } from '../tableDesign/headerGrid.ts';
import { useDesigner, type DesignerStore } from '../state/designerStore.ts';
import { moveElements, setElementOptions, updatePanel } from '../state/templateOps.ts';

export const PAPER_DROP_ID = 'designer-paper';
const round = (n: number) => Math.round(n * 1000) / 1000;

export type CanvasMenu = { kind: 'element' | 'table' | 'paper'; x: number; y: number };

const DesignElement = memo(function DesignElement(props: {
  element: PrintElement; index: number; selected: boolean; surface: TableDesignSurface | null;
  onDown: (index: number, e: React.PointerEvent) => void; onMenu: (index: number, e: React.MouseEvent) => void;
}) {
  const { element, index, selected, surface } = props;
  const content = <ElementContent element={element} mode="design" />;
  return (
    <div
      // a selected element (the one a drag moves) gets a layer of its own: moving it then repaints
      // neither the paper nor the other elements
      style={{ ...frameStyle(element, boxOf(element)), cursor: 'move', outline: selected ? '1px solid #228be6' : '1px dashed rgba(0,0,0,.15)', overflow: element.type === 'table' ? 'visible' : 'hidden', willChange: selected ? 'transform' : undefined }}
      data-testid="design-element"
      data-type={element.type}
      data-index={index}
      data-selected={selected ? 'true' : undefined}
      onPointerDown={(e) => props.onDown(index, e)}
      onContextMenu={(e) => props.onMenu(index, e)}
    >
      {surface ? <TableDesignContext.Provider value={surface}>{content}</TableDesignContext.Provider> : content}
    </div>
  );
});

/** The line above each panel: its name and whether it is the one being edited. */
export function PanelCaption({ index, name, editing }: { index: number; name?: string; editing: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-testid={`panel-caption-${index}`} style={{ fontSize: 12, color: editing ? '#1c7ed6' : '#868e96', marginBottom: 22, fontWeight: editing ? 600 : 400 }}>
      {t('ui.panel')} {name ?? index + 1} · {editing ? t('ui.panelEditing') : t('ui.panelReadOnly')}
    </div>
  );
}

export function Ruler({ lengthPt, vertical }: { lengthPt: number; vertical?: boolean }) {
  const mm = Math.floor(units.ptToMm(lengthPt));
  const labels = [];
  for (let i = 10; i < mm; i += 10) {
    labels.push(<span key={i} style={{ position: 'absolute', [vertical ? 'top' : 'left']: `${i}mm`, fontSize: 8, color: '#666', [vertical ? 'left' : 'top']: 1 }}>{i}</span>);
  }
  const ticks = `repeating-linear-gradient(${vertical ? 'to bottom' : 'to right'}, #999 0 1px, transparent 1px 1mm)`;
  const major = `repeating-linear-gradient(${vertical ? 'to bottom' : 'to right'}, #555 0 1px, transparent 1px 10mm)`;
  const style: CSSProperties = vertical
    ? { position: 'absolute', left: -18, top: 0, width: 16, height: `${lengthPt}pt`, background: `${major} right / 10px 100% no-repeat, ${ticks} right / 5px 100% no-repeat, #f8f9fa` }
    : { position: 'absolute', top: -18, left: 0, height: 16, width: `${lengthPt}pt`, background: `${major} bottom / 100% 10px no-repeat, ${ticks} bottom / 100% 5px no-repeat, #f8f9fa` };
  return <div style={style} data-testid={vertical ? 'ruler-left' : 'ruler-top'}>{labels}</div>;
}

export function PaperCanvas({ store, onMenu, reveal }: { store: DesignerStore; onMenu: (menu: CanvasMenu) => void; reveal?: boolean }) {
  const { t } = useTranslation();
  const template = useDesigner(store, (s) => s.template);
  const activePanel = useDesigner(store, (s) => s.activePanel);
  const selection = useDesigner(store, (s) => s.selection);
  const cellRange = useDesigner(store, (s) => s.cellRange);
  const panel = template.panels[activePanel];
  const widthPt = units.mmToPt(panel.width);
  const heightPt = units.mmToPt(panel.height);
  const scale = panel.scale && panel.scale > 0 ? panel.scale : 1;
  const paperRef = useRef<HTMLDivElement | null>(null);
  const [guides, setGuides] = useState<Guide[]>([]);
  const [band, setBand] = useState<Box | null>(null);
  const { setNodeRef } = useDroppable({ id: PAPER_DROP_ID });
  const setPaper = useCallback((node: HTMLDivElement | null) => {
    paperRef.current = node;
    setNodeRef(node);
  }, [setNodeRef]);

  // a panel made editable by its tab or a click comes into view (not the first panel on opening)
  const wrapRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (reveal) wrapRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, []);

  /** Pointer position in pt on the paper (whatever the zoom). */
  const ptAt = (e: { clientX: number; clientY: number }) => {
    const r = paperRef.current!.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * widthPt, y: ((e.clientY - r.top) / r.height) * heightPt };
  };

  /** Follow the pointer until release. */
  const track = (move: (e: PointerEvent) => void, up: (e: PointerEvent) => void) => {
    const onMove = (e: PointerEvent) => move(e);
    const onUp = (e: PointerEvent) => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      up(e);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
  };

  const onElementDown = useCallback((index: number, e: React.PointerEvent) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    const s = store.get();
    const p = s.activePanel;
    const elements = s.template.panels[p].printElements;
    const sel = s.selection.includes(index) ? s.selection : e.shiftKey ? [...s.selection, index] : [index];
    const keepCells = sel.length === 1 && s.selection.length === 1 && s.selection[0] === index;
    store.set({ selection: sel, ...(keepCells ? {} : { cellRange: null, column: null }) });
    const start = ptAt(e);
    const primary = boxOf(elements[index]);
    const starts = sel.map((i) => ({ i, box: boxOf(elements[i]) }));
    const others = elements.filter((_, i) => !sel.includes(i)).map(boxOf);
    const base = s.template;
    const axis = (elements[index].options as { axis?: 'h' | 'v' }).axis;
    let moved = false;
    track((ev) => {
      const now = ptAt(ev);
      const dx = now.x - start.x;
      const dy = now.y - start.y;
      if (!moved && Math.hypot(dx, dy) < 1) return;
      moved = true;
      const r = dragPosition(primary, dx, dy, others, { axis, bounds: { width: widthPt, height: heightPt } });
      const ddx = r.left - primary.left;
      const ddy = r.top - primary.top;
      store.preview(moveElements(base, p, starts.map(({ i, box }) => ({ index: i, left: round(box.left + ddx), top: round(box.top + ddy) }))));
      setGuides(r.guides);
    }, () => {
      setGuides([]);
      if (moved) store.commit(sel.length > 1 ? 'box-move' : 'move', store.get().template);
    });
  }, [store, widthPt, heightPt]);

  const onElementMenu = useCallback((index: number, e: React.MouseEvent) => {
    e.preventDefault();
    // the paper under it would otherwise replace this menu by its own (nothing selected)
    e.stopPropagation();
    const s = store.get();
    if (!s.selection.includes(index)) store.set({ selection: [index], cellRange: null, column: null });
    onMenu({ kind: 'element', x: e.clientX, y: e.clientY });
  }, [store, onMenu]);

  const onResizeDown = (handle: Handle, e: React.PointerEvent) => {
    e.stopPropagation();
    const s = store.get();
    const index = s.selection[0];
    const element = s.template.panels[s.activePanel].printElements[index];
    const start = ptAt(e);
    const box = boxOf(element);
    const base = s.template;
    track((ev) => {
      const now = ptAt(ev);
      const next = resizeBox(box, handle, now.x - start.x, now.y - start.y, { free: ev.shiftKey });
      store.preview(setElementOptions(base, s.activePanel, index, { ...element.options, ...next }));
    }, () => store.commit('resize', store.get().template));
  };

  const onRotateDown = (e: React.PointerEvent) => {
    e.stopPropagation();
    const s = store.get();
    const index = s.selection[0];
    const element = s.template.panels[s.activePanel].printElements[index];
    const b = boxOf(element);
    const centre = { x: b.left + b.width / 2, y: b.top + b.height / 2 };
    const from = ptAt(e);
    const startDeg = Number((element.options as { transform?: number }).transform ?? 0);
    const base = s.template;
    track((ev) => {
      const deg = rotationFromPointer(centre, from, ptAt(ev), startDeg);
      const { transform: _old, ...rest } = element.options as Record<string, unknown>;
      store.preview(setElementOptions(base, s.activePanel, index, deg === 0 ? rest : { ...rest, transform: deg }));
    }, () => store.commit('edit', store.get().template));
  };

  const onPaperDown = (e: React.PointerEvent) => {
    if (e.button !== 0) return;
    const start = ptAt(e);
    const boxes = store.get().template.panels[store.get().activePanel].printElements.map(boxOf);
    let rect: Box | null = null;
    track((ev) => {
      rect = rectBetween(start, ptAt(ev));
      setBand(rect);
    }, () => {
      setBand(null);
      const chosen = rect && rect.width + rect.height > 2 ? boxSelect(rect, boxes) : [];
      store.set({ selection: chosen, cellRange: null, column: null });
    });
  };

  const onLineDown = (which: 'paperHeader' | 'paperFooter', e: React.PointerEvent) => {
    e.stopPropagation();
    const s = store.get();
    const base = s.template;
    track((ev) => {
      const y = round(ptAt(ev).y);
      store.preview(updatePanel(base, s.activePanel, (p) => ({
        ...p,
        [which]: which === 'paperHeader' ? clampHeaderLine(y, p.paperFooter) : clampFooterLine(y, p.paperHeader, heightPt),
      })));
    }, () => store.commit('edit', store.get().template));
  };

  // The table design surface of the one selected table.
  const cellDrag = useRef(false);
  const selectedTable = selection.length === 1 && panel.printElements[selection[0]]?.type === 'table' ? selection[0] : -1;
  const surface: TableDesignSurface | null = selectedTable < 0 ? null : {
    selection: cellRange,
    onCellDown(r, c, e) {
      if (e.button !== 0) return;
      e.stopPropagation();
      cellDrag.current = true;
      store.set({ cellRange: { r0: r, c0: c, r1: r, c1: c }, column: { r, c } });
      track(() => {}, () => { cellDrag.current = false; });
    },
    onCellEnter(r, c) {
      const range = store.get().cellRange;
      if (cellDrag.current && range) store.set({ cellRange: { ...range, r1: r, c1: c } });
    },
    onHeaderMenu(e, r, c) {
      e.preventDefault();
      e.stopPropagation();
      const range = store.get().cellRange;
      const inside = range && r >= Math.min(range.r0, range.r1) && r <= Math.max(range.r0, range.r1) && c >= Math.min(range.c0, range.c1) && c <= Math.max(range.c0, range.c1);
      if (!inside) store.set({ cellRange: { r0: r, c0: c, r1: r, c1: c }, column: { r, c } });
      onMenu({ kind: 'table', x: e.clientX, y: e.clientY });
    },
    onResizeStart(boundary, e) {
      e.stopPropagation();
      const s = store.get();
      const element = s.template.panels[s.activePanel].printElements[selectedTable];
      const columns = ((element.options as { columns?: TableColumn[][] }).columns ?? []);
      const widths = toGrid(columns).widths;
      const start = ptAt(e);
      const base = s.template;
      track((ev) => {
        const next = resizeColumns(widths, boundary, ptAt(ev).x - start.x);
        store.preview(setElementOptions(base, s.activePanel, selectedTable, { ...element.options, columns: withWidths(columns, next) }));
      }, () => store.commit('resize', store.get().template));
    },
  };

  const selectedBox = selection.length === 1 && panel.printElements[selection[0]] ? boxOf(panel.printElements[selection[0]]) : null;
  const paperNo = designPaperNumbers(template.panels)[activePanel];
  const numberLeft = panel.paperNumberLeft ?? widthPt - DESIGNER_CONSTANTS.paperNumberFromRight;
  const numberTop = panel.paperNumberTop ?? heightPt - DESIGNER_CONSTANTS.paperNumberFromBottom;

  return (
    <div ref={wrapRef} style={{ padding: '4px 24px 24px 30px', width: 'fit-content' }} data-testid="panel-editable" data-panel={activePanel}>
      <PanelCaption index={activePanel} name={panel.name} editing />
      <div style={{ position: 'relative', transform: `scale(${scale})`, transformOrigin: '0 0', width: `${widthPt}pt`, height: `${heightPt}pt`, marginBottom: `${(scale - 1) * heightPt}pt`, marginRight: `${(scale - 1) * widthPt}pt` }}>
        <Ruler lengthPt={widthPt} />
        <Ruler lengthPt={heightPt} vertical />
        <div ref={setPaper} className="wxy-paper" data-testid="design-paper" style={{ width: `${widthPt}pt`, height: `${heightPt}pt`, boxShadow: '0 0 6px rgba(0,0,0,.25)', fontFamily: panel.fontFamily || undefined }}
          onPointerDown={onPaperDown} onContextMenu={(e) => { e.preventDefault(); onMenu({ kind: 'paper', x: e.clientX, y: e.clientY }); }}>
          {panel.printElements.map((element, i) => (
            <DesignElement key={i} element={element} index={i} selected={selection.includes(i)} surface={i === selectedTable ? surface : null} onDown={onElementDown} onMenu={onElementMenu} />
          ))}
          {(['paperHeader', 'paperFooter'] as const).map((which) => (
            <div key={which} data-testid={`line-${which}`} title={t(which === 'paperHeader' ? 'ui.headerLine' : 'ui.footerLine')}
              style={{ position: 'absolute', left: 0, right: 0, top: `${panel[which] ?? (which === 'paperFooter' ? heightPt : 0)}pt`, borderTop: '1px dashed #fa5252', height: 0, zIndex: 900 }}>
              <span onPointerDown={(e) => onLineDown(which, e)} style={{ position: 'absolute', left: -26, top: -5, width: 24, height: 10, background: '#fa5252', cursor: 'ns-resize', borderRadius: 2 }} />
            </div>
          ))}
          <span className="wxy-paper-number" data-testid="design-paper-number" title={t('ui.paperNumberHint')}
            style={{ left: `${numberLeft}pt`, top: `${numberTop}pt`, opacity: panel.paperNumberDisabled ? 0.3 : 1, textDecoration: panel.paperNumberDisabled ? 'line-through' : undefined, cursor: 'pointer', zIndex: 901 }}
            data-disabled={panel.paperNumberDisabled ? 'true' : 'false'}
            onPointerDown={(e) => e.stopPropagation()}
            onDoubleClick={() => {
              const s = store.get();
              store.commit('edit', updatePanel(s.template, s.activePanel, (p) => {
                const { paperNumberDisabled: _d, ...rest } = p;
                return p.paperNumberDisabled ? rest : { ...rest, paperNumberDisabled: true };
              }));
            }}>{paperNo}</span>
          {selectedBox && (
            <div style={{ position: 'absolute', left: `${selectedBox.left}pt`, top: `${selectedBox.top}pt`, width: `${selectedBox.width}pt`, height: `${selectedBox.height}pt`, pointerEvents: 'none', zIndex: 950, willChange: 'transform' }}>
              {HANDLES.map((h) => (
                <span key={h} data-testid={`handle-${h}`} onPointerDown={(e) => onResizeDown(h, e)} style={{
                  position: 'absolute', width: 7, height: 7, background: '#fff', border: '1px solid #228be6', pointerEvents: 'auto', cursor: `${h}-resize`,
                  left: h.includes('w') ? -4 : h.includes('e') ? 'calc(100% - 3px)' : 'calc(50% - 3px)',
                  top: h.includes('n') ? -4 : h.includes('s') ? 'calc(100% - 3px)' : 'calc(50% - 3px)',
                }} />
              ))}
              <span data-testid="handle-rotate" onPointerDown={onRotateDown} style={{ position: 'absolute', left: 'calc(50% - 4px)', top: -18, width: 8, height: 8, borderRadius: '50%', background: '#228be6', pointerEvents: 'auto', cursor: 'grab' }} />
            </div>
          )}
          {guides.map((g, i) => (
            <div key={i} data-testid="guide-line" style={g.axis === 'x'
              ? { position: 'absolute', left: `${g.at}pt`, top: 0, bottom: 0, borderLeft: '1px dashed #12b886', zIndex: 960, willChange: 'transform' }
              : { position: 'absolute', top: `${g.at}pt`, left: 0, right: 0, borderTop: '1px dashed #12b886', zIndex: 960, willChange: 'transform' }} />
          ))}
          {band && <div data-testid="select-band" style={{ position: 'absolute', left: `${band.left}pt`, top: `${band.top}pt`, width: `${band.width}pt`, height: `${band.height}pt`, border: '1px solid #228be6', background: 'rgba(34,139,230,.08)', zIndex: 970 }} />}
        </div>
      </div>
    </div>
  );
}
