import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconColumns, IconMaximize, IconMinimize, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ActionDecl, DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import type { CsvColumn } from '../export/csv';
import { ExportControls } from '../export/ExportControls';
import { type ResolvedRoute, resolveRoute } from '../runtime/screenModel';

export interface ListToolbarProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  /** the toolbar and bulk actions the user may run */
  toolbar: ActionDecl[];
  bulkActions: ActionDecl[];
  /** the action whose call runs, shown loading */
  runningAction: string | null;
  selectedCount: number;
  listRoute: ResolvedRoute;
  request: Record<string, unknown>;
  csvColumns: () => CsvColumn[];
  onAction: (action: ActionDecl) => void;
  onRefresh: () => void;
  onColumns: () => void;
  fullScreen: { on: boolean; toggle: () => void };
}

/** The bar above a list's table: toolbar actions (export, import, add…), bulk actions, refresh, 设置显示字段, full screen. */
export function ListToolbar({ set, screen, toolbar, bulkActions, runningAction, selectedCount, listRoute, request, csvColumns, onAction, onRefresh, onColumns, fullScreen }: ListToolbarProps) {
  const { t } = useTranslation();
  const exportRoute = screen.export?.server ? resolveRoute(set, screen, screen.export.server) : null;
  const title = t(screen.title);
  return (
    <Group justify="space-between" mb="sm">
      <Group gap="xs">
        {toolbar.map((action) => {
          if (action.kind === 'export') {
            return screen.export?.browser === false && !exportRoute ? null : (
              <ExportControls key={action.id} title={screen.export ? t(screen.export.fileName) : title} listEndpoint={listRoute}
                query={() => request} columns={csvColumns} serverExport={exportRoute ?? undefined} browser={screen.export?.browser !== false} testId={screen.name} />
            );
          }
          if (action.kind === 'columns') return null;
          return (
            <Button key={action.id} variant={action.kind === 'form' ? 'filled' : 'light'} color={action.danger ? 'red' : undefined}
              data-testid={`${screen.name}-toolbar-${action.id}`} onClick={() => onAction(action)}>{t(action.label)}</Button>
          );
        })}
        {bulkActions.map((action) => (
          <Button key={action.id} variant="light" color={action.danger ? 'red' : undefined} disabled={selectedCount === 0}
            loading={runningAction === action.id} data-testid={`${screen.name}-bulk-${action.id}`} onClick={() => onAction(action)}>{t(action.label)}</Button>
        ))}
        {bulkActions.length > 0 && <Text size="sm" c="dimmed">{t('engine.selected', { count: selectedCount })}</Text>}
      </Group>
      <Group gap={4}>
        <Tooltip label={t('engine.refresh')}><ActionIcon variant="default" onClick={onRefresh} aria-label={t('engine.refresh')} data-testid={`${screen.name}-refresh`}><IconRefresh size={18} /></ActionIcon></Tooltip>
        {toolbar.some((a) => a.kind === 'columns') && (
          <Tooltip label={t('engine.columns.button')}><ActionIcon variant="default" onClick={onColumns} aria-label={t('engine.columns.button')} data-testid={`${screen.name}-columns`}><IconColumns size={18} /></ActionIcon></Tooltip>
        )}
        <Tooltip label={t(fullScreen.on ? 'engine.fullScreen.exit' : 'engine.fullScreen.enter')}>
          <ActionIcon variant="default" aria-label={t(fullScreen.on ? 'engine.fullScreen.exit' : 'engine.fullScreen.enter')} onClick={fullScreen.toggle} data-testid={`${screen.name}-fullscreen`}>{fullScreen.on ? <IconMinimize size={18} /> : <IconMaximize size={18} />}</ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
