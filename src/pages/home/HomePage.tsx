import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import { formatTime } from '../../components/PagedTable';
import { appState } from '../../store/appStore';
import { useUnreadCount } from '../../notices/noticeQueries';
import { Workbench } from '../../../screens-custom/stats/Workbench';

const SERVER_TIME_REFRESH_MS = 60_000;

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="xs" c="dimmed">{label}</Text>
      <Text fw={600} mt={4} data-testid={testId}>{value}</Text>
    </Card>
  );
}

/** 首页 / 工作台: welcome, tenant branding, the server's time and the day's picture of the user's shops. */
export default function HomePage() {
  const { t } = useTranslation();
  const snap = useSnapshot(appState);
  const user = snap.user;
  const tenant = snap.tenant;
  const unreadCount = useUnreadCount();
  const serverDate = useQuery({ queryKey: queryKeys.serverDate(), queryFn: systemApi.serverDate, refetchInterval: SERVER_TIME_REFRESH_MS });
  return (
    <Stack data-testid="home-page">
      <Card withBorder padding="lg">
        <Group>
          {tenant?.logo && <Image src={tenant.logo} h={48} w={48} fit="contain" alt="" />}
          <div>
            <Title order={3} data-testid="home-welcome">{t('home.welcome', { name: user?.name || user?.userName || '' })}</Title>
            <Text c="dimmed" size="sm">{tenant?.tenantName}</Text>
          </div>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <Fact label={t('home.tenant')} value={tenant?.tenantName ?? snap.tenantId} testId="home-tenant" />
        <Fact label={t('home.serverTime')} value={formatTime(serverDate.data?.now)} testId="home-server-time" />
        <Fact label={t('home.roles')} value={<Group gap={4}>{(user?.roleNames ?? []).map((role) => <Badge key={role} variant="light" tt="none">{role}</Badge>)}</Group>} testId="home-roles" />
        <Fact label={t('home.unread')} value={unreadCount} testId="home-unread" />
      </SimpleGrid>
      <Workbench />
      {tenant?.recordNumber && <Text size="xs" c="dimmed" ta="center">{t('home.record')}: {tenant.recordNumber}</Text>}
    </Stack>
  );
}
