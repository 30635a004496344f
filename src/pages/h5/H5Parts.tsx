import { Button, Group, Select, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http';

/** Shared pieces of the mobile (h5) pages: the blue header bar and the picker of the user's own shops. */
export const H5_HOME = '/h5/authorList';

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
