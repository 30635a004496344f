import { Badge, Card, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http';
import { SYSTEM_SERVER } from './H5Parts';

/** Today's clocks of the person logged in, shown below /h5/clockIn and /h5/uploadFaceSuccess. */

export interface MyClock {
  clockId: number;
  shopName: string;
  clockType: number;
  clockTypeName: string;
  clockTime: string;
}

/** The query of today's clocks, refreshed after clocking in. */
export const MY_CLOCKS_KEY = ['h5', 'myClocks'];

const myToday = () => call<MyClock[]>({ method: 'GET', url: `${SYSTEM_SERVER}/attn-clock/my-today` });

export function TodayClocks() {
  const { t } = useTranslation();
  const today = useQuery({ queryKey: MY_CLOCKS_KEY, queryFn: myToday });
  return (
    <Card withBorder radius="md" p="md" data-testid="h5-today-clocks">
      <Text fw={600} mb="xs">{t('h5.todayClocks')}</Text>
      {today.isLoading && <Loader size="sm" />}
      {today.data && !today.data.length && <Text c="dimmed">{t('h5.noClocks')}</Text>}
      {today.data?.map((c) => (
        <Group key={c.clockId} justify="space-between" wrap="nowrap" py={4}>
          <Badge size="lg" color={c.clockType === 1 ? 'green' : 'gray'}>{c.clockTypeName}</Badge>
          <Text size="md">{c.clockTime.slice(11, 16)}</Text>
          <Text size="md" c="dimmed" truncate>{c.shopName}</Text>
        </Group>
      ))}
    </Card>
  );
}
