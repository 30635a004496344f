/** The element palette: each type is a @dnd-kit draggable dropped onto the paper. */
import { useDraggable } from '@dnd-kit/core';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementType } from '../../../core/print/template/index.ts';
import { PALETTE_TYPES } from '../elements/registry.ts';

// the picture is a Tabler icon: the emoji 🖼 has no glyph in the fonts the back office ships with (an empty box)
const ICONS: Record<ElementType, ReactNode> = {
  text: 'T', longText: '¶', table: '▦', image: <IconPhoto size={16} stroke={1.75} style={{ verticalAlign: 'middle' }} aria-hidden />, html: '</>', hline: '—', vline: '|', rect: '▭', oval: '◯', barcode: '▮▯▮', qrcode: '▣',
};

function PaletteItem({ type }: { type: ElementType }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `palette-${type}`, data: { type } });
  return (
    <Paper ref={setNodeRef} {...listeners} {...attributes} withBorder p={4} data-testid={`palette-${type}`}
      style={{ cursor: 'grab', textAlign: 'center', opacity: isDragging ? 0.5 : 1, touchAction: 'none', userSelect: 'none' }}>
      <Text size="sm" fw={600} data-testid={`palette-icon-${type}`}>{ICONS[type]}</Text>
      <Text size="xs">{t(`elements.${type}`)}</Text>
    </Paper>
  );
}

export function Palette() {
  const { t } = useTranslation();
  return (
    <div data-testid="palette">
      <Text size="sm" fw={600} mb={4}>{t('ui.palette')}</Text>
      <Text size="xs" c="dimmed" mb={6}>{t('ui.dragHint')}</Text>
      <SimpleGrid cols={2} spacing={6}>
        {PALETTE_TYPES.map((type) => <PaletteItem key={type} type={type} />)}
      </SimpleGrid>
    </div>
  );
}
