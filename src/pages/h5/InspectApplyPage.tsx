import { Alert, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../api/http';
import { queryClient } from '../../api/queryClient';
import { H5_HOME, Header, param, positiveId } from './H5Parts';
import { InspectDetail } from './InspectDetail';
import { InspectForm } from './InspectForm';
import { INSPECT, StatusBadge, type InspectDoc } from './InspectParts';

/**
 * /h5/inspectApply (spec 000 §2): file a shop inspection for the shop manager to confirm, see the recent ones, and
 * open one by ?id=.
 */

export function InspectApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = positiveId(param(search, 'id'));
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState<InspectDoc | null>(null);
  const list = useQuery({
    queryKey: ['h5', 'inspectList'],
    queryFn: () => call<{ records: InspectDoc[] }>({ method: 'POST', url: `${INSPECT}/findPage`, data: { pageNum: 1, pageSize: 20 } }),
    enabled: !id,
  });
  if (id) return <InspectDetail id={id} />;
  return (
    <Stack gap={0}>
      <Header title={t('h5.inspectApply')} back={() => (adding ? setAdding(false) : navigate(H5_HOME))} />
      <Stack p="md" gap="md">
        {saved && !adding && (
          <Alert color="green" data-testid="h5-inspect-saved">{t('h5.inspectSaved', { no: saved.docNo })}</Alert>
        )}
        {adding ? (
          <InspectForm
            onDone={(doc) => {
              setSaved(doc);
              setAdding(false);
              void queryClient.invalidateQueries({ queryKey: ['h5', 'inspectList'] });
            }}
          />
        ) : (
          <>
            <Button size="lg" fullWidth onClick={() => { setSaved(null); setAdding(true); }} data-testid="h5-inspect-new">{t('h5.newInspect')}</Button>
            {list.isLoading && <Center><Loader /></Center>}
            {list.data && !list.data.records.length && <Text c="dimmed" ta="center" py="xl">{t('h5.noInspects')}</Text>}
            <Stack gap="sm" data-testid="h5-inspect-list">
              {list.data?.records.map((d) => (
                <Card key={d.id} withBorder radius="md" p="md" onClick={() => navigate(`/h5/inspectApply?id=${d.id}`)} style={{ cursor: 'pointer' }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{d.shopName} · {d.inspectDate}</Text>
                    <StatusBadge status={d.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {d.docNo} · {d.createUserName} · {t('h5.inspectCounts', { n: d.itemCount, fail: d.failCount })}
                  </Text>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}
