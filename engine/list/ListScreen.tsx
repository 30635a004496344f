import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { MenuNode } from '../../src/api/types';
import { notifySuccess } from '../../src/feedback/notify';
import { ROW_DIALOGS } from '../../src/router/rowDialogs';
import { hasPermission } from '../../src/permission/permission';
import { appState } from '../../src/store/appStore';
import { useView } from '../../src/tabs/ViewContext';
import type { PanelKey } from '../../core/descriptors/widgetKeys.ts';
import { PANEL_IMPLEMENTATIONS } from '../../widgets/panels';
import { ColumnDrawer } from '../columns/ColumnDrawer';
import { savedWidths, selectedProps } from '../columns/columnConfig';
import { followJob, isJobView } from '../jobs/followJob';
import { lazyNamed } from '../../src/router/lazyPage';
import { type DescriptorSet, type ScreenDescriptor, hiddenFields } from '../../core/descriptors/index.ts';
import { groupKindOf } from '../../core/descriptors/grouping.ts';
import { defaultColumnProps, fieldOptions, filterDeclOf, resolveRoute, rowMatches, screenFormContext, visibleColumns } from '../runtime/screenModel';
import { DataTable } from './DataTable';
import { csvColumnsOf, listColumnDefs, useCellRenderers } from './listColumns';
import { ReportSummary } from '../report/ReportSummary';
import type { ColumnDecl } from '../../core/descriptors/index.ts';
import type { RowData } from '../runtime/screenModel';
import { ListFilters } from './ListFilters';
import { GroupSummary, groupFilter } from './GroupSummary';
import { type GroupOption, ListToolbar } from './ListToolbar';
import { ViewMenu } from './ViewMenu';
import { Pager } from './Pager';
import { applyFilters, selectedIds, setGroup, setPage, setPageSize, setSelection, setSorting } from './listState';
import { scrollToTop, useFullScreen } from './screenChrome';
import { SnapshotNotice } from './SnapshotNotice';
import { useColumnSettings } from './useColumnSettings';
import { useListActions } from './useListActions';
import { useListRecords } from './useListRecords';
import { usePersistedListState } from './usePersistedListState';
import type { ListState } from './listState';

// recharts loads only with a report that draws a chart.
const ReportChart = lazy(() => import('../report/ReportChart'));

// What a list does not draw until asked (a form, an import, a drill-down): chunks of their own, so a list opens light.
const FormDialog = lazyNamed(() => import('../forms/FormDialog'), 'FormDialog');
const ImportDialog = lazyNamed(() => import('../importer/ImportDialog'), 'ImportDialog');
const DrillDrawer = lazyNamed(() => import('../report/DrillDrawer'), 'DrillDrawer');
import { useTableHeight } from './useTableHeight';

/**
 * In full screen the list covers the page. z-index 200 is the sidebar's and Mantine's dialogs' level: the list
 * comes after the sidebar in the page and before the dialogs, menus and messages portalled to the end of the body.
 */
const FULL_SCREEN_STYLE = { position: 'fixed', inset: 0, zIndex: 200, overflow: 'auto', padding: 'var(--mantine-spacing-sm)' } as const;

/** One stable opener per setter (the cell renderers are memoised on it). */
const openers = new WeakMap<object, (column: ColumnDecl, row: RowData) => void>();
function setDrillRow(set: (v: { column: ColumnDecl; row: RowData }) => void) {
  let open = openers.get(set);
  if (!open) openers.set(set, (open = (column, row) => set({ column, row })));
  return open;
}

export interface ListScreenProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
}

/**
 * The generic list screen of a screen descriptor: filter form, toolbar (add, export, import,
 * 设置显示字段, full screen), bulk actions, the table with row actions, and the pager.
 * The user's choices live in one valtio store (kept alive with the tab); records live in TanStack Query.
 */
