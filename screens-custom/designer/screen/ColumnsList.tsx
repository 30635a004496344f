/** The columns property: a checkbox per column toggles it; with one header row, rows drag to reorder. */
import { DndContext, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TableColumn } from '../core/template/index.ts';

function Row({ id, column, onToggle, sortable }: { id: string; column: TableColumn; onToggle: (checked: boolean) => void; sortable: boolean }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id, disabled: !sortable });
  return (
    <Group ref={setNodeRef} gap={6} wrap="nowrap" style={{ transform: CSS.Transform.toString(transform), transition, padding: '2px 4px', border: '1px solid #eee', borderRadius: 4, background: '#fff' }}>
      {sortable && <span {...attributes} {...listeners} style={{ cursor: 'grab' }} aria-label="drag">⠿</span>}
      <Checkbox size="xs" checked={column.checked !== false} onChange={(e) => onToggle(e.currentTarget.checked)} data-testid={`column-visible-${column.title ?? id}`} />
      <Text size="xs" style={{ flex: 1 }}>{column.title || '—'}</Text>
      <Text size="xs" c="dimmed">{column.field ?? column.columnId ?? ''}</Text>
    </Group>
  );
}

export function ColumnsList({ columns, onChange }: { columns: TableColumn[][]; onChange: (columns: TableColumn[][]) => void }) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const sortable = columns.length === 1;
  const flat = columns.flatMap((row, r) => row.map((column, c) => ({ id: `${r}:${c}`, r, c, column })));
  const toggle = (r: number, c: number, checked: boolean) =>
    onChange(columns.map((row, i) => (i !== r ? row : row.map((col, j) => (j === c ? { ...col, checked } : col)))));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = Number(String(e.active.id).split(':')[1]);
    const to = Number(String(e.over.id).split(':')[1]);
    onChange([arrayMove(columns[0], from, to)]);
  };
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">{t('ui.columnsVisible')}{sortable ? ` · ${t('ui.columnsOrder')}` : ''}</Text>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={flat.map((f) => f.id)} strategy={verticalListSortingStrategy}>
          {flat.map((f) => <Row key={f.id} id={f.id} column={f.column} sortable={sortable} onToggle={(checked) => toggle(f.r, f.c, checked)} />)}
        </SortableContext>
      </DndContext>
    </Stack>
  );
}
