import { ActionIcon, Alert, Anchor, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconColumns, IconMaximize, IconMinimize, IconRefresh } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import { PAGINATION } from '../../src/api/timeouts';
import type { MenuNode } from '../../src/api/types';
import { notifySuccess, notifyWarning } from '../../src/feedback/notify';
import { navigateTo } from '../../src/router/navigation';
import { ROW_DIALOGS } from '../../src/router/rowDialogs';
import { batchMessage, isBatchResult, isPageForm } from '../../core/descriptors/documents.ts';
import { hasPermission } from '../../src/permission/permission';
import { appState } from '../../src/store/appStore';
import { useView } from '../../src/tabs/ViewContext';
import { fullPathOf, viewStateKey } from '../../src/tabs/tabRules';
import { useDictionary, labelMap } from '../../widgets/dictionary';
import { FILTER_WIDGET_IMPLEMENTATIONS } from '../../widgets/filterWidgets';
import { formatterFor, stylerFor } from '../../widgets/formatters';
import type { FilterWidgetKey, PanelKey } from '../../core/descriptors/widgetKeys.ts';
import { PANEL_IMPLEMENTATIONS } from '../../widgets/panels';
import { callEndpoint, downloadFile, fetchListPage, notifyDownloadError } from '../api/calls';
import { columnHeaderKey, fetchColumnHeader, saveColumnHeader } from '../api/columnHeader';
import { ColumnDrawer } from '../columns/ColumnDrawer';
import { groupFileConfigs, savedWidths, selectedProps, toFileConfigs } from '../columns/columnConfig';
import { confirmAction } from '../dialog/confirm';
import type { CsvColumn } from '../export/csv';
import { ExportControls } from '../export/ExportControls';
import { followJob, isJobView } from '../jobs/followJob';
import { rangeWithinLimit, searchLimitDays } from '../filters/timeLimit';
import { FormDialog, type OpenForm } from '../forms/FormDialog';
import { ImportDialog } from '../importer/ImportDialog';
import { type ActionDecl, type ColumnDecl, type DescriptorSet, type ScreenDescriptor, hiddenFields } from '../../core/descriptors/index.ts';
import {
  type RowData, actionRequest, defaultColumnProps, defaultFilterValues, fieldOptions, filterRequest, isRangeFilter, pageFormPath, resolveRoute,
  rowMatches, screenFormContext, screenListKey, visibleColumns,
} from '../runtime/screenModel';
import { DataTable, type ListColumnDef } from './DataTable';
import { Pager } from './Pager';
import {
  type ListState, applyFilters, clampPage, createListState, listQuery, readListState, resetFilters, saveListState, selectedIds, setPage, setPageSize, setSelection,
  setSorting,
} from './listState';
import { scrollToTop, useFullScreen } from './screenChrome';
import { useTableHeight } from './useTableHeight';


/**
 * In full screen the list covers the page. z-index 200 is the sidebar's and Mantine's dialogs' level: the list
 * comes after the sidebar in the page and before the dialogs, menus and messages portalled to the end of the body.
 */
const FULL_SCREEN_STYLE = { position: 'fixed', inset: 0, zIndex: 200, overflow: 'auto', padding: 'var(--mantine-spacing-sm)' } as const;

/** Cell of a column: formatted text (dictionary labels, 2-decimal numbers), styler colour, link or image. */
function useCellRenderer(column: ColumnDecl, set: DescriptorSet, screen: ScreenDescriptor) {
  const resource = set.resources.get(screen.resource)!;
  const dictionaryCode = column.dictionary ?? resource.fields[column.field]?.['x-dictionary'];
  const needsLabels = column.format === 'dictionary' || column.format === 'enabled';
  const dictionary = useDictionary(needsLabels ? dictionaryCode : undefined);
  const labels = useMemo(() => labelMap(dictionary.data), [dictionary.data]);
  const format = formatterFor(column.format);
  const styler = stylerFor(column.styler);
  const digits = resource.fields[column.field]?.['x-decimals'];
  return useMemo(() => ({
    text: (row: RowData) => format(row[column.field], { row, labels, digits }),
    render: (row: RowData): ReactNode => {
      const text = format(row[column.field], { row, labels, digits });
      if (column.format === 'image' && text) return <Image src={text} h={32} w={32} fit="contain" />;
      const style = styler?.(row[column.field], row);
      if (column.link) {
        const query = Object.fromEntries(Object.entries(column.link.query ?? {}).map(([k, field]) => [k, String(row[field] ?? '')]));
        return <Anchor size="sm" onClick={() => navigateTo(fullPathOf(column.link!.to, query))} style={style}>{text}</Anchor>;
      }
      return <span style={style}>{text}</span>;
    },
  }), [column, format, labels, styler, digits]);
}

