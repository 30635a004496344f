import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { batchMessage, isBatchResult, isPageForm } from '../../core/descriptors/documents.ts';
import type { ActionDecl, DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { notifySuccess, notifyWarning } from '../../src/feedback/notify';
import { navigateTo } from '../../src/router/navigation';
import { fullPathOf } from '../../src/tabs/tabRules';
import { callEndpoint, downloadFile, notifyDownloadError } from '../api/calls';
import { confirmAction } from '../dialog/confirm';
import type { OpenForm } from '../forms/FormDialog';
import { followJob, isJobView } from '../jobs/followJob';
import { type RowData, actionRequest, filterRequest, pageFormPath, resolveRoute } from '../runtime/screenModel';
import { type ListState, selectedIds, setSelection } from './listState';

export interface ListActionsInput {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  state: ListState;
  /** refetch the list after a mutation */
  refresh: () => Promise<void>;
  /** open 设置显示字段 */
  openColumns: () => void;
}

/**
 * What a list's toolbar, bulk and row actions do (a form, a call, a download, a link, an import, a dialog), and
 * which form, row dialog or import is open.
 */
export function useListActions({ set, screen, state, refresh, openColumns }: ListActionsInput) {
  const { t } = useTranslation();
  const resource = set.resources.get(screen.resource)!;
  const rowKey = screen.rowKey ?? resource.primaryKey;
  // The import the dialog is open for: the screen's own, or a toolbar import with its own endpoint and template.
  const [importOpen, setImportOpen] = useState<ActionDecl | null>(null);
  const [dialog, setDialog] = useState<{ action: ActionDecl; row: RowData | null } | null>(null);
  const [form, setForm] = useState<OpenForm | null>(null);

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
        // 统计 the searched period: a toolbar call may send the list's applied filters with its body.
        const sent = whole && action.withFilters ? { ...filterRequest(resource, screen.filters ?? [], state.filters), ...(body ?? {}) } : body;
        answer = await callEndpoint(route, params, sent);
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
    const load = resolveRoute(set, screen, decl.load);
    setForm({
      name: action.form!,
      form: decl,
      row,
      submit: resolveRoute(set, screen, submitRef),
      // A toolbar form whose load route takes no key (a tenant's one configuration) loads it first.
      load: row ? load : load && !load.path.includes('{') ? load : null,
      // A form the rows open too is an add / edit form: from the toolbar it is titled 新增…; one the toolbar alone opens keeps its own title.
      createTitle: row || !(screen.rowActions ?? []).some((a) => a.form === action.form) ? undefined : t('engine.form.create', { title: resource.title }),
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
    if (action.kind === 'columns') return openColumns();
    if (action.kind === 'import') return setImportOpen(action);
    if (action.kind === 'dialog') return setDialog({ action, row });
  };

  return { runAction, runningAction, form, setForm, dialog, setDialog, importOpen, setImportOpen };
}
