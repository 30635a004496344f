import { Alert, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import Form from '@rjsf/mantine';
import type { ObjectFieldTemplateProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type FormClass from '@rjsf/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError, call } from '../../src/api/http';
import { notifyError, notifySuccess, notifyWarning } from '../../src/feedback/notify';
import { LazyPrinterSettings } from '../../src/print/printClientBridge';
import { i18n } from '../../src/i18n/i18n';
import { navigateTo } from '../../src/router/navigation';
import { appState } from '../../src/store/appStore';
import { confirmClose } from '../../src/tabs/confirmClose';
import { finishView } from '../../src/tabs/tabActions';
import { trackUnsaved } from '../../src/tabs/unsaved';
import { useView } from '../../src/tabs/ViewContext';
import { useViewTitle } from '../../src/tabs/useViewTitle';
import { rjsfWidgets } from '../../widgets/formWidgets';
import { useDictionary, labelMap } from '../../widgets/dictionary';
import { callEndpoint } from '../api/calls';
import { localizeErrors } from '../forms/formErrors';
import { confirmAction } from '../dialog/confirm';
import { documentRoutes, runnableActions, sameDocumentInput } from '../../core/descriptors/documents.ts';
import { type DescriptorSet, type DocActionDecl, type FormDecl, type ResourceDescriptor, type ScreenDescriptor, formSchema, hiddenFields, writableFields } from '../../core/descriptors/index.ts';
import { endpointRefOf, pageFormPath, pageFormRow, rowCallParams, screenFormContext, screenListKey, submitBody, type RowData } from '../runtime/screenModel';
import { formatCell } from './cells';
import { DetailFields } from '../forms/DetailView';
import { DocumentHistory, type HistoryEvent } from './DocumentHistory';
import { LinesGrid, newLineKey, type DocLine } from './LinesGrid';
import { printDocument } from './print';
import { callDoc } from './docCalls';

export interface DocumentPageProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  name: string;
  form: FormDecl;
}

interface Draft {
  header: RowData;
  lines: DocLine[];
}

/** A document's running approval (server: registerDocExtras) and the reader's task in it, if any. */
interface Approval {
  processInstanceId: number;
  processName: string;
  taskId: number | null;
  taskName: string | null;
}

type DocAnswer = RowData & { history?: HistoryEvent[]; actions?: string[]; approval?: Approval | null };

/**
 * The document page ("mode": "document"): header form, lines grid, status badge, the actions the server says
 * the caller may run now, history and print. A new document is saved as a draft first; while it is
 * editable the lines can be scanned, typed, pasted, changed and removed. Closing the tab (or going back)
 * with unsaved changes asks first. Every rule lives on the server: the page shows what it answers.
 */
export function DocumentPage({ set, screen, form }: DocumentPageProps) {
  const { t } = useTranslation();
  const view = useView();
  const client = useQueryClient();
  const app = useSnapshot(appState);
  const resource = set.resources.get(screen.resource)!;
  const doc = resource.document!;
  // A header-only document (a petty-cash spend) has no lines resource and no grid.
  const linesRes = doc.lines ? set.resources.get(doc.lines.resource) : undefined;
  const routes = useMemo(() => documentRoutes(resource), [resource]);
  const rowKey = resource.primaryKey;
  const granted = (app.user?.fieldPermissionNames ?? []) as string[];
  const hidden = useMemo(() => hiddenFields(resource, granted, screen.fieldPermissions), [resource, granted, screen.fieldPermissions]);
  const hiddenLines = useMemo(() => (linesRes ? hiddenFields(linesRes, granted) : new Set<string>()), [linesRes, granted]);
  const context = useMemo(() => screenFormContext(set, screen), [set, screen]);
  // Notices open documents as ?id= (spec 000 §2); the page's own links use the key's name.
  const row = pageFormRow(resource, rowKey, view.query[rowKey] === undefined && view.query.id !== undefined ? { ...view.query, [rowKey]: view.query.id } : view.query);
  const id = row?.[rowKey];
  const testId = `${screen.name}-doc`;
  const statusDict = useDictionary(resource.fields[doc.statusField]?.['x-dictionary']);
  const statusLabels = labelMap(statusDict.data);

  const info = useQuery({
    queryKey: ['engine', 'document', resource.name, id ?? null],
    enabled: id !== undefined && id !== null && Boolean(routes.get),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => callDoc<DocAnswer>(resource, routes.get!, id as number),
  });

  const fromAnswer = (answer: DocAnswer | undefined): Draft => {
    const header: RowData = {};
    for (const f of form.fields) if (answer && answer[f] !== null && answer[f] !== undefined) header[f] = answer[f];
    if (!answer) for (const f of form.fields) if (resource.fields[f]?.default !== undefined) header[f] = resource.fields[f].default;
    // What an action takes per line (实收数量) starts at the line's quantity until the user changes it.
    const qtyField = form.lines?.amount?.quantity ?? 'quantity';
    const perLine = new Set((answer?.actions ?? []).flatMap((id) => doc.actions.find((a) => a.id === id)?.lineInput ?? []));
    const lines = ((doc.lines && (answer?.[doc.lines.bodyField] as RowData[] | undefined)) || []).map((l) => {
      const line: DocLine = { ...l, _key: newLineKey() };
      for (const f of perLine) if (line[f] === null || line[f] === undefined) line[f] = line[qtyField];
      return line;
    });
    return { header, lines };
  };
  const [loaded, setLoaded] = useState<Draft | null>(id === undefined || id === null ? fromAnswer(undefined) : null);
  const [draft, setDraft] = useState<Draft | null>(loaded);
  useEffect(() => {
    if (!info.data) return;
    const next = fromAnswer(info.data);
    setLoaded(next);
    setDraft(next);
    // Only a new answer (after a save, an action or a refetch) replaces what the page shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info.dataUpdatedAt]);

  const status = info.data ? Number(info.data[doc.statusField]) : doc.initialStatus;
  const isNew = id === undefined || id === null;
  const editable = !form.readOnly && (isNew ? Boolean(routes.create) : doc.editable.includes(status) && Boolean(routes.update));
  const writableLine = useMemo(() => (linesRes && doc.lines ? new Set([...writableFields(linesRes)].filter((f) => f !== linesRes.primaryKey && f !== doc.lines!.foreignKey)) : new Set<string>()), [linesRes, doc]);
  const editInput = (d: Draft | null) => d && { header: d.header, lines: d.lines.map((l) => Object.fromEntries([...writableLine].map((f) => [f, l[f]]))) };
  const dirty = editable && draft !== null && loaded !== null && !sameDocumentInput(editInput(draft), editInput(loaded));
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => trackUnsaved(view.path, () => dirtyRef.current), [view.path]);

  const formRef = useRef<FormClass<RowData, RJSFSchema> | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Fields another header field decides (showWhen: a 满减's tiers only for 满减): hidden while it says no, the
  // value kept in the draft (the server drops what a type does not use).
  const decidingValue = (field: string) => String(draft?.header[field] ?? (form.schema?.properties as Record<string, { default?: unknown }> | undefined)?.[field]?.default ?? '');
  const shown = (f: string) => {
    const rule = form.showWhen?.[f];
    return !rule || rule.in.map(String).includes(decidingValue(rule.field));
  };
  const fields = form.fields.filter((f) => !hidden.has(f) && shown(f));
  const showKey = Object.values(form.showWhen ?? {}).map((r) => decidingValue(r.field)).join('|');
  const hiddenGridColumns = useMemo(() => new Set([...hiddenLines, ...(form.lines?.columns ?? []).map((c) => c.field).filter((f) => !shown(f))]),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [hiddenLines, form, showKey]);
  const { schema, uiSchema } = useMemo(() => formSchema(resource, { ...form, fields, readOnly: !editable }, t), [resource, form, fields.join(','), editable, t]);

  const refresh = async () => {
    void client.invalidateQueries({ queryKey: screenListKey(screen.name) });
    await info.refetch();
  };

  const save = async () => {
    if (!draft || busy) return;
    if (formRef.current && !formRef.current.validateForm()) return;
    // A document that may be saved without lines fills them itself (a receipt takes what its purchase still expects).
    if (doc.lines && !draft.lines.length && (doc.lines.minLines ?? 1) > 0) return notifyWarning({ key: 'engine.document.noLines' });
    const route = isNew ? routes.create! : routes.update!;
    const body: RowData = {
      ...submitBody(resource, draft.header, isNew ? null : { [rowKey]: id }, route),
    };
    if (doc.lines) body[doc.lines.bodyField] = draft.lines.map((l) => Object.fromEntries([...writableLine].filter((f) => l[f] !== undefined && l[f] !== null && l[f] !== '').map((f) => [f, l[f]])));
    setBusy('save');
    try {
      const saved = isNew ? await callEndpoint<DocAnswer>(endpointRefOf(resource, route), {}, body) : await callDoc<DocAnswer>(resource, route, id as number, body);
      notifySuccess({ key: 'engine.saved' });
      void client.invalidateQueries({ queryKey: screenListKey(screen.name) });
      if (isNew && saved?.[rowKey] !== undefined) {
        dirtyRef.current = false;
        navigateTo(pageFormPath(form.route!, rowKey, saved), { replace: true });
      } else await info.refetch();
    } catch {
      // the API client showed the server's message (第N行：… names the line)
    } finally {
      setBusy(null);
    }
  };

  const runAction = async (action: DocActionDecl) => {
    if (busy) return;
    const note = await askWithNote(action.confirm ?? t('engine.document.confirmAction', { action: action.label }));
    if (note === null) return;
    const route = routes.actions.get(action.id)!;
    setBusy(action.id);
    try {
      const body: RowData = note ? { note } : {};
      if (action.lineInput?.length && draft && doc.lines && linesRes) {
        const key = linesRes.primaryKey;
        body[doc.lines.bodyField] = draft.lines.map((l) => ({ [key]: l[key], ...Object.fromEntries(action.lineInput!.map((f) => [f, l[f] ?? null])) }));
      }
      await callDoc(resource, route, id as number, body);
      notifySuccess({ text: t('engine.document.actionDone', { action: action.label }) });
    } catch {
      // 409 单据状态已变更，请刷新后重试 and the like: shown by the API client; the page reloads below
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const remove = async () => {
    if (busy || !routes.remove) return;
    if (!(await confirmAction(t('engine.document.confirmDelete', { no: String(info.data?.[doc.numberField] ?? '') }), true))) return;
    setBusy('delete');
    try {
      await callDoc(resource, routes.remove, id as number);
      notifySuccess({ key: 'engine.deleted' });
      dirtyRef.current = false;
      void client.invalidateQueries({ queryKey: screenListKey(screen.name) });
      finishView(view.path, screen.route);
    } catch {
      // shown by the API client
    } finally {
      setBusy(null);
    }
  };

  const print = async () => {
    if (!routes.print || busy) return;
    setBusy('print');
    try {
      const no = String(info.data?.[doc.numberField] ?? id);
      const r = await printDocument(endpointRefOf(resource, routes.print), rowCallParams(routes.print, {}, { [rowKey]: id }, rowKey), `${resource.title}_${no}.pdf`, `${resource.title} ${no}`);
      if (r.kind === 'printed') notifySuccess({ text: t('engine.document.printed', { printer: r.printer }) });
    } catch (e) {
      // A refusal of the print client (a stopped printer) says why; API errors were shown by the API client.
      if (e instanceof Error && !(e instanceof ApiError)) notifyError({ text: t('engine.document.printFailed', { message: e.message }) });
    } finally {
      setBusy(null);
    }
  };

  // 返回列表 with unsaved changes asks like closing the tab does.
  const back = async () => {
    if (dirtyRef.current && !(await confirmClose([title]))) return;
    dirtyRef.current = false;
    finishView(view.path, screen.route);
  };
  // On a document that follows an approval (its answer carries `approval`), an audit deciding between 通过 (2) and
  // 驳回 (3) is offered as 同意 / 驳回 with a comment instead of a button.
  const followsApproval = Boolean(info.data && 'approval' in info.data);
  const isDecision = (a: DocActionDecl) => Boolean(a.input?.auditStatus?.enum?.includes(2) && a.input?.auditStatus?.enum?.includes(3));
  const allActions = runnableActions(doc.actions, info.data?.actions).filter((a) => routes.actions.has(a.id));
  const decision = followsApproval ? allActions.find(isDecision) : undefined;
  const actions = allActions.filter((a) => a !== decision);
  const inputFields = new Set(actions.flatMap((a) => a.lineInput ?? []));
  const color = form.statusColors?.[String(status)] ?? (doc.editable.includes(status) ? 'blue' : 'green');
  const title = isNew ? t('engine.form.create', { title: resource.title }) : `${resource.title} ${String(info.data?.[doc.numberField] ?? '')}`;
  useViewTitle(isNew ? title : undefined);

  if (row === undefined) return <Alert color="red" data-testid={`${testId}-missing`}>{t('engine.page.notFound')}</Alert>;
  if (!isNew && !info.data) {
    return <Center h={240}>{info.isError ? <Text c="red" data-testid={`${testId}-load-failed`}>{t('engine.page.notFound')}</Text> : <Loader />}</Center>;
  }
  if (!draft) return <Center h={240}><Loader /></Center>;

  const whField = form.lines?.stockOf;
  const whId = whField ? (draft.header[whField] as number | undefined) : undefined;
  const transformErrors = (errors: Parameters<typeof localizeErrors>[0]) => localizeErrors(errors, schema, (key, values) => t(key, values));

  return (
    <Stack gap="sm" data-testid={testId}>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Group gap="sm">
            <Title order={4} data-testid={`${testId}-title`}>{title}</Title>
            {!isNew && <Badge color={color} size="lg" variant="light" data-testid={`${testId}-status`}>{statusLabels.get(String(status)) ?? String(status)}</Badge>}
            {dirty && <Text size="sm" c="orange" data-testid={`${testId}-dirty`}>{t('engine.document.unsaved')}</Text>}
          </Group>
          <Group gap="xs">
            {editable && <Button loading={busy === 'save'} onClick={() => void save()} data-testid={`${testId}-save`}>{t('engine.document.save')}</Button>}
            {actions.map((a) => (
              <Button key={a.id} color={a.id.includes('cancel') || a.id.includes('unAudit') ? 'orange' : 'teal'} loading={busy === a.id} disabled={dirty}
                title={dirty ? t('engine.document.saveFirst') : undefined} onClick={() => void runAction(a)} data-testid={`${testId}-action-${a.id}`}>{a.label}</Button>
            ))}
            {!isNew && routes.print && <Button variant="light" loading={busy === 'print'} onClick={() => void print()} data-testid={`${testId}-print`}>{t('engine.document.print')}</Button>}
            {!isNew && routes.print && (
              <Suspense fallback={null}>
                <LazyPrinterSettings kind="document" testId={testId} labels={{
                  button: t('engine.document.printSettings'), host: t('engine.document.printHost'), token: t('engine.document.printToken'), connect: t('engine.document.printConnect'),
                  printer: t('engine.document.a4Printer'), none: t('engine.document.noPrinter'), notConnected: (message) => t('engine.document.printNotConnected', { message }),
                  connected: t('engine.document.printConnected'), closed: t('engine.document.printClosed'), connecting: t('engine.document.printConnecting'),
                }} />
              </Suspense>
            )}
            {!isNew && editable && routes.remove && <Button variant="light" color="red" loading={busy === 'delete'} onClick={() => void remove()} data-testid={`${testId}-delete`}>{t('engine.delete')}</Button>}
            <Button variant="default" onClick={() => void back()} data-testid={`${testId}-back`}>{t('engine.page.back')}</Button>
          </Group>
        </Group>
        {!isNew && (form.summary ?? []).length > 0 && (
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" mb="sm" data-testid={`${testId}-summary`}>
            {(form.summary ?? []).filter((f) => !hidden.has(f)).map((f) => (
              <Group key={f} gap={6} wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{resource.fields[f]?.title}：</Text>
                <Text size="sm" data-testid={`${testId}-summary-${f}`}>{summaryText(resource, f, info.data?.[f], statusLabels)}</Text>
              </Group>
            ))}
          </SimpleGrid>
        )}
        <div data-testid={`${testId}-header`}>
          {!editable ? <DetailFields resource={resource} form={form} fields={fields} uiSchema={uiSchema} row={draft.header} context={context} testId={`${testId}-detail`} bare /> : <Form ref={formRef} schema={schema as RJSFSchema} uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } } as UiSchema<RowData, RJSFSchema>}
            formData={draft.header} validator={validator} widgets={rjsfWidgets} formContext={context} transformErrors={transformErrors}
            showErrorList={false} noHtml5Validate readonly={!editable} templates={{ ObjectFieldTemplate: HeaderGrid }}
            onChange={(e) => setDraft((d) => (d ? { ...d, header: e.formData ?? {} } : d))} />}
        </div>
      </Paper>
      {!isNew && (info.data?.approval || decision) && (
        <ApprovalPanel approval={info.data?.approval ?? null} testId={testId} disabled={dirty}
          decide={async (approve, comment) => {
            if (info.data?.approval?.taskId) {
              const a = info.data.approval;
              const r = await call<{ statusName: string }>({ method: 'POST', url: `/wxy-process-server/process/task/complete/${a.processInstanceId}/${a.taskId}/${approve ? 1 : 2}`, data: { comment } });
              notifySuccess({ text: t('engine.document.approvalDone', { status: r.statusName }) });
            } else if (decision) {
              await callDoc(resource, routes.actions.get(decision.id)!, id as number, { auditStatus: approve ? 2 : 3, auditRemark: comment || null });
              notifySuccess({ text: t('engine.document.actionDone', { action: approve ? t('engine.document.approve') : t('engine.document.reject') }) });
            }
            void client.invalidateQueries({ queryKey: screenListKey(screen.name) });
            await refresh();
          }} />
      )}
      {doc.lines && linesRes && form.lines && (<Paper withBorder p="md">
        <Title order={5} mb="sm">{t('engine.document.lines')}</Title>
        <LinesGrid lines={draft.lines} onChange={(lines) => setDraft((d) => (d ? { ...d, lines } : d))} grid={form.lines} resource={linesRes}
          skuField={doc.lines.skuField} hidden={hiddenGridColumns} editable={editable} skuOptions={routes.skuOptions ? endpointRefOf(resource, routes.skuOptions) : null}
          whId={whId} inputFields={inputFields} testId={testId} />
      </Paper>)}
      {!isNew && (
        <Paper withBorder p="md">
          <Title order={5} mb="sm">{t('engine.document.history')}</Title>
          <DocumentHistory events={info.data?.history ?? []} statusLabels={statusLabels} testId={testId} />
        </Paper>
      )}
    </Stack>
  );
}

/**
 * 同意 / 驳回 on the document's own page: the reader's task of the running approval (the process engine completes it
 * once), or without a process the direct audit; a rejection says why. Others see that it waits for its approver.
 */
function ApprovalPanel({ approval, decide, disabled, testId }: { approval: Approval | null; decide: (approve: boolean, comment: string) => Promise<void>; disabled: boolean; testId: string }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (approval && !approval.taskId)
    return <Alert color="blue" data-testid={`${testId}-approval-waiting`}>{t('engine.document.approvalWaiting', { process: approval.processName })}</Alert>;
  const run = async (approve: boolean) => {
    if (busy) return;
    if (!approve && !comment.trim()) {
      setError(t('engine.document.rejectNeedsComment'));
      return;
    }
    setError(null);
    setBusy(approve ? 'approve' : 'reject');
    try {
      await decide(approve, comment.trim());
      setComment('');
    } catch {
      // the API client showed the server's message
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="md" data-testid={`${testId}-approval`}>
      <Title order={5} mb="sm">{approval ? t('engine.document.approvalMine', { process: approval.processName, task: approval.taskName }) : t('engine.document.approvalDirect')}</Title>
      <Textarea label={t('engine.document.approvalComment')} maxLength={200} autosize minRows={2} value={comment} error={error}
        onChange={(e) => setComment(e.currentTarget.value)} data-testid={`${testId}-approval-comment`} />
      <Group mt="sm" gap="xs">
        <Button color="teal" loading={busy === 'approve'} disabled={disabled || busy !== null} onClick={() => void run(true)} data-testid={`${testId}-approve`}>{t('engine.document.approve')}</Button>
        <Button color="red" variant="light" loading={busy === 'reject'} disabled={disabled || busy !== null} onClick={() => void run(false)} data-testid={`${testId}-reject`}>{t('engine.document.reject')}</Button>
      </Group>
    </Paper>
  );
}

/** Header fields three to a row (a long text takes the whole row), so the lines stay in view. */
function HeaderGrid(props: ObjectFieldTemplateProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="xs">
      {props.properties.filter((p) => !p.hidden).map((p) => {
        const long = (props.schema.properties?.[p.name] as { maxLength?: number } | undefined)?.maxLength ?? 0;
        return <div key={p.name} style={long > 48 ? { gridColumn: '1 / -1' } : undefined}>{p.content}</div>;
      })}
    </SimpleGrid>
  );
}

function summaryText(resource: ResourceDescriptor, field: string, value: unknown, statusLabels: Map<string, string>): string {
  const f = resource.fields[field];
  if (f?.['x-dictionary'] && field === resource.document?.statusField) return statusLabels.get(String(value)) ?? String(value ?? '—');
  return formatCell(f, value);
}

/** The action's confirmation with an optional note for the history; null when cancelled. */
function askWithNote(question: string): Promise<string | null> {
  let note = '';
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: i18n.t('engine.confirmTitle'),
      closeOnClickOutside: false,
      children: (
        <Stack gap="xs">
          <Text size="sm" data-testid="engine-confirm-text">{question}</Text>
          <Textarea label={i18n.t('engine.document.note')} maxLength={200} autosize minRows={2} data-testid="engine-confirm-note" onChange={(e) => { note = e.currentTarget.value; }} />
        </Stack>
      ),
      labels: { confirm: i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
      confirmProps: { 'data-testid': 'engine-confirm-ok' } as Record<string, string>,
      cancelProps: { 'data-testid': 'engine-confirm-cancel' } as Record<string, string>,
      onConfirm: () => resolve(note.trim()),
      onCancel: () => resolve(null),
      onClose: () => resolve(null),
    });
  });
}
