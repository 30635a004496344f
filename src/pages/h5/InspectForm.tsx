import { ActionIcon, Alert, Button, Card, CloseButton, Group, Image, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileInfo } from '../../api/files';
import { call } from '../../api/http';
import { localDay } from '../../../core/calendar.ts';
import { PhotoButton, ShopSelect, uploadPhoto, useDefaultShop } from './H5Parts';
import { INSPECT, type InspectDoc } from './InspectParts';

/** Filing a shop inspection: shop, date, the items passed or failed (with a note), photos and a remark. */

const DEFAULT_ITEMS = ['陈列整齐', '价签齐全', '卫生清洁', '消防通道畅通', '员工着装规范'];

export function InspectForm({ onDone }: { onDone: (doc: InspectDoc) => void }) {
  const { t } = useTranslation();
  const [shopId, setShopId] = useDefaultShop(null);
  const [date, setDate] = useState(localDay());
  const [items, setItems] = useState<{ itemName: string; result: number; remark: string }[]>(DEFAULT_ITEMS.map((itemName) => ({ itemName, result: 1, remark: '' })));
  const [extra, setExtra] = useState('');
  const [photos, setPhotos] = useState<FileInfo[]>([]);
  const [remark, setRemark] = useState('');
  const upload = useMutation({ mutationFn: uploadPhoto, onSuccess: (info) => setPhotos((p) => [...p, info]) });
  const save = useMutation({
    mutationFn: () =>
      call<InspectDoc>({
        method: 'POST',
        url: `${INSPECT}/save`,
        silent: true,
        data: {
          shopId,
          inspectDate: date,
          remark: remark.trim() || null,
          photos: photos.map((p) => p.videoObjectKey).join(',') || null,
          itemList: items.map((i) => ({ itemName: i.itemName, result: i.result, remark: i.remark.trim() || null })),
        },
      }),
    onSuccess: onDone,
  });
  const set = (index: number, patch: Partial<(typeof items)[number]>) => setItems((list) => list.map((x, i) => (i === index ? { ...x, ...patch } : x)));
  const addItem = () => {
    const name = extra.trim();
    if (!name || items.some((i) => i.itemName === name)) return;
    setItems((list) => [...list, { itemName: name.slice(0, 48), result: 1, remark: '' }]);
    setExtra('');
  };
  return (
    <Stack gap="md" data-testid="h5-inspect-form">
      <ShopSelect value={shopId} onChange={setShopId} />
      <TextInput size="lg" type="date" label={t('h5.inspectDate')} value={date} max={localDay()} onChange={(e) => setDate(e.currentTarget.value)} data-testid="h5-inspect-date" />
      <Text fw={600}>{t('h5.inspectItems')}</Text>
      {items.map((item, index) => (
        <Card key={item.itemName} withBorder radius="md" p="sm" data-testid={`h5-item-${index}`}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="md">{item.itemName}</Text>
            <Group gap={4} wrap="nowrap">
              <SegmentedControl size="md" value={String(item.result)} onChange={(v) => set(index, { result: Number(v) })}
                data={[{ value: '1', label: '合格' }, { value: '2', label: '不合格' }]} color={item.result === 2 ? 'red' : 'green'} />
              <CloseButton size="lg" aria-label={t('h5.removeItem')} onClick={() => setItems((list) => list.filter((_, i) => i !== index))} />
            </Group>
          </Group>
          {item.result === 2 && (
            <TextInput mt="xs" size="md" placeholder={t('h5.fixNote')} value={item.remark} maxLength={100} onChange={(e) => set(index, { remark: e.currentTarget.value })} data-testid={`h5-item-note-${index}`} />
          )}
        </Card>
      ))}
      <Group wrap="nowrap" align="flex-end">
        <TextInput size="md" style={{ flex: 1 }} placeholder={t('h5.addItemHint')} value={extra} maxLength={48} onChange={(e) => setExtra(e.currentTarget.value)} />
        <Button size="md" variant="light" onClick={addItem} disabled={!extra.trim()}>{t('h5.addItem')}</Button>
      </Group>
      <Text fw={600}>{t('h5.inspectPhotos', { n: photos.length })}</Text>
      {photos.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {photos.map((p) => (
            <div key={p.videoObjectKey} style={{ position: 'relative' }}>
              <Image src={p.url} radius="sm" h={96} fit="cover" />
              <ActionIcon size="lg" color="red" radius="xl" style={{ position: 'absolute', top: 2, right: 2 }} aria-label={t('h5.removePhoto')}
                onClick={() => setPhotos((list) => list.filter((x) => x.videoObjectKey !== p.videoObjectKey))}>×</ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      )}
      {photos.length < 9 && <PhotoButton label={t('h5.addPhoto')} capture="environment" busy={upload.isPending} onFile={(f) => upload.mutate(f)} testId="h5-inspect-photo" />}
      {upload.isError && <Alert color="red">{upload.error.message}</Alert>}
      <Textarea size="lg" label={t('h5.inspectRemark')} maxLength={200} autosize minRows={2} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} data-testid="h5-inspect-remark" />
      {save.isError && <Alert color="red" data-testid="h5-error">{save.error.message}</Alert>}
      <Button size="lg" fullWidth loading={save.isPending} disabled={!shopId || !items.length || upload.isPending} onClick={() => save.mutate()} data-testid="h5-inspect-submit">
        {t('h5.submitInspect')}
      </Button>
    </Stack>
  );
}
