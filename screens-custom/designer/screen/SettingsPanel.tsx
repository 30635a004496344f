/**
 * The settings side panel: tabs basic / style / border / column / advanced for the selected
 * element, the clicked table column ('<title> column properties'), or the paper when nothing is
 * selected; a confirm button for typed values and a delete button.
 */
import { Alert, Button, Group, ScrollArea, Tabs, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { headerFooterLinesValid, isPaperTypeName, paperSize } from '../../../core/print/paper/index.ts';
import type { Panel, PrintElement, PrintElementOf, TableColumn } from '../../../core/print/template/index.ts';
import { pluginFor } from '../elements/registry.ts';
import { COLUMN_PROPERTIES, ELEMENT_PROPERTIES, PANEL_PROPERTIES, PROPERTY_TABS, type HostContext, type PropertyDef, type PropertyTab, type Target } from '../properties/catalogue.ts';
import { toGrid, splitTitleField, updateCell } from '../tableDesign/headerGrid.ts';
import { useDesigner, type DesignerStore } from '../state/designerStore.ts';
import { deleteElements, setElementOptions, updatePanel } from '../state/templateOps.ts';
import { PropertyControl } from './PropertyControl.tsx';

const PANEL_TABS: Partial<Record<PropertyTab, readonly string[]>> = {
  basic: ['name', 'paperType', 'width', 'height', 'orient'],
  style: ['fontFamily', 'watermarkOptions', 'layoutType', 'layoutRowGap', 'layoutColumnGap'],
  advanced: [
    'paperHeader', 'paperFooter', 'firstPaperFooter', 'evenPaperFooter', 'oddPaperFooter', 'lastPaperFooter', 'paperNumberLeft', 'paperNumberTop',
    'paperNumberDisabled', 'paperNumberContinue', 'paperNumberFormat', 'panelPaperRule', 'panelPageRule', 'topOffset', 'leftOffset', 'rotate',
  ],
};
const COLUMN_TABS: Partial<Record<PropertyTab, readonly string[]>> = {
  basic: ['title', 'field', 'width', 'tableTextType', 'tableBarcodeMode', 'tableQRCodeLevel', 'tableColumnHeight', 'upperCase'],
  style: ['align', 'halign', 'vAlign', 'paddingLeft', 'paddingRight'],
  column: ['tableSummary', 'tableSummaryTitle', 'tableSummaryText', 'tableSummaryColspan', 'tableSummaryAlign', 'tableSummaryNumFormat'],
  advanced: ['renderFormatter', 'formatter2', 'styler2', 'stylerHeader', 'tableSummaryFormatter'],
};

type Subject =
  | { kind: 'element'; index: number; element: PrintElement }
  | { kind: 'column'; index: number; element: PrintElementOf<'table'>; r: number; c: number; cell: TableColumn }
  | { kind: 'panel'; panel: Panel };

export function SettingsPanel({ store, host }: { store: DesignerStore; host: HostContext }) {
  const { t } = useTranslation();
  const template = useDesigner(store, (s) => s.settled);
  const activePanel = useDesigner(store, (s) => s.activePanel);
  const selection = useDesigner(store, (s) => s.selection);
  const column = useDesigner(store, (s) => s.column);
  const panel = template.panels[activePanel];

  const subject: Subject = useMemo(() => {
    if (selection.length === 1 && panel.printElements[selection[0]]) {
      const element = panel.printElements[selection[0]];
      if (column && element.type === 'table') {
        const grid = toGrid(element.options.columns ?? []);
        const i = grid.at[column.r]?.[column.c];
        if (i !== undefined) return { kind: 'column', index: selection[0], element, r: column.r, c: column.c, cell: grid.cells[i] };
      }
      return { kind: 'element', index: selection[0], element };
    }
    return { kind: 'panel', panel };
  }, [selection, panel, column]);

  const catalogue = subject.kind === 'element' ? ELEMENT_PROPERTIES : subject.kind === 'column' ? COLUMN_PROPERTIES : PANEL_PROPERTIES;
  const tabs = subject.kind === 'element' ? pluginFor(subject.element.type).propPanel : subject.kind === 'column' ? COLUMN_TABS : PANEL_TABS;
  const stored: Target = subject.kind === 'element' ? (subject.element.options as Target) : subject.kind === 'column' ? (subject.cell as Target) : (subject.panel as unknown as Target);
  const [draft, setDraft] = useState<Target>(stored);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('basic');
  useEffect(() => {
    setDraft(stored);
    setError(null);
  }, [stored]);

  /** Write a target into the template, recording history. */
  const commit = (next: Target) => {
    const s = store.get();
    if (subject.kind === 'element') {
      store.commit('batch edit', setElementOptions(s.template, s.activePanel, subject.index, next));
    } else if (subject.kind === 'column') {
      const split = typeof next.title === 'string' && next.title !== subject.cell.title ? splitTitleField(next.title) : {};
      const columns = updateCell((subject.element.options.columns ?? []) as TableColumn[][], subject.r, subject.c, () => ({ ...(next as TableColumn), ...split }));
      store.commit('batch edit', setElementOptions(s.template, s.activePanel, subject.index, { ...subject.element.options, columns }));
    } else {
      let p = next as unknown as Panel;
      if (p.paperType && p.paperType !== subject.panel.paperType && isPaperTypeName(p.paperType)) p = { ...p, ...paperSize(p.paperType) };
      if (!headerFooterLinesValid(Number(p.paperHeader ?? 0), Number(p.paperFooter))) {
        setError(t('messages.headerFooterGap'));
        return;
      }
      store.commit('batch edit', updatePanel(s.template, s.activePanel, () => p));
    }
    setError(null);
  };

  const change = (p: PropertyDef) => (value: unknown, immediate: boolean) => {
    // the src chooser's auto-size hands back src + width + height together
    const next = p.name === 'src' && value && typeof value === 'object' ? { ...draft, ...(value as Target) } : p.write(draft, value);
    setDraft(next);
    if (immediate) commit(next);
  };

  const heading = subject.kind === 'column'
    ? t('ui.columnProperties', { title: subject.cell.title ?? '' })
    : subject.kind === 'element' ? `${t('ui.elementSettings')} · ${t(`elements.${subject.element.type}`)}` : `${t('ui.paperSettings')} · ${t('ui.panel')} ${activePanel + 1}`;

  return (
    <div data-testid="settings-panel" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Title order={6} mb={6} data-testid="settings-title">{heading}</Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false} style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <Tabs.List grow>
          {PROPERTY_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} disabled={!tabs[name]?.length} data-testid={`settings-tab-${name}`} px={4}>{t(`tabs.${name}`)}</Tabs.Tab>
          ))}
        </Tabs.List>
        {PROPERTY_TABS.map((name) => (
          <Tabs.Panel key={name} value={name} pt="xs" style={{ flex: 1, minHeight: 0 }}>
            <ScrollArea h="100%" type="auto" offsetScrollbars>
              {(tabs[name] ?? []).map((prop) => catalogue[prop] && (
                <PropertyControl key={prop} property={catalogue[prop]} target={draft} host={host} onChange={change(catalogue[prop])} />
              ))}
            </ScrollArea>
          </Tabs.Panel>
        ))}
      </Tabs>
      {error && <Alert color="red" p="xs" mt="xs" data-testid="settings-error"><Text size="xs">{error}</Text></Alert>}
      <Group mt="xs" grow>
        <Button size="xs" onClick={() => commit(draft)} data-testid="settings-confirm">{t('ui.confirm')}</Button>
        <Button size="xs" color="red" variant="light" disabled={subject.kind === 'panel'} data-testid="settings-delete"
          onClick={() => {
            if (subject.kind === 'panel') return;
            const s = store.get();
            store.commit('delete', deleteElements(s.template, s.activePanel, [subject.index]), { selection: [], column: null, cellRange: null });
          }}>
          {t('ui.delete')}
        </Button>
      </Group>
    </div>
  );
}
