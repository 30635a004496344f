/** The right-click menus: element (copy, paste, delete, layer) and the table header (215 px, §2/§5 rules). */
import { Divider, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGNER_CONSTANTS } from '../../../core/print/options/index.ts';
import type { PrintElementOf, TableColumn } from '../../../core/print/template/index.ts';
import {
  alignCells, deleteColumn, deleteRow, insertColumn, insertRow, menuState, mergeCells, splitCells,
  type HorizontalAlign, type TableMenuAction, type VerticalAlignChoice,
} from '../tableDesign/headerGrid.ts';
import type { DesignerStore } from '../state/designerStore.ts';
import { canMoveLayer, moveLayer, setElementOptions } from '../state/templateOps.ts';
import type { CanvasMenu } from './PaperCanvas.tsx';
import type { ClipboardActions } from './useDesignerKeys.ts';

/** One menu entry; `inline` ones share a row (the alignment buttons), each sized to its label, never wrapped inside. */
function Item({ label, disabled, onClick, testId, inline }: { label: string; disabled?: boolean; onClick: () => void; testId: string; inline?: boolean }) {
  const layout = inline
    ? { flex: '1 1 auto', padding: '4px 4px', textAlign: 'center' as const, whiteSpace: 'nowrap' as const }
    : { display: 'block', width: '100%', padding: '4px 10px' };
  return (
    <UnstyledButton data-testid={testId} disabled={disabled} data-disabled={disabled ? 'true' : 'false'} onClick={onClick}
      style={{ ...layout, fontSize: 13, opacity: disabled ? 0.4 : 1, cursor: disabled ? 'not-allowed' : 'pointer' }}>
      {label}
    </UnstyledButton>
  );
}

function Frame({ menu, width, children, onClose }: { menu: CanvasMenu; width: number; children: ReactNode; onClose: () => void }) {
  useEffect(() => {
    const close = () => onClose();
    window.addEventListener('pointerdown', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('pointerdown', close);
      window.removeEventListener('keydown', close);
    };
  }, [onClose]);
  return (
    <Paper shadow="md" withBorder data-testid={`context-menu-${menu.kind}`} onPointerDown={(e) => e.stopPropagation()}
      style={{ position: 'fixed', left: menu.x, top: menu.y, width, zIndex: 3000, padding: '4px 0' }}>
      {children}
    </Paper>
  );
}

export function ContextMenus({ store, menu, onClose, clipboard }: { store: DesignerStore; menu: CanvasMenu | null; onClose: () => void; clipboard: ClipboardActions }) {
  const { t } = useTranslation();
  if (!menu) return null;
  const run = (fn: () => void) => () => {
    fn();
    onClose();
  };
  if (menu.kind !== 'table') {
    const s = store.get();
    const elements = s.template.panels[s.activePanel]?.printElements ?? [];
    const hasSelection = menu.kind === 'element' && s.selection.some((i) => elements[i] !== undefined);
    const layer = (direction: 'up' | 'down') => {
      const moved = moveLayer(s.template, s.activePanel, s.selection, direction);
      if (moved.template !== s.template) store.commit('edit', moved.template, { selection: moved.selection });
    };
    return (
      <Frame menu={menu} width={140} onClose={onClose}>
        <Item testId="menu-copy" label={t('ui.copy')} disabled={!hasSelection} onClick={run(clipboard.copy)} />
        <Item testId="menu-paste" label={t('ui.paste')} disabled={s.clipboard.length === 0} onClick={run(clipboard.paste)} />
        <Item testId="menu-delete" label={t('ui.delete')} disabled={!hasSelection} onClick={run(clipboard.remove)} />
        <Divider my={2} />
        <Item testId="menu-forward" label={t('ui.bringForward')} disabled={!hasSelection || !canMoveLayer(elements, s.selection, 'up')} onClick={run(() => layer('up'))} />
        <Item testId="menu-backward" label={t('ui.sendBackward')} disabled={!hasSelection || !canMoveLayer(elements, s.selection, 'down')} onClick={run(() => layer('down'))} />
      </Frame>
    );
  }

  const s = store.get();
  const index = s.selection[0];
  const element = s.template.panels[s.activePanel].printElements[index] as PrintElementOf<'table'>;
  const columns = (element?.options.columns ?? []) as TableColumn[][];
  const range = s.cellRange;
  const enabled = menuState(columns, range);
  const apply = (next: TableColumn[][]) => store.commit('batch edit', setElementOptions(s.template, s.activePanel, index, { ...element.options, columns: next }), { cellRange: null, column: null });
  const action = (name: TableMenuAction, fn: () => TableColumn[][]) => (
    <Item key={name} testId={`table-menu-${name}`} label={t(`tableMenu.${name}`)} disabled={!enabled[name]} onClick={run(() => apply(fn()))} />
  );
  const align = (h?: HorizontalAlign, v?: VerticalAlignChoice) => run(() => range && apply(alignCells(columns, range, { horizontal: h, vertical: v })));
  const r = range ?? { r0: 0, c0: 0, r1: 0, c1: 0 };
  return (
    <Frame menu={menu} width={DESIGNER_CONSTANTS.tableContextMenuWidth} onClose={onClose}>
      {action('insertRowAbove', () => insertRow(columns, r, 'above'))}
      {action('insertRowBelow', () => insertRow(columns, r, 'below'))}
      {action('insertColumnLeft', () => insertColumn(columns, r, 'left'))}
      {action('insertColumnRight', () => insertColumn(columns, r, 'right'))}
      {action('deleteRow', () => deleteRow(columns, r))}
      {action('deleteColumn', () => deleteColumn(columns, r))}
      <Divider my={2} />
      <Text size="xs" c="dimmed" px={10}>{t('tableMenu.align')}</Text>
      {/* a long translation moves a whole button to the next line rather than breaking its label */}
      <Group gap={0} px={4} wrap="wrap" data-testid="table-menu-align-row">
        {(['left', 'center', 'right', 'default'] as const).map((h) => (
          <Item key={h} inline testId={`table-menu-align-${h}`} disabled={!range} label={t(`tableMenu.align${h[0].toUpperCase()}${h.slice(1)}`)} onClick={align(h)} />
        ))}
      </Group>
      <Group gap={0} px={4} wrap="wrap" data-testid="table-menu-valign-row">
        {(['top', 'middle', 'bottom', 'default'] as const).map((v) => (
          <Item key={v} inline testId={`table-menu-valign-${v}`} disabled={!range} label={t(`tableMenu.vAlign${v[0].toUpperCase()}${v.slice(1)}`)} onClick={align(undefined, v)} />
        ))}
      </Group>
      <Divider my={2} />
      {action('mergeCells', () => mergeCells(columns, r))}
      {action('splitCells', () => splitCells(columns, r))}
    </Frame>
  );
}