type CellRenderer = ReturnType<typeof useCellRenderer>;

/** Collects one renderer per column; hooks run in a stable order because the descriptor's columns never change. */
function useCellRenderers(columns: readonly ColumnDecl[], set: DescriptorSet, screen: ScreenDescriptor): Map<string, CellRenderer> {
  const renderers = new Map<string, CellRenderer>();
  for (const column of columns) {
    // eslint-disable-next-line react-hooks/rules-of-hooks -- fixed list from the descriptor
    renderers.set(column.field, useCellRenderer(column, set, screen));
  }
  return renderers;
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
  const { t } = useTranslation();
  const view = useView();
  const client = useQueryClient();
  const resource = set.resources.get(screen.resource)!;
  const rowKey = screen.rowKey ?? resource.primaryKey;
  const app = useSnapshot(appState);
  const menuList = app.menuList as MenuNode[];
  const granted = (app.user?.fieldPermissionNames ?? []) as string[];
  const can = (perm?: string) => !perm || hasPermission(menuList, perm);

  // The list's choices survive a reload of its tab (session storage, per user); closing the tab forgets them.
  const stateKey = viewStateKey(view.path);
  const owner = `${app.tenantId}:${app.user?.userId ?? app.user?.id ?? ''}`;
  const [state] = useState<ListState>(() => {
    const sizes = screen.pageSize ? [...PAGINATION.sizes, screen.pageSize] : PAGINATION.sizes;
    return createListState(defaultFilterValues(screen.filters ?? []), screen.pageSize, readListState(sessionStorage.getItem(stateKey), owner, sizes));
  });
  useEffect(() => subscribe(state, () => sessionStorage.setItem(stateKey, saveListState(state, owner))), [state, stateKey, owner]);
  const snap = useSnapshot(state);
  const fullScreen = useFullScreen();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Measured from the table's own top edge (its scroll viewport), so the 86 px reserve is exact.
  const height = useTableHeight(scrollRef, view.active);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The import the dialog is open for: the screen's own, or a toolbar import with its own endpoint and template.
  const [importOpen, setImportOpen] = useState<ActionDecl | null>(null);
  const [dialog, setDialog] = useState<{ action: ActionDecl; row: RowData | null } | null>(null);
  const Dialog = dialog?.action.dialog ? ROW_DIALOGS[dialog.action.dialog] : undefined;
  const [form, setForm] = useState<OpenForm | null>(null);
  const formContext = useMemo(() => screenFormContext(set, screen), [set, screen]);
  const [filterError, setFilterError] = useState<Record<string, string>>({});

  const columns = useMemo(() => visibleColumns(set, screen, granted), [set, screen, granted]);
  const hidden = useMemo(() => hiddenFields(resource, granted, screen.fieldPermissions), [resource, granted, screen.fieldPermissions]);
  const options = useMemo(() => fieldOptions(columns, (k) => t(k)), [columns, t]);
  const renderers = useCellRenderers(screen.columns, set, screen);

  const headerTitle = screen.columnConfigTitle ?? resource.table;
  const header = useQuery({ queryKey: columnHeaderKey(headerTitle), queryFn: () => fetchColumnHeader(headerTitle), staleTime: Infinity });
  const shownProps = header.data ? selectedProps(options, header.data) : defaultColumnProps(columns);
  const widths = savedWidths(header.data);

  const listRoute = resolveRoute(set, screen, screen.endpoint)!;
  // A list opened for one record (a notice's ?id=) keeps to it whatever else is filtered.
  const fixed = Object.fromEntries(Object.entries(screen.queryFilters ?? {}).flatMap(([key, filter]) => (view.query[key] ? [[filter, view.query[key]]] : [])));
  const request = { ...filterRequest(resource, screen.filters ?? [], snap.filters), ...fixed, ...listQuery({ filters: {}, sorting: snap.sorting as ListState['sorting'] }) };
  // A kept-alive list shows what it showed when its tab comes back (React's Activity re-subscribes the
  // query); it fetches again only on its first mount or when its data was invalidated meanwhile
  // (a link with refreshTable=true, a mutation).
  const mountedBefore = useRef(false);
  const list = useQuery({
    queryKey: [...screenListKey(screen.name), snap.page, snap.size, request],
    queryFn: ({ signal }) => fetchListPage(listRoute, snap.page, snap.size, request, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: (query) => !mountedBefore.current || query.state.isInvalidated,
  });
  useEffect(() => { mountedBefore.current = true; }, []);
  const rows = (list.data?.records ?? []) as RowData[];
  const total = list.data?.total ?? 0;
  // A snapshot report's month that no job computed yet: the page says so, and the list offers to compute it.
  const notCollected = (list.data as { notCollected?: { reportMonth: string; message: string } } | undefined)?.notCollected;
  const collectRoute = resource.snapshot ? resolveRoute(set, screen, resource.snapshot.collect) : null;
  const [collecting, setCollecting] = useState(false);
  const collectMonth = async (month: string) => {
    if (!collectRoute || !resource.snapshot || collecting) return;
    setCollecting(true);
    try {
      const answer = await callEndpoint(collectRoute, {}, { [resource.snapshot.period]: month });
      if (isJobView(answer) && (await followJob(answer)).status === 'done') await refresh();
    } catch {
      // the API client showed the server's message
    } finally {
      setCollecting(false);
    }
  };

  /** After a mutation: refetch the list, staying on this page unless it no longer exists. */
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: screenListKey(screen.name) });
    const fresh = client.getQueryData<{ total: number }>([...screenListKey(screen.name), state.page, state.size, request]);
    if (fresh) setPage(state, clampPage(state.page, state.size, fresh.total));
  };

  const tableColumns = useMemo<ListColumnDef[]>(() => {
    const byField = new Map(columns.map((c) => [c.field, c]));
    const leaves = shownProps.flatMap((prop) => {
      const column = byField.get(prop);
      if (!column) return [];
      const renderer = renderers.get(prop)!;
      return [{ column, def: {
        id: column.field,
        accessorFn: (row: RowData) => row[column.field],
        header: () => t(column.label),
        size: widths[column.field] ?? column.width ?? 120,
        enableSorting: column.sortable === true && (resource.sortable ?? []).includes(column.field),
        cell: ({ row }: { row: { original: RowData } }) => renderer.render(row.original),
      } as ListColumnDef }];
    });
    // Columns sharing a parent header sit under it, where its first chosen child stands.
    const result: ListColumnDef[] = [];
    const groups = new Map<string, { id: string; header: string; columns: ListColumnDef[] }>();
    for (const { column, def } of leaves) {
      if (!column.parent) { result.push(def); continue; }
      let group = groups.get(column.parent);
      if (!group) {
        group = { id: `group:${column.parent}`, header: t(column.parent), columns: [] };
        groups.set(column.parent, group);
        result.push(group as unknown as ListColumnDef);
      }
      group.columns.push(def);
    }
    return result;
  }, [columns, shownProps.join(','), renderers, widths, resource.sortable, t]);

  const saveColumns = useMutation({
    mutationFn: (props: string[]) => saveColumnHeader(app.user?.userId ?? app.user?.id ?? '', headerTitle, toFileConfigs(options, props)),
    onSuccess: async (_, props) => {
      setDrawerOpen(false);
      client.setQueryData(columnHeaderKey(headerTitle), groupFileConfigs(toFileConfigs(options, props)));
      await client.invalidateQueries({ queryKey: columnHeaderKey(headerTitle) });
      await client.invalidateQueries({ queryKey: screenListKey(screen.name) });
      notifySuccess({ key: 'engine.columns.saved' });
    },
  });

  const search = () => {
    const errors: Record<string, string> = {};
    for (const field of screen.filters ?? []) {
      const limit = searchLimitDays(app.user?.searchTimeLimitList, field.timeLimitSubject);
      const value = state.draft[field.filter];
      if (field.widget === 'dateRange' && Array.isArray(value) && !rangeWithinLimit([value[0] ?? null, value[1] ?? null], limit)) {
        errors[field.filter] = t('engine.timeLimit', { days: limit });
      }
    }
    setFilterError(errors);
    if (Object.keys(errors).length) return notifyWarning({ text: Object.values(errors)[0] });
    applyFilters(state);
  };

  const csvColumns = (): CsvColumn[] => shownProps.flatMap((prop) => {
    const column = columns.find((c) => c.field === prop);
    const renderer = renderers.get(prop);
    return column && renderer ? [{ prop, label: t(column.label), format: (_v: unknown, row: RowData) => renderer.text(row) }] : [];
  });

  // One row or bulk call at a time: a double click, or a click while the confirm is open or the call runs, sends nothing more.
  const callRunning = useRef(false);
  const [runningAction, setRunningAction] = useState<string | null>(null);

  const runCall = async (action: ActionDecl, row: RowData | null) => {
    const route = resolveRoute(set, screen, action.endpoint);
    if (!route || callRunning.current) return;
    const ids = selectedIds(state);
    const whole = !row && action.selection === false;
    if (!row && !whole && ids.length === 0) return notifyWarning({ key: 'engine.noSelection' });
    callRunning.current = true;
    try {
      // A bulk confirmation may name how many rows it touches ({{count}}).
      const question = action.confirm ? t(action.confirm, row ? undefined : { count: ids.length }) : row || whole ? null : t('engine.confirmBulk', { count: ids.length, action: t(action.label) });
      if (question && !(await confirmAction(question, action.danger))) return;
      setRunningAction(action.id);
      let answer: unknown;
      try {
        const { params, body } = actionRequest(route.route, action, row, ids, resource, rowKey);
        answer = await callEndpoint(route, params, body);
      } catch {
        return; // the API client showed the server's message
      }
      if (!row && !whole) setSelection(state, {});
      // A long computation (计算, 刷新) answers its background job: its progress is shown until it ends.
      if (isJobView(answer)) {
        callRunning.current = false;
        setRunningAction(null);
        if ((await followJob(answer)).status === 'done') await refresh();
        return;
      }
      // A document batch answers one result per document: 3 条成功，1 条失败：单据 DB… 状态已变更
      if (isBatchResult(answer)) {
        if (answer.fail > 0) notifyWarning({ text: batchMessage(answer) }, 8000);
        else notifySuccess({ text: batchMessage(answer) });
      } else if (whole && typeof (answer as { message?: unknown } | undefined)?.message === 'string') notifySuccess({ text: String((answer as { message: string }).message) });
      else notifySuccess({ key: route.route.method === 'DELETE' || route.route.action === 'batchDelete' ? 'engine.deleted' : 'engine.done' });
      await refresh();
    } finally {
      callRunning.current = false;
      setRunningAction(null);
    }
  };

  // A file answer (a QR code, a ZIP of them): the row's key goes where the route takes it, a bulk sends {ids}.
  const runDownload = async (action: ActionDecl, row: RowData | null) => {
    const route = resolveRoute(set, screen, action.endpoint);
    if (!route || callRunning.current) return;
    const ids = selectedIds(state);
    const whole = !row && action.selection === false;
    if (!row && !whole && ids.length === 0) return notifyWarning({ key: 'engine.noSelection' });
    if (action.confirm && !(await confirmAction(t(action.confirm, row ? undefined : { count: ids.length }), action.danger))) return;
    callRunning.current = true;
    setRunningAction(action.id);
    try {
      const { params, body } = actionRequest(route.route, action, row, ids, resource, rowKey);
      await downloadFile(route, body, t(action.label), params);
    } catch (e) {
      notifyDownloadError(e);
    } finally {
      callRunning.current = false;
      setRunningAction(null);
    }
  };

  const openForm = (action: ActionDecl, row: RowData | null) => {
    const decl = action.form ? screen.forms?.[action.form] : undefined;
    if (!decl) return;
    // A page form is a route of its own (a tab, kept on reload): the row travels as its key in the query.
    if (isPageForm(decl) && decl.route) return navigateTo(pageFormPath(decl.route, rowKey, row));
    const submitRef = decl.readOnly ? undefined : action.endpoint ?? decl.submit;
    setForm({
      name: action.form!,
      form: decl,
      row,
      submit: resolveRoute(set, screen, submitRef),
      load: row ? resolveRoute(set, screen, decl.load) : null,
      createTitle: row ? undefined : t('engine.form.create', { title: resource.title }),
    });
  };

  const runAction = (action: ActionDecl, row: RowData | null) => {
    if (action.kind === 'form') return openForm(action, row);
    if (action.kind === 'call') return void runCall(action, row);
    if (action.kind === 'download') return void runDownload(action, row);
    if (action.kind === 'link' && action.to) {
      const query = Object.fromEntries(Object.entries(action.query ?? {}).map(([k, field]) => [k, String(row?.[field] ?? '')]));
      return navigateTo(fullPathOf(action.to, query));
    }
    if (action.kind === 'columns') return setDrawerOpen(true);
    if (action.kind === 'import') return setImportOpen(action);
    if (action.kind === 'dialog') return setDialog({ action, row });
  };

  const rowActions = (screen.rowActions ?? []).filter((a) => can(a.perm));
  const bulkActions = (screen.bulkActions ?? []).filter((a) => can(a.perm));
  const toolbar = (screen.toolbar ?? []).filter((a) => can(a.perm));
  const exportRoute = screen.export?.server ? resolveRoute(set, screen, screen.export.server) : null;
  const importDecl = screen.import;
  const title = t(screen.title);

  return (
    <Stack gap="sm" data-testid={`screen-${screen.name}`}
      style={fullScreen.on ? { ...FULL_SCREEN_STYLE, background: 'var(--mantine-color-body)' } : { background: 'var(--mantine-color-body)' }}>
      {(screen.filters ?? []).length > 0 && (
        <Paper withBorder p="sm">
          <Group align="flex-end" gap="sm" data-testid={`${screen.name}-filters`}>
            {(screen.filters ?? []).map((field) => {
              const Widget = FILTER_WIDGET_IMPLEMENTATIONS[field.widget as FilterWidgetKey] ?? FILTER_WIDGET_IMPLEMENTATIONS.input;
              const enumValues = resource.fields[resource.filters?.find((f) => (f.name ?? f.field) === field.filter)?.field ?? '']?.enum;
              return (
                <Widget key={field.filter} field={field} label={t(field.label)} value={snap.draft[field.filter]} error={filterError[field.filter]}
                  limitDays={isRangeFilter(resource, field) ? searchLimitDays(app.user?.searchTimeLimitList, field.timeLimitSubject) : 0}
                  enumOptions={enumValues?.map((v) => ({ value: String(v), label: String(v) }))}
                  resolveEndpoint={formContext.resolveEndpoint}
                  onChange={(value) => { state.draft[field.filter] = value; }} />
              );
            })}
            <Button onClick={search} data-testid={`${screen.name}-search`}>{t('engine.search')}</Button>
            <Button variant="default" onClick={() => { setFilterError({}); resetFilters(state, defaultFilterValues(screen.filters ?? [])); }} data-testid={`${screen.name}-reset`}>{t('engine.reset')}</Button>
          </Group>
        </Paper>
      )}

      {notCollected && (
        <Alert color="orange" data-testid={`${screen.name}-not-collected`}>
          <Group justify="space-between">
            <Text size="sm">{notCollected.message}</Text>
            {collectRoute && can(collectRoute.route.perm) && (
              <Button size="xs" loading={collecting} onClick={() => void collectMonth(notCollected.reportMonth)} data-testid={`${screen.name}-collect-month`}>
                {t('reports.collectMonth')}
              </Button>
            )}
          </Group>
        </Alert>
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
                  data-testid={`${screen.name}-toolbar-${action.id}`} onClick={() => runAction(action, null)}>{t(action.label)}</Button>
              );
            })}
            {bulkActions.map((action) => (
              <Button key={action.id} variant="light" color={action.danger ? 'red' : undefined} disabled={selectedIds(snap).length === 0}
                loading={runningAction === action.id} data-testid={`${screen.name}-bulk-${action.id}`} onClick={() => runAction(action, null)}>{t(action.label)}</Button>
            ))}
            {bulkActions.length > 0 && <Text size="sm" c="dimmed">{t('engine.selected', { count: selectedIds(snap).length })}</Text>}
          </Group>
          <Group gap={4}>
            <Tooltip label={t('engine.refresh')}><ActionIcon variant="default" onClick={() => void list.refetch()} aria-label={t('engine.refresh')} data-testid={`${screen.name}-refresh`}><IconRefresh size={18} /></ActionIcon></Tooltip>
            {toolbar.some((a) => a.kind === 'columns') && (
              <Tooltip label={t('engine.columns.button')}><ActionIcon variant="default" onClick={() => setDrawerOpen(true)} aria-label={t('engine.columns.button')} data-testid={`${screen.name}-columns`}><IconColumns size={18} /></ActionIcon></Tooltip>
            )}
            <Tooltip label={t(fullScreen.on ? 'engine.fullScreen.exit' : 'engine.fullScreen.enter')}>
              <ActionIcon variant="default" aria-label={t(fullScreen.on ? 'engine.fullScreen.exit' : 'engine.fullScreen.enter')} onClick={fullScreen.toggle} data-testid={`${screen.name}-fullscreen`}>{fullScreen.on ? <IconMinimize size={18} /> : <IconMaximize size={18} />}</ActionIcon>
            </Tooltip>
          </Group>
        </Group>

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

      <ColumnDrawer opened={drawerOpen} onClose={() => setDrawerOpen(false)} fields={options} saved={header.data ?? null}
        saving={saveColumns.isPending} onSave={(props) => saveColumns.mutate(props)} />
      {dialog && Dialog && (
        <Suspense fallback={null}>
          <Dialog row={dialog.row} onClose={() => setDialog(null)} onDone={() => void refresh()} />
        </Suspense>
      )}
      {importOpen && (importOpen.template || importDecl) && (
        <ImportDialog key={importOpen.id} title={importOpen.template ? t(importOpen.label) : title} opened onClose={() => setImportOpen(null)}
          upload={resolveRoute(set, screen, importOpen.template ? importOpen.endpoint! : importDecl!.endpoint)!}
          template={resolveRoute(set, screen, importOpen.template ?? importDecl!.template) ?? undefined}
          onImported={() => void refresh()} testId={importOpen.template ? `${screen.name}-${importOpen.id}` : screen.name} />
      )}
      {form && (
        <FormDialog key={`${form.name}:${String(form.row?.[rowKey] ?? 'new')}`} open={form} resource={resource} hidden={hidden} rowKey={rowKey} context={formContext}
          onClose={() => setForm(null)} onSaved={(answer) => {
            setForm(null);
            // A form that starts a long computation (计算 a month) answers its job: its progress shows until it ends.
            if (isJobView(answer)) return void followJob(answer).then((job) => (job.status === 'done' ? refresh() : undefined));
            notifySuccess({ key: 'engine.saved' });
            void refresh();
          }} testId={screen.name} />
      )}
    </Stack>
  );
}

