import { Button, FileButton, Group, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const DEFAULT_MAX_BYTES = 64 * 1024;

/**
 * `textFile`: a text pasted, or read from a file picked on the computer (a merchant's signing key as the channel
 * issued it: PEM or Base64). `ui:options`: `accept` (the file picker's filter, e.g. ".pem,.key,.txt,text/plain"),
 * `maxBytes` (default 64 KB: a larger file is refused with a message). The text is trimmed; its length is shown.
 */
export function TextFileWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const maxBytes = Number(props.options.maxBytes ?? DEFAULT_MAX_BYTES);
  const text = typeof props.value === 'string' ? props.value : '';
  const read = async (file: File | null) => {
    if (!file) return;
    if (file.size > maxBytes) return setProblem(t('engine.textFile.tooLarge', { kb: Math.round(maxBytes / 1024) }));
    setProblem(null);
    setFileName(file.name);
    const content = (await file.text()).trim();
    props.onChange(content === '' ? undefined : content);
  };
  const own = props.rawErrors?.length ? props.rawErrors.join('；') : undefined;
  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500}>{props.label}{props.required ? <Text span c="red"> *</Text> : null}</Text>
        {!props.readonly && (
          <FileButton onChange={(f) => void read(f)} accept={typeof props.options.accept === 'string' ? props.options.accept : undefined}>
            {(p) => <Button {...p} size="xs" variant="light" data-testid={`field-${props.name}-file`}>{t('engine.textFile.read')}</Button>}
          </FileButton>
        )}
      </Group>
      <Textarea id={props.id} autosize minRows={4} maxRows={10} value={text} placeholder={props.placeholder} disabled={props.disabled || props.readonly}
        spellCheck={false} autoComplete="off" styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} error={[own, problem].filter(Boolean).join('；') || undefined}
        data-testid={`field-${props.name}`}
        onChange={(e) => { setFileName(null); props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value); }} />
      {(fileName || text) && (
        <Text size="xs" c="dimmed" data-testid={`field-${props.name}-info`}>
          {fileName ? t('engine.textFile.readFrom', { name: fileName }) : ''}{text ? t('engine.textFile.chars', { count: text.trim().length }) : ''}
        </Text>
      )}
    </Stack>
  );
}

/** `password`: a secret typed and never shown back (the record answers only whether one is set, or its fingerprint). */
export function PasswordWidget(props: WidgetProps) {
  return (
    <PasswordInput id={props.id} label={props.label} required={props.required} disabled={props.disabled || props.readonly} placeholder={props.placeholder}
      error={props.rawErrors?.length ? props.rawErrors.join('；') : undefined} autoComplete="new-password" maxLength={props.schema.maxLength}
      value={typeof props.value === 'string' ? props.value : ''} data-testid={`field-${props.name}`}
      onChange={(e) => props.onChange(e.currentTarget.value === '' ? undefined : e.currentTarget.value)} />
  );
}
