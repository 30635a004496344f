import { Alert, Group, Select, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { appState } from '../../src/store/appStore';
import { call } from '../../src/api/http';
import { statShops } from '../stats/api';
import { dailyPage, listShops, S } from './api';
import { DailyMeetingPanel } from './DailyMeetingPanel';
import { ShopMeetingPanel } from './ShopMeetingPanel';
import { WeeklyMeetingPanel } from './WeeklyMeetingPanel';
import { DateField } from '../../widgets/datePickers';
import { localDay } from '../../core/calendar.ts';

/**
 * 会议管理 (/shopManage/meeting): a shop's daily, weekly and shop meetings. Choose the shop and the day; each tab
 * shows its meeting of that day (week) with the figures from the orders and targets, or a new one pre-filled.
 */
export default function MeetingPage() {
  const shops = useQuery({ queryKey: ['meeting', 'shops'], queryFn: listShops });
  // On a shop's register computer, that shop first.
  const deviceShopId = Number(useSnapshot(appState).deviceShopId) || null;
  const [shopId, setShopId] = useState<string | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('daily');
  // The shops the person works at or manages (every shop for admin): theirs comes first, not the list's first shop.
  const mine = useQuery({ queryKey: ['meeting', 'myShops'], queryFn: statShops });
  // Someone of every shop (admin, head office) opens on the shop that held the latest daily meeting, not on the
  // list's first shop, which may have none.
  const everyShop = !!shops.data && mine.isFetched && (mine.data ?? []).length >= shops.data.length;
  const latest = useQuery({ queryKey: ['meeting', 'latestDaily'], queryFn: () => dailyPage(1, 1, null), enabled: everyShop && !deviceShopId });
  useEffect(() => {
    if (shopId || !shops.data?.length || !mine.isFetched) return;
    if (everyShop && !deviceShopId && !latest.isFetched) return;
    const active = (id: number | undefined) => shops.data.find((s) => s.shopId === id && s.status === 1)?.shopId;
    const own = everyShop ? undefined : (mine.data ?? []).find((s) => s.status === 1)?.shopId;
    const held = everyShop ? active(latest.data?.records[0]?.shopId) : undefined;
    setShopId(String(shops.data.find((s) => s.shopId === deviceShopId)?.shopId ?? own ?? held ?? shops.data.find((s) => s.status === 1)?.shopId ?? shops.data[0].shopId));
  }, [shops.data, mine.data, mine.isFetched, shopId, deviceShopId, everyShop, latest.data, latest.isFetched]);
  const id = shopId ? Number(shopId) : null;
  // The meeting day is the server's calendar day (the browser's zone may differ from the database's).
  const serverDay = useQuery({
    queryKey: ['meeting', 'today', id],
    queryFn: () => call<{ meetingDate: string }>({ method: 'GET', url: `${S}/shop-daily-meeting/canInsert/${id}` }),
    enabled: Boolean(id) && day === null,
  });
  useEffect(() => {
    if (day === null && serverDay.data) setDay(serverDay.data.meetingDate);
  }, [serverDay.data, day]);
  const validDay = day !== null && /^\d{4}-\d{2}-\d{2}$/.test(day);
  return (
    <Stack data-testid="meeting-page">
      <Group>
        <Title order={4}>会议管理</Title>
        <Select
          w={220} label="门店" searchable data-testid="meeting-shop"
          data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: `${s.shopName}（${s.shopCode}）` }))}
          value={shopId} onChange={setShopId} allowDeselect={false}
        />
        <DateField label={tab === 'weekly' ? '周内任一天' : '会议日期'} value={day} maxDate={serverDay.data?.meetingDate ?? localDay()} onChange={(v) => setDay(v ?? null)} testId="meeting-day" />
      </Group>
      {shops.isError && <Alert color="red">门店列表加载失败</Alert>}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="daily">日会</Tabs.Tab>
          <Tabs.Tab value="weekly">周会</Tabs.Tab>
          <Tabs.Tab value="shop">店会</Tabs.Tab>
        </Tabs.List>
        {id && validDay && day && (
          <>
            <Tabs.Panel value="daily" pt="sm"><DailyMeetingPanel key={`${id}-${day}`} shopId={id} day={day} /></Tabs.Panel>
            <Tabs.Panel value="weekly" pt="sm"><WeeklyMeetingPanel key={`${id}-${day}`} shopId={id} day={day} /></Tabs.Panel>
            <Tabs.Panel value="shop" pt="sm"><ShopMeetingPanel key={`${id}-${day}`} shopId={id} day={day} /></Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
