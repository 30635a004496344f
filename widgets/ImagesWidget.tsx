import { ActionIcon, Button, FileButton, Group, Image, Input, Loader, Modal, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { IconX } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi } from '../src/api/files';
import { notifyWarning } from '../src/feedback/notify';
import { uploadFile } from '../src/upload/uploader';

/** Most photos one field holds (the server checks the same; petty-cash receipts). */
const MAX = 9;
const MAX_BYTES = 10 * 1024 * 1024;

const keysOf = (value: unknown): string[] => (typeof value === 'string' ? value.split(',').map((k) => k.trim()).filter(Boolean) : []);

/**
 * Photos of a form field (receipts): the value is the uploaded images' object keys, comma-separated; shown as
 * thumbnails whose links are asked fresh from the file service (a signed link expires, a key does not). Upload
 * goes through the upload queue (progress shown); a thumbnail opens large; × removes it while editing.
 */
export function ImagesWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const keys = keysOf(props.value);
  const editable = !props.disabled && !props.readonly;
  const [busy, setBusy] = useState(false);
  const [large, setLarge] = useState<string | null>(null);
  const links = useQueries({
    queries: keys.map((k) => ({ queryKey: ['file-info', 'image', k], queryFn: () => filesApi.info(k, 'image'), staleTime: 30 * 60_000 })),
  });
  const add = async (files: File[]) => {
    const room = MAX - keys.length;
    if (files.length > room) notifyWarning({ text: t('widgets.images.tooMany', { max: MAX }) });
    const next = [...keys];
    setBusy(true);
    try {
      for (const f of files.slice(0, Math.max(0, room))) {
        if (!f.type.startsWith('image/')) { notifyWarning({ text: t('widgets.images.notImage', { name: f.name }) }); continue; }
        if (f.size > MAX_BYTES) { notifyWarning({ text: t('widgets.images.tooLarge', { name: f.name }) }); continue; }
        const info = await uploadFile(f, { purpose: props.name });
        if (info) next.push(info.videoObjectKey);
      }
    } finally {
      setBusy(false);
    }
    props.onChange(next.length ? next.join(',') : undefined);
  };
  const remove = (key: string) => {
    const next = keys.filter((k) => k !== key);
    props.onChange(next.length ? next.join(',') : undefined);
  };
  return (
    <Input.Wrapper label={props.label} required={props.required} error={props.rawErrors?.length ? props.rawErrors.join('；') : undefined} data-testid={`field-${props.name}`}>
      <Group gap="xs" mt={4}>
        {keys.map((k, i) => {
          const url = links[i]?.data?.url;
          return (
            <div key={k} style={{ position: 'relative' }} data-testid={`field-${props.name}-image`}>
              {url ? (
                <Image src={url} w={72} h={72} radius="sm" fit="cover" style={{ cursor: 'zoom-in', border: '1px solid var(--mantine-color-gray-3)' }} alt={t('widgets.images.alt', { n: i + 1 })} onClick={() => setLarge(url)} />
              ) : (
                <Group w={72} h={72} justify="center" style={{ border: '1px solid var(--mantine-color-gray-3)' }}>{links[i]?.isError ? <Text size="xs" c="red">{t('widgets.images.gone')}</Text> : <Loader size="xs" />}</Group>
              )}
              {editable && (
                <ActionIcon size="xs" color="red" variant="filled" radius="xl" style={{ position: 'absolute', top: -6, right: -6 }} aria-label={t('widgets.images.remove')}
                  data-testid={`field-${props.name}-remove`} onClick={() => remove(k)}><IconX size={12} /></ActionIcon>
              )}
            </div>
          );
        })}
        {editable && keys.length < MAX && (
          <FileButton multiple accept="image/png,image/jpeg,image/gif,image/webp" onChange={(files) => void add(files)}>
            {(p) => <Button {...p} variant="light" h={72} w={72} p={0} loading={busy} data-testid={`field-${props.name}-upload`}>{t('widgets.images.add')}</Button>}
          </FileButton>
        )}
        {!editable && !keys.length && <Text size="sm" c="dimmed">{t('widgets.images.none')}</Text>}
      </Group>
      <Modal opened={large !== null} onClose={() => setLarge(null)} size="xl" centered title={props.label}>
        {large && <Image src={large} fit="contain" mah="75vh" alt={props.label} />}
      </Modal>
    </Input.Wrapper>
  );
}
