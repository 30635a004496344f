import { Button, Group } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type FormClass from '@rjsf/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rjsfWidgets } from '../../widgets/formWidgets';
import type { RecordFormContext } from './formContext';
import { localizeErrors } from './formErrors';

export type FormData_ = Record<string, unknown>;

export interface RecordFormProps {
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
  initial: FormData_;
  readOnly?: boolean;
  /** Resolves when saved; a rejection keeps the form open (the API client showed the server's message). */
  onSubmit?: (data: FormData_) => Promise<unknown>;
  onCancel: () => void;
  testId: string;
  /** Handed to the widgets as rjsf's formContext (reference selects resolve their routes with it). */
  context?: RecordFormContext;
}

/**
 * A detail or edit form: rjsf with the Mantine theme, the project's widgets and Chinese messages.
 * The fields' values are the form's own state until 保存.
 */
export function RecordForm(props: RecordFormProps) {
  const { t } = useTranslation();
  const formRef = useRef<FormClass<FormData_, RJSFSchema> | null>(null);
  const [saving, setSaving] = useState(false);
  const [data, setData] = useState<FormData_>(props.initial);
  const transformErrors = (errors: RJSFValidationError[]) => localizeErrors(errors, props.schema, (key, values) => t(key, values));
  const uiSchema = { ...props.uiSchema, 'ui:submitButtonOptions': { norender: true } } as UiSchema<FormData_, RJSFSchema>;

  const submit = async ({ formData }: { formData?: FormData_ }) => {
    if (!props.onSubmit || !formData) return;
    setSaving(true);
    try {
      await props.onSubmit(formData);
    } catch {
      // The API client already showed the server's Chinese message; the user corrects and retries.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid={props.testId}>
      <Form
        ref={formRef}
        schema={props.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={data}
        onChange={(e) => setData(e.formData ?? {})}
        validator={validator}
        widgets={rjsfWidgets}
        formContext={props.context}
        transformErrors={transformErrors}
        showErrorList={false}
        noHtml5Validate
        readonly={props.readOnly}
        onSubmit={(e) => void submit(e)}
      />
      {/* The buttons stay in view at the bottom of a tall form (the dialog scrolls the fields). */}
      <Group justify="flex-end" mt="md" py="xs" style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', zIndex: 2 }}>
        <Button variant="default" onClick={props.onCancel} data-testid={`${props.testId}-cancel`}>{props.readOnly ? t('engine.form.close') : t('common.cancel')}</Button>
        {!props.readOnly && props.onSubmit && (
          <Button loading={saving} onClick={() => formRef.current?.submit()} data-testid={`${props.testId}-submit`}>{t('engine.form.submit')}</Button>
        )}
      </Group>
    </div>
  );
}
