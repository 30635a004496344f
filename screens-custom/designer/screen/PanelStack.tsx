/**
 * Every paper panel of the template, one under the other (spec 001 §2, §4): the active panel is the
 * editable PaperCanvas; the others are drawn read-only and dimmed, with their header and footer
 * lines, rulers and paper number, and a click on one makes it the panel being edited.
 */
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGNER_CONSTANTS } from '../../../core/print/options/index.ts';
import { designPaperNumbers } from '../../../core/print/paginate/index.ts';
import { units } from '../../../core/print/paper/index.ts';
import type { Panel, PrintElement } from '../../../core/print/template/index.ts';
import { ElementContent, boxOf, frameStyle } from '../render/ElementView.tsx';
import { useDesigner, type DesignerStore } from '../state/designerStore.ts';
import { PanelCaption, PaperCanvas, Ruler, type CanvasMenu } from './PaperCanvas.tsx';

const ReadOnlyElement = memo(function ReadOnlyElement({ element }: { element: PrintElement }) {
  return (
    <div style={{ ...frameStyle(element, boxOf(element)), overflow: element.type === 'table' ? 'visible' : 'hidden' }} data-testid="readonly-element" data-type={element.type}>
      <ElementContent element={element} mode="design" />
    </div>
  );
});

/** A panel that is not being edited: same paper, nothing reacts but the click that activates it. */
export const InactivePaper = memo(function InactivePaper({ panel, index, paperNumber, onActivate }: { panel: Panel; index: number; paperNumber: string; onActivate: (index: number) => void }) {
  const { t } = useTranslation();
  const widthPt = units.mmToPt(panel.width);
  const heightPt = units.mmToPt(panel.height);
  const scale = panel.scale && panel.scale > 0 ? panel.scale : 1;
  const numberLeft = panel.paperNumberLeft ?? widthPt - DESIGNER_CONSTANTS.paperNumberFromRight;
  const numberTop = panel.paperNumberTop ?? heightPt - DESIGNER_CONSTANTS.paperNumberFromBottom;
  return (
    <div style={{ padding: '4px 24px 24px 30px', width: 'fit-content', cursor: 'pointer' }} data-testid="panel-readonly" data-panel={index}
      title={t('ui.panelReadOnly')} onClick={() => onActivate(index)}>
      <PanelCaption index={index} name={panel.name} editing={false} />
      <div style={{ position: 'relative', transform: `scale(${scale})`, transformOrigin: '0 0', width: `${widthPt}pt`, height: `${heightPt}pt`, marginBottom: `${(scale - 1) * heightPt}pt`, marginRight: `${(scale - 1) * widthPt}pt`, opacity: 0.55 }}>
        <Ruler lengthPt={widthPt} />
        <Ruler lengthPt={heightPt} vertical />
        <div className="wxy-paper" data-testid="design-paper-readonly" style={{ width: `${widthPt}pt`, height: `${heightPt}pt`, boxShadow: '0 0 4px rgba(0,0,0,.2)', fontFamily: panel.fontFamily || undefined, pointerEvents: 'none' }}>
          {panel.printElements.map((element, i) => <ReadOnlyElement key={i} element={element} />)}
          {(['paperHeader', 'paperFooter'] as const).map((which) => (
            <div key={which} style={{ position: 'absolute', left: 0, right: 0, top: `${panel[which] ?? (which === 'paperFooter' ? heightPt : 0)}pt`, borderTop: '1px dashed #fa5252', height: 0, zIndex: 900 }} />
          ))}
          <span className="wxy-paper-number" style={{ left: `${numberLeft}pt`, top: `${numberTop}pt`, opacity: panel.paperNumberDisabled ? 0.3 : 1, textDecoration: panel.paperNumberDisabled ? 'line-through' : undefined, zIndex: 901 }}>
            {paperNumber}
          </span>
        </div>
      </div>
    </div>
  );
});

export function PanelStack({ store, onMenu }: { store: DesignerStore; onMenu: (menu: CanvasMenu) => void }) {
  const panels = useDesigner(store, (s) => s.template.panels);
  const active = useDesigner(store, (s) => s.activePanel);
  const paperNumbers = useMemo(() => designPaperNumbers(panels), [panels]);
  // after the first render, a panel that becomes editable scrolls into view
  const opened = useRef(false);
  useEffect(() => {
    opened.current = true;
  }, []);
  const activate = useCallback((index: number) => store.set({ activePanel: index, selection: [], cellRange: null, column: null }), [store]);
  return (
    <div data-testid="panel-stack">
      {panels.map((panel, i) => (i === active
        ? <PaperCanvas key={`edit-${i}`} store={store} onMenu={onMenu} reveal={opened.current} />
        : <InactivePaper key={`view-${i}`} panel={panel} index={i} paperNumber={paperNumbers[i]} onActivate={activate} />))}
    </div>
  );
}
