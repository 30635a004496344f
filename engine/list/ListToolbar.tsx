import { ActionIcon, Button, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconColumns, IconLayoutList, IconMaximize, IconMinimize, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActionDecl, DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import type { CsvColumn } from '../export/csv';
import { ExportControls } from '../export/ExportControls';
import { type ResolvedRoute, resolveRoute } from '../runtime/screenModel';
import type { GroupChoice } from './listState';

/** A choice of the 分组 menu: a column, and for a date its day or month. */
export interface GroupOption {
  choice: GroupChoice;
  label: string;
}

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
  /** The columns the list may be grouped on (none: no 分组 menu), the current choice and how to change it. */
  groupOptions: GroupOption[];
  group: GroupChoice | null;
  onGroup: (group: GroupChoice | null) => void;
  /** The saved views menu (engine/list/ViewMenu), beside 分组. */
  views?: ReactNode;
}

const sameGroup = (a: GroupChoice | null, b: GroupChoice) => Boolean(a && a.field === b.field && (a.unit ?? 'day') === (b.unit ?? 'day'));

/** The bar above a list's table: toolbar actions (export, import, add…), bulk actions, refresh, 设置显示字段, full screen. */
export function ListToolbar({ set, screen, toolbar, bulkActions, runningAction, selectedCount, listRoute, request, csvColumns, onAction, onRefresh, onColumns, fullScreen, groupOptions, group, onGroup, views }: ListToolbarProps) {
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
                query={() => ({ ...request, ...(action.body ?? {}) })} columns={csvColumns} serverExport={exportRoute ?? undefined} browser={screen.export?.browser !== false} testId={screen.name} />
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
        {views}
        {groupOptions.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant={group ? 'light' : 'default'} leftSection={<IconLayoutList size={16} />} data-testid={`${screen.name}-group`}>{t('engine.group.button')}</Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
              {groupOptions.map((o) => (
                <Menu.Item key={`${o.choice.field}:${o.choice.unit ?? ''}`} data-testid={`${screen.name}-group-${o.choice.field}${o.choice.unit ? `-${o.choice.unit}` : ''}`}
                  rightSection={sameGroup(group, o.choice) ? <IconCheck size={14} /> : null} onClick={() => onGroup(o.choice)}>{o.label}</Menu.Item>
              ))}
              {group && <Menu.Divider />}
              {group && <Menu.Item data-testid={`${screen.name}-group-off`} onClick={() => onGroup(null)}>{t('engine.group.off')}</Menu.Item>}
            </Menu.Dropdown>
          </Menu>
        )}
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
