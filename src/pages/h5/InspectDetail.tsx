import { Alert, Badge, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { filesApi } from '../../api/files';
import { call } from '../../api/http';
import { Header } from './H5Parts';
import { INSPECT, StatusBadge, type InspectDoc } from './InspectParts';

/** One shop inspection (/h5/inspectApply?id=): its items with their results, the remarks and the photos. */

function Photos({ keys }: { keys: string[] }) {
  const urls = useQuery({
    queryKey: ['h5', 'photos', keys.join(',')],
    queryFn: () => Promise.all(keys.map((k) => filesApi.info(k, 'image').then((i) => i.url))),
    enabled: keys.length > 0,
  });
  if (!keys.length) return null;
  return (
    <SimpleGrid cols={3} spacing="xs">
      {(urls.data ?? []).map((u) => <Image key={u} src={u} radius="sm" h={96} fit="cover" />)}
    </SimpleGrid>
  );
}

export function InspectDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const doc = useQuery({ queryKey: ['h5', 'inspect', id], queryFn: () => call<InspectDoc>({ method: 'GET', url: `${INSPECT}/get/${id}`, silent: true }) });
  const d = doc.data;
  return (
    <Stack gap={0}>
      <Header title={t('h5.inspectApply')} back={() => navigate('/h5/inspectApply')} />
      {doc.isLoading && <Center p="xl"><Loader /></Center>}
      {doc.isError && <Alert m="md" color="red">{doc.error.message}</Alert>}
      {d && (
        <Stack p="md" gap="md" data-testid="h5-inspect-detail">
          <Card withBorder radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{d.shopName} · {d.inspectDate}</Text>
              <StatusBadge status={d.status} />
            </Group>
            <Text size="sm" c="dimmed">{d.docNo} · {d.createUserName} · {d.createTime}</Text>
            {d.remark && <Text mt="xs">{d.remark}</Text>}
            {d.auditUserName && <Text mt="xs" size="md"><Text span c="dimmed">{t('h5.auditBy', { name: d.auditUserName })}：</Text>{d.auditRemark ?? ''}</Text>}
          </Card>
          <Stack gap="xs">
            {(d.itemList ?? []).map((item) => (
              <Card key={item.itemName} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text>{item.itemName}</Text>
                  <Badge color={item.result === 1 ? 'green' : 'red'}>{item.result === 1 ? '合格' : '不合格'}</Badge>
                </Group>
                {item.remark && <Text size="sm" c="dimmed">{item.remark}</Text>}
              </Card>
            ))}
          </Stack>
          <Photos keys={(d.photos ?? '').split(',').filter(Boolean)} />
        </Stack>
      )}
    </Stack>
  );
}
