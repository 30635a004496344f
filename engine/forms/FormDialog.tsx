import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../api/calls';
import { ScreenDialog } from '../dialog/ScreenDialog';
import { type FormDecl, type ResourceDescriptor, formSchema, formWritable } from '../../core/descriptors/index.ts';
import type { RecordFormContext } from './formContext';
import { type ResolvedRoute, type RowData, rowCallParams, submitBody } from '../runtime/screenModel';
import { DetailView } from './DetailView';
import { RecordForm } from './RecordForm';

/** An open form: which one, for which row (none: create), and where it submits. */
export interface OpenForm {
  name: string;
  form: FormDecl;
  row: RowData | null;
  submit: ResolvedRoute | null;
  load: ResolvedRoute | null;
  /** Title when creating (the form's own title names the edit). */
  createTitle?: string;
}

export interface FormBodyProps {
  open: OpenForm;
  resource: ResourceDescriptor;
  hidden: ReadonlySet<string>;
  rowKey: string;
  /** How the form's widgets reach other routes (reference selects). */
  context: RecordFormContext;
  onClose: () => void;
  /** Called with the submit's answer (a background job when the route starts one: the list follows it). */
  onSaved: (answer?: unknown) => void;
  testId: string;
}

/** The form of an open row (loaded by its `load` route first) or of a new one; shared by the dialog and the page. */
export function FormBody(props: FormBodyProps) {
  const { t } = useTranslation();
  const { open, resource } = props;
  const fields = open.form.fields.filter((f) => !props.hidden.has(f));
  const { schema, uiSchema } = formSchema(resource, { ...open.form, fields }, t);
  // One request id per opening: a submit retried after a lost answer is the same request (the server does it once).
  const [requestId] = useState(() => crypto.randomUUID());
  const loaded = useQuery({
    queryKey: ['engine', 'record', resource.name, open.load?.path ?? '', open.row?.[props.rowKey] ?? null],
    // A toolbar form with a load route edits what it answers (a tenant's one configuration); a row form, the row's record.
    enabled: Boolean(open.load),
    staleTime: 0,
    gcTime: 0,
    queryFn: () => callEndpoint<RowData>(open.load!, open.row ? rowCallParams(open.load!.route, {}, open.row, props.rowKey) : {}),
  });
  if (open.load && !loaded.data) {
    return <Center h={200}>{loaded.isError ? <Text c="red" data-testid={`${props.testId}-load-failed`}>{t('engine.loadFailed')}</Text> : <Loader />}</Center>;
  }
  const initial = { ...(open.row ?? {}), ...(loaded.data ?? {}) };
  // Empty columns answer null; the form treats them as unset, so an optional number is not "not a number".
  const data = open.row || loaded.data ? Object.fromEntries(Object.entries(initial).filter(([k, v]) => fields.includes(k) && v !== null)) : {};
  // The form's sentence above its fields, given the row's and the loaded record's values (empty ones read —).
  const intro = open.form.intro ? t(open.form.intro, Object.fromEntries(Object.entries(initial).map(([k, v]) => [k, v === null || v === undefined || v === '' ? '—' : v]))) : null;
  const readOnly = open.form.readOnly === true || !open.submit;
  if (readOnly && open.row) {
    return <DetailView resource={resource} form={open.form} fields={fields} uiSchema={uiSchema} row={initial} context={props.context} testId={props.testId} onClose={props.onClose} />;
  }
  const form = (
    <RecordForm
      schema={schema}
      uiSchema={uiSchema}
      initial={data}
      readOnly={readOnly}
      testId={props.testId}
      context={props.context}
      onCancel={props.onClose}
      onSubmit={readOnly ? undefined : async (formData) => {
        const body = { ...submitBody(resource, formData, open.row, open.submit!.route, formWritable(open.form)), ...(open.form.requestId ? { [open.form.requestId]: requestId } : {}) };
        const answer = await callEndpoint(open.submit!, open.row ? rowCallParams(open.submit!.route, {}, open.row, props.rowKey) : {}, body);
        props.onSaved(answer);
      }}
    />
  );
  if (!intro) return form;
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid={`${props.testId}-intro`}>{intro}</Text>
      {form}
    </Stack>
  );
}

/** A detail or edit form in a draggable, resizable, maximizable dialog (page forms are FormPage, at their own route). */
export function FormDialog(props: Omit<FormBodyProps, 'open' | 'testId'> & { open: OpenForm | null; testId: string }) {
  const { t } = useTranslation();
  const open = props.open;
  if (!open) return null;
  const title = open.row || !open.createTitle ? t(open.form.title) : open.createTitle;
  return (
    <ScreenDialog title={title} opened onClose={props.onClose} width={open.form.width ?? 720} height={620} testId={`${props.testId}-dialog`}>
      <FormBody {...props} open={open} testId={`${props.testId}-form`} />
    </ScreenDialog>
  );
}
