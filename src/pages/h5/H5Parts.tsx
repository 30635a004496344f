import { Button, Group, Select, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi, type FileInfo } from '../../api/files';
import { call } from '../../api/http';

/**
 * Shared pieces of the mobile (h5) pages: the blue header bar, the picker of the user's own shops, the link's
 * parameters and the photo button.
 */
export const H5_HOME = '/h5/authorList';
export const SYSTEM_SERVER = '/wxy-system-server';

/** A parameter of the page's link (its `search`). */
export const param = (search: string, key: string) => new URLSearchParams(search).get(key);
/** A link's id when it is a positive whole number, else null. */
export const positiveId = (v: string | null) => (v && /^[0-9]{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function Header({ title, back }: { title: string; back?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group px="md" py="sm" bg="blue.6" c="white" justify="space-between" wrap="nowrap">
      {back ? <Button variant="subtle" color="white" size="compact-md" onClick={back} data-testid="h5-back">{t('h5.back')}</Button> : <span />}
      <Title order={4} c="white">{title}</Title>
      <span />
    </Group>
  );
}

export interface MyShop {
  shopId: number;
  shopCode: string;
  shopName: string;
  status: number;
}

/** The shops this person works for (admin: all), active ones only: the same list the statistics pages filter by. */
export function useMyShops() {
  return useQuery({
    queryKey: ['h5', 'myShops'],
    queryFn: async () => (await call<MyShop[]>({ method: 'GET', url: '/wxy-order-server/statistics/shops' })).filter((s) => Number(s.status) === 1),
  });
}

export function ShopSelect({ value, onChange, testId = 'h5-shop' }: { value: number | null; onChange: (id: number | null) => void; testId?: string }) {
  const { t } = useTranslation();
  const shops = useMyShops();
  return (
    <Select
      size="lg"
      label={t('h5.shop')}
      placeholder={t('h5.chooseShop')}
      searchable
      data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: s.shopName }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t('h5.noShop')}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/** The first of my shops unless the link names one of them. */
export function useDefaultShop(wanted: number | null): [number | null, (id: number | null) => void] {
  const shops = useMyShops();
  const [shopId, setShopId] = useState<number | null>(null);
  useEffect(() => {
    if (shopId || !shops.data?.length) return;
    setShopId(shops.data.find((s) => s.shopId === wanted)?.shopId ?? shops.data[0].shopId);
  }, [shops.data, wanted, shopId]);
  return [shopId, setShopId];
}

/** Uploads one photo through the file service (no queue panel on the phone pages); the server's refusal as text. */
export async function uploadPhoto(file: File): Promise<FileInfo> {
  const info = await filesApi.upload(file, { purpose: 'h5' }, () => undefined);
  if (!info) throw new Error('上传失败，请重试');
  return info;
}

export function PhotoButton({ label, onFile, busy, capture, testId }: { label: string; onFile: (f: File) => void; busy: boolean; capture: 'user' | 'environment'; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" accept="image/*" capture={capture} hidden data-testid={`${testId}-input`}
        onChange={(e) => { const f = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (f) onFile(f); }} />
      <Button size="lg" fullWidth loading={busy} onClick={() => input.current?.click()} data-testid={testId}>{label}</Button>
    </>
  );
}