export function ListScreen({ set, screen }: ListScreenProps) {
  const view = useView();
  const app = useSnapshot(appState);
  const userId = app.user?.userId ?? app.user?.id ?? '';
  const persisted = usePersistedListState(screen, view.path, `${app.tenantId}:${userId}`);
  return <ListBody set={set} screen={screen} persisted={persisted} />;
}

export interface ListBodyProps extends ListScreenProps {
  /** The list's choices: its own, or a report's shared by its tabs. */
  persisted: { state: ListState; restored: boolean };
  /** false: the filters are drawn above, by the report whose tab this list is (its saved views are the report's to have, not a tab's). */
  showFilters?: boolean;
}

/** The list itself over a given state (a report's tabs share one: the same filters, each tab its route and columns). */
export function ListBody({ set, screen, persisted, showFilters = true }: ListBodyProps) {
  const { t } = useTranslation();
  const view = useView();
  const resource = set.resources.get(screen.resource)!;
  const rowKey = screen.rowKey ?? resource.primaryKey;
  const app = useSnapshot(appState);
  const menuList = app.menuList as MenuNode[];
  const granted = (app.user?.fieldPermissionNames ?? []) as string[];
  const can = (perm?: string) => !perm || hasPermission(menuList, perm);
  const userId = app.user?.userId ?? app.user?.id ?? '';

  const { state, restored } = persisted;
  const snap = useSnapshot(state);
  const fullScreen = useFullScreen();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Measured from the table's own top edge (its scroll viewport), so the 86 px reserve is exact.
  const height = useTableHeight(scrollRef, view.active);
  const formContext = useMemo(() => screenFormContext(set, screen), [set, screen]);

  const columns = useMemo(() => visibleColumns(set, screen, granted), [set, screen, granted]);
  const hidden = useMemo(() => hiddenFields(resource, granted, screen.fieldPermissions), [resource, granted, screen.fieldPermissions]);
  const options = useMemo(() => fieldOptions(columns, (k) => t(k)), [columns, t]);
  // A report's drill-down: the figure clicked and the rows it is made of, in a drawer.
  const [drill, setDrill] = useState<{ column: ColumnDecl; row: RowData } | null>(null);
  const renderers = useCellRenderers(screen.columns, set, screen, setDrillRow(setDrill));
  const { header, saveColumns, drawerOpen, setDrawerOpen } = useColumnSettings(screen, resource, options, userId);
  const shownProps = header.data ? selectedProps(options, header.data) : defaultColumnProps(columns);
  const widths = savedWidths(header.data);
  const tableColumns = useMemo(() => listColumnDefs(columns, shownProps, renderers, widths, resource.sortable, (k) => t(k)),
    // the shown props by value: the array is made anew on every render
    [columns, shownProps.join(','), renderers, widths, resource.sortable, t]);

  const { list, listRoute, request, rows, total, notCollected, refresh } = useListRecords(set, screen, state, view.query);
  const report = screen.report;
  const answer = list.data as Record<string, unknown> | undefined;
  const notice = report?.notice && typeof answer?.[report.notice] === 'string' && answer[report.notice] ? String(answer[report.notice]) : null;
  const { runAction, runningAction, form, setForm, dialog, setDialog, importOpen, setImportOpen } = useListActions({ set, screen, state, refresh, openColumns: () => setDrawerOpen(true) });
  const Dialog = dialog?.action.dialog ? ROW_DIALOGS[dialog.action.dialog] : undefined;

  // 分组: the shown columns of dictionaries, flags, dates (by day or month) and references' names, when the list's
  // page route is the engine's own (a custom handler answers no groups).
  const groupOptions = useMemo<GroupOption[]>(() => listRoute.route.action !== 'page' ? [] : columns.flatMap((c) => {
    const kind = groupKindOf(resource, c.field);
    if (!kind) return [];
    const label = t(c.label);
    return kind === 'date'
      ? [{ choice: { field: c.field, unit: 'day' as const }, label: `${label}${t('engine.group.byDay')}` }, { choice: { field: c.field, unit: 'month' as const }, label: `${label}${t('engine.group.byMonth')}` }]
      : [{ choice: { field: c.field }, label }];
  }), [listRoute, columns, resource, t]);
  const group = snap.group && groupOptions.some((o) => o.choice.field === snap.group!.field) ? snap.group : null;
  const pickGroup = (key: unknown) => {
    const found = group && groupFilter(resource, screen.filters ?? [], group, key);
    if (!found) return;
    state.draft = { ...state.draft, [found[0]]: found[1] };
    applyFilters(state);
  };

  const rowActions = (screen.rowActions ?? []).filter((a) => can(a.perm));
  const bulkActions = (screen.bulkActions ?? []).filter((a) => can(a.perm));
  const toolbar = (screen.toolbar ?? []).filter((a) => can(a.perm));
  const importDecl = screen.import;
  const title = t(screen.title);

  return (
    <Stack gap="sm" data-testid={`screen-${screen.name}`}
      style={fullScreen.on ? { ...FULL_SCREEN_STYLE, background: 'var(--mantine-color-body)' } : { background: 'var(--mantine-color-body)' }}>
      {showFilters && (screen.filters ?? []).length > 0 && <ListFilters set={set} screen={screen} state={state} formContext={formContext} />}
      <SnapshotNotice set={set} screen={screen} notCollected={notCollected} can={can} refresh={refresh} />
      {notice && <Alert color="orange" data-testid={`${screen.name}-notice`}><Text size="sm">{notice}</Text></Alert>}
      {report?.summary && <ReportSummary set={set} screen={screen} summary={report.summary} answer={answer} request={request} />}
      {(report?.charts ?? []).length > 0 && (
        <SimpleGrid cols={{ base: 1, lg: Math.min(2, report!.charts!.length) }} data-testid={`${screen.name}-charts`}>
          {report!.charts!.map((chart) => (
            <Suspense key={chart.id} fallback={null}>
              <ReportChart set={set} screen={screen} chart={chart} answer={answer} request={request} listRoute={listRoute} />
            </Suspense>
          ))}
        </SimpleGrid>
      )}

      {(screen.panels ?? []).length > 0 && (
        <SimpleGrid cols={{ base: 1, lg: Math.min(2, screen.panels!.length) }} data-testid={`${screen.name}-panels`}>
          {screen.panels!.map((key) => {
            const Panel = PANEL_IMPLEMENTATIONS[key as PanelKey];
            return Panel ? <Suspense key={key} fallback={null}><Panel set={set} screen={screen} request={request} /></Suspense> : null;
          })}
        </SimpleGrid>
      )}

      <Paper withBorder p="sm">
        <ListToolbar set={set} screen={screen} toolbar={toolbar} bulkActions={bulkActions} runningAction={runningAction} selectedCount={selectedIds(snap).length}
          listRoute={listRoute} request={request} csvColumns={() => csvColumnsOf(columns, shownProps, renderers, (k) => t(k))}
          onAction={(action) => runAction(action, null)} onRefresh={() => void list.refetch()} onColumns={() => setDrawerOpen(true)} fullScreen={fullScreen}
          groupOptions={groupOptions} group={group} onGroup={(g) => setGroup(state, g)}
          views={showFilters && <ViewMenu screenName={screen.name} state={state} shownColumns={shownProps} onColumns={(props) => saveColumns.mutate(props)} restored={restored} />} />

        {group && (
          <GroupSummary screenName={screen.name} resource={resource} listRoute={listRoute} request={request} group={group} columns={columns} shown={shownProps}
            renderers={renderers} onPick={(screen.filters ?? []).some((f) => filterDeclOf(resource, f)?.field === group.field) ? pickGroup : null} onClose={() => setGroup(state, null)} />
        )}

        {screen.columns.some((c) => c.drill) && <Text size="xs" c="dimmed">{t('engine.report.drillHint')}</Text>}
        <DataTable
          columns={tableColumns}
          rows={rows}
          rowId={(row) => String(row[rowKey])}
          sorting={snap.sorting}
          onSortingChange={(sorting) => setSorting(state, sorting)}
          selection={bulkActions.length > 0 ? snap.selection : null}
          onSelectionChange={(selection) => setSelection(state, selection)}
          height={height}
          scrollRef={scrollRef}
          firstIndex={(snap.page - 1) * snap.size + 1}
          actionsWidth={Math.max(120, rowActions.length * 56)}
          rowActions={rowActions.length ? (row) => (
            <Group gap={4} wrap="nowrap">
              {rowActions.filter((a) => rowMatches(a.visibleWhen, row)).map((action) => (
                <Button key={action.id} size="compact-xs" variant="subtle" color={action.danger ? 'red' : undefined}
                  data-testid={`row-action-${action.id}`} onClick={() => runAction(action, row)}>{t(action.label)}</Button>
              ))}
            </Group>
          ) : undefined}
          testId={`${screen.name}-table`}
        />
        {list.isError && <Text c="red" size="sm">{t('engine.loadFailed')}</Text>}
        <Pager total={total} page={snap.page} size={snap.size} testId={screen.name}
          onPage={(page) => { setPage(state, page); scrollToTop(scrollRef.current); }}
          onSize={(size) => { setPageSize(state, size); scrollToTop(scrollRef.current); }} />
      </Paper>

      {drill?.column.drill && (
        <Suspense fallback={null}><DrillDrawer set={set} screen={screen} drill={drill.column.drill} row={drill.row} request={request} onClose={() => setDrill(null)}
          title={`${String((drill.column.drill.name ? drill.row[drill.column.drill.name] : null) ?? drill.row[screen.columns.find((c) => !c.format || c.format === 'text')?.field ?? ''] ?? '')} · ${t(drill.column.drill.title)}`} /></Suspense>
      )}
      <ColumnDrawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} fields={options} saved={header.data ?? null}
        saving={saveColumns.isPending} onSave={(props) => saveColumns.mutate(props)} />
      {dialog && Dialog && (
        <Suspense fallback={null}>
          <Dialog row={dialog.row} onClose={() => setDialog(null)} onDone={() => void refresh()} />
        </Suspense>
      )}
      {importOpen && (importOpen.template || importDecl) && (
        <Suspense fallback={null}><ImportDialog key={importOpen.id} title={importOpen.template ? t(importOpen.label) : title} opened onClose={() => setImportOpen(null)}
          upload={resolveRoute(set, screen, importOpen.template ? importOpen.endpoint! : importDecl!.endpoint)!}
          template={resolveRoute(set, screen, importOpen.template ?? importDecl!.template) ?? undefined}
          onImported={() => void refresh()} testId={importOpen.template ? `${screen.name}-${importOpen.id}` : screen.name} /></Suspense>
      )}
      {form && (
        <Suspense fallback={null}><FormDialog key={`${form.name}:${String(form.row?.[rowKey] ?? 'new')}`} open={form} resource={resource} hidden={hidden} rowKey={rowKey} context={formContext}
          onClose={() => setForm(null)} onSaved={(answer) => {
            setForm(null);
            // A form that starts a long computation (计算 a month) answers its job: its progress shows until it ends.
            if (isJobView(answer)) return void followJob(answer).then((job) => (job.status === 'done' ? refresh() : undefined));
            // A form may name its message, given the answer's values (商户密钥已更换，新指纹 {{keyHint}}).
            const done = form.form.done;
            if (done) notifySuccess({ text: t(done, answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {}) });
            else notifySuccess({ key: 'engine.saved' });
            void refresh();
          }} testId={screen.name} /></Suspense>
      )}
    </Stack>
  );
}
