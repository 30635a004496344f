/**
 * The columns property: a checkbox per column toggles it; a column drags to a new place among the
 * cells of its header row (a group header takes its columns along); a move that would cut a merged
 * header cell is refused with a message.
 */
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../../../core/print/template/index.ts';
import { moveColumnBlock, toGrid } from '../tableDesign/headerGrid.ts';

function Row({ id, column, onToggle, sortable }: { id: string; column: TableColumn; onToggle: (checked: boolean) => void; sortable: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id, disabled: !sortable });
  return (
    <Group ref={setNodeRef} gap={6} wrap="nowrap" style={{ userSelect: 'none', transform: CSS.Transform.toString(transform), transition, padding: '2px 4px', border: '1px solid #eee', borderRadius: 4, background: '#fff' }}>
      {sortable && <span {...attributes} {...listeners} style={{ cursor: 'grab', userSelect: 'none', touchAction: 'none', padding: '0 2px' }} aria-label="drag" data-testid={`column-drag-${column.title ?? id}`}>⠿</span>}
      <Checkbox size="xs" checked={column.checked !== false} onChange={(e) => onToggle(e.currentTarget.checked)} data-testid={`column-visible-${column.title ?? id}`} />
      <Text size="xs" style={{ flex: 1 }}>{column.title || '—'}</Text>
      <Text size="xs" c="dimmed">{column.field ?? column.columnId ?? ''}</Text>
    </Group>
  );
}

export function ColumnsList({ columns, onChange }: { columns: TableColumn[][]; onChange: (columns: TableColumn[][]) => void }) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  // each cell's first grid column: a move is asked for in grid columns of its header row
  const grid = toGrid(columns);
  let k = 0;
  const rows = columns.map((row, r) => row.map((column, j) => {
    const index = k++;
    return { id: `${r}:${j}`, r, j, start: grid.at[r].indexOf(index), column };
  }));
  const toggle = (r: number, j: number, checked: boolean) =>
    onChange(columns.map((row, i) => (i !== r ? row : row.map((col, x) => (x === j ? { ...col, checked } : col)))));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = rows.flat().find((x) => x.id === e.active.id);
    const to = rows.flat().find((x) => x.id === e.over!.id);
    // a cell moves among the cells of its own header row
    if (!from || !to || from.r !== to.r) return;
    const moved = moveColumnBlock(columns, from.r, from.start, to.start);
    setRefused(!moved.ok);
    if (moved.ok) onChange(moved.rows);
  };
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">{t('ui.columnsVisible')} · {t('ui.columnsOrder')}</Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        {rows.map((row, r) => (
          <SortableContext key={r} items={row.map((x) => x.id)} strategy={verticalListSortingStrategy}>
            <Stack gap={4} data-testid={`columns-row-${r}`} style={columns.length > 1 ? { borderLeft: '2px solid #dee2e6', paddingLeft: 4 } : undefined}>
              {row.map((x) => <Row key={x.id} id={x.id} column={x.column} sortable onToggle={(checked) => toggle(x.r, x.j, checked)} />)}
            </Stack>
          </SortableContext>
        ))}
      </DndContext>
      {refused && <Alert color="red" p={6} data-testid="columns-move-error"><Text size="xs">{t('ui.columnMoveBreaksMerge')}</Text></Alert>}
    </Stack>
  );
}
