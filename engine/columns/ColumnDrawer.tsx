import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconX } from '@tabler/icons-react';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Checkbox, Drawer, Group, Paper, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyWarning } from '../../src/feedback/notify';
import { type FieldOption, type HeaderColumn, moveProp, selectedProps } from './columnConfig';

/** Spec 000 §2: the 设置显示字段 drawer is 1350 px wide. */
export const COLUMN_DRAWER_WIDTH = 1350;

function ChosenField({ field, index, count, onMove, onRemove }: { field: FieldOption; index: number; count: number; onMove: (step: -1 | 1) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: field.prop });
  return (
    <Paper ref={sortable.setNodeRef} withBorder px="sm" py={6} data-testid="column-chosen" data-prop={field.prop}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition, opacity: sortable.isDragging ? 0.6 : 1 }}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" {...sortable.attributes} {...sortable.listeners} style={{ cursor: 'grab', flex: 1 }}>
          <IconGripVertical size={16} color="var(--mantine-color-dimmed)" data-testid="column-grip" />
          <Text size="sm">{field.label}</Text>
          {field.parent && <Badge size="xs" variant="light">{field.parent}</Badge>}
        </Group>
        <Group gap={2} wrap="nowrap">
          <ActionIcon size="sm" variant="subtle" aria-label={t('engine.columns.up')} disabled={index === 0} onClick={() => onMove(-1)} data-testid="column-up"><IconArrowUp size={16} /></ActionIcon>
          <ActionIcon size="sm" variant="subtle" aria-label={t('engine.columns.down')} disabled={index === count - 1} onClick={() => onMove(1)} data-testid="column-down"><IconArrowDown size={16} /></ActionIcon>
          <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('engine.columns.remove')} onClick={onRemove}><IconX size={16} /></ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

function DrawerBody(props: { fields: FieldOption[]; saved: HeaderColumn[] | null; saving: boolean; onSave: (props: string[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  // The drawer's working copy; the saved header stays in the query cache until 保存.
  const [order, setOrder] = useState<string[]>(() => selectedProps(props.fields, props.saved));
  const byProp = new Map(props.fields.map((f) => [f.prop, f]));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const toggle = (prop: string, on: boolean) => setOrder((current) => (on ? (current.includes(prop) ? current : [...current, prop]) : current.filter((p) => p !== prop)));
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    setOrder((current) => arrayMove(current, current.indexOf(String(active.id)), current.indexOf(String(over.id))));
  };
  const groups = new Map<string, FieldOption[]>();
  for (const field of props.fields) groups.set(field.parent ?? '', [...(groups.get(field.parent ?? '') ?? []), field]);
  const save = () => (order.length === 0 ? notifyWarning({ key: 'engine.columns.atLeastOne' }) : props.onSave(order));

  return (
    <Stack h="100%">
      <SimpleGrid cols={2} spacing="lg" style={{ flex: 1, minHeight: 0 }}>
        <Stack gap="xs" mih={0}>
          <Group justify="space-between">
            <Title order={5}>{t('engine.columns.available')}</Title>
            <Checkbox label={t('engine.columns.selectAll')} data-testid="column-select-all" checked={order.length === props.fields.length}
              indeterminate={order.length > 0 && order.length < props.fields.length}
              onChange={(e) => setOrder(e.currentTarget.checked ? props.fields.map((f) => f.prop) : [])} />
          </Group>
          <ScrollArea h="calc(100vh - 200px)">
            <Stack gap="sm">
              {[...groups.entries()].map(([parent, fields]) => (
                <Stack key={parent} gap={6}>
                  {parent && <Text size="sm" fw={600}>{parent}</Text>}
                  <SimpleGrid cols={3} spacing={6}>
                    {fields.map((field) => (
                      <Checkbox key={field.prop} label={field.label} checked={order.includes(field.prop)} data-testid="column-option" data-prop={field.prop}
                        onChange={(e) => toggle(field.prop, e.currentTarget.checked)} />
                    ))}
                  </SimpleGrid>
                </Stack>
              ))}
            </Stack>
          </ScrollArea>
        </Stack>
        <Stack gap="xs" mih={0}>
          <Title order={5}>{t('engine.columns.chosen')}</Title>
          <ScrollArea h="calc(100vh - 200px)">
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={order} strategy={verticalListSortingStrategy}>
                <Stack gap={4}>
                  {order.map((prop, index) => {
                    const field = byProp.get(prop);
                    return field ? (
                      <ChosenField key={prop} field={field} index={index} count={order.length}
                        onMove={(step) => setOrder((current) => moveProp(current, prop, step))} onRemove={() => toggle(prop, false)} />
                    ) : null;
                  })}
                </Stack>
              </SortableContext>
            </DndContext>
          </ScrollArea>
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>{t('common.cancel')}</Button>
        <Button loading={props.saving} onClick={save} data-testid="column-save">{t('common.save')}</Button>
      </Group>
    </Stack>
  );
}

/** 设置显示字段: choose the columns and their order; every field is chosen when nothing is saved. */
export function ColumnDrawer(props: { opened: boolean; onClose: () => void; fields: FieldOption[]; saved: HeaderColumn[] | null; saving: boolean; onSave: (props: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={props.opened} onClose={props.onClose} position="right" size={COLUMN_DRAWER_WIDTH} title={t('engine.columns.title')} data-testid="column-drawer">
      {/* Mounted only while open, so each opening starts from what is saved. */}
      {props.opened && <DrawerBody fields={props.fields} saved={props.saved} saving={props.saving} onSave={props.onSave} onCancel={props.onClose} />}
    </Drawer>
  );
}
