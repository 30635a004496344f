import { ActionIcon, Badge, Group, Indicator, Paper, Progress, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Icon } from '../layout/icons';
import { UPLOAD_STATUS, closeUploadQueue, remainingUploads, showUploadQueue, toggleUploadQueueFold, uploadQueue, type UploadItem } from './uploadQueue';

/** 1536 -> "1.5 KB"; sizes in the panel. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toFixed(n >= 100 ? 0 : 1)} ${units[u]}`;
}

function StatusLine({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  switch (item.uploadStatus) {
    case UPLOAD_STATUS.uploading:
      return (
        <Group gap={6} wrap="nowrap">
          <Progress value={item.percentage} size="sm" style={{ flex: 1 }} />
          <Text size="xs" w={96} ta="right" data-testid="upload-percent">{t('upload.uploading', { percent: item.percentage })}</Text>
        </Group>
      );
    case UPLOAD_STATUS.decoding:
      return <Text size="xs" c="blue">{t('upload.decoding')}</Text>;
    case UPLOAD_STATUS.done:
      return <Text size="xs" c="green">{t('upload.done')}</Text>;
    default:
      return (
        <Tooltip label={item.message} disabled={!item.message}>
          <Text size="xs" c="red">{t('upload.failed')}{item.message ? `：${item.message}` : ''}</Text>
        </Tooltip>
      );
  }
}

/** Floating upload queue (spec 000 §2): name, size and status of each upload, the count remaining, fold and close. */
export function UploadQueuePanel() {
  const { t } = useTranslation();
  const snap = useSnapshot(uploadQueue);
  if (!snap.open) return null;
  const remaining = remainingUploads(snap.items);
  return (
    <Paper shadow="lg" withBorder radius="md" p="sm" w={360} style={{ position: 'fixed', right: 16, bottom: 16 + snap.bottomReserve, zIndex: 300 }} data-testid="upload-queue">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8}>
          <Text fw={600} size="sm">{t('upload.queueTitle')}</Text>
          <Badge size="sm" variant="light" data-testid="upload-remaining">{t('upload.remaining', { count: remaining })}</Badge>
        </Group>
        <Group gap={4}>
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={toggleUploadQueueFold} aria-label={snap.folded ? t('upload.unfold') : t('upload.fold')} data-testid="upload-queue-fold">
            <Icon name="chevron" size={14} style={{ transform: snap.folded ? 'rotate(180deg)' : undefined }} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={closeUploadQueue} aria-label={t('upload.close')} data-testid="upload-queue-close">
            <Icon name="close" size={14} />
          </ActionIcon>
        </Group>
      </Group>
      {!snap.folded && (
        <ScrollArea.Autosize mah={260} mt="xs">
          <Stack gap="xs">
            {snap.items.length === 0 && <Text size="xs" c="dimmed">{t('upload.empty')}</Text>}
            {snap.items.map((item) => (
              <div key={item.id} data-testid="upload-item" data-status={item.uploadStatus}>
                <Group justify="space-between" wrap="nowrap" gap={8}>
                  <Text size="sm" truncate="end" title={item.name} style={{ flex: 1 }}>{item.name}</Text>
                  <Text size="xs" c="dimmed">{fileSizeText(item.size)}</Text>
                </Group>
                <StatusLine item={item as UploadItem} />
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

/** Top-bar entry to the queue: shown while there are uploads, with the count still running. */
export function UploadQueueButton() {
  const { t } = useTranslation();
  const snap = useSnapshot(uploadQueue);
  if (snap.items.length === 0) return null;
  const remaining = remainingUploads(snap.items);
  return (
    <Tooltip label={t('upload.open')}>
      <Indicator label={remaining} size={16} disabled={remaining === 0} offset={4}>
        <ActionIcon variant="subtle" color="gray" onClick={showUploadQueue} aria-label={t('upload.open')} data-testid="upload-queue-button">
          <Icon name="upload" />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
