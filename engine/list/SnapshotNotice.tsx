import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DescriptorSet, ScreenDescriptor } from '../../core/descriptors/index.ts';
import { callEndpoint } from '../api/calls';
import { followJob, isJobView } from '../jobs/followJob';
import { resolveRoute } from '../runtime/screenModel';
import type { NotCollected } from './useListRecords';

export interface SnapshotNoticeProps {
  set: DescriptorSet;
  screen: ScreenDescriptor;
  /** the month the list's answer says no job computed yet, if any */
  notCollected: NotCollected | undefined;
  can: (perm?: string) => boolean;
  refresh: () => Promise<void>;
}

/** A snapshot report's month that no job computed yet: the page says so, and offers to compute it (then refreshes). */
export function SnapshotNotice({ set, screen, notCollected, can, refresh }: SnapshotNoticeProps) {
  const { t } = useTranslation();
  const resource = set.resources.get(screen.resource)!;
  const collectRoute = resource.snapshot ? resolveRoute(set, screen, resource.snapshot.collect) : null;
  const [collecting, setCollecting] = useState(false);
  const collectMonth = async (month: string) => {
    if (!collectRoute || !resource.snapshot || collecting) return;
    setCollecting(true);
    try {
      const answer = await callEndpoint(collectRoute, {}, { [resource.snapshot.period]: month });
      if (isJobView(answer) && (await followJob(answer)).status === 'done') await refresh();
    } catch {
      // the API client showed the server's message
    } finally {
      setCollecting(false);
    }
  };
  if (!notCollected) return null;
  return (
    <Alert color="orange" data-testid={`${screen.name}-not-collected`}>
      <Group justify="space-between">
        <Text size="sm">{notCollected.message}</Text>
        {collectRoute && can(collectRoute.route.perm) && (
          <Button size="xs" loading={collecting} onClick={() => void collectMonth(notCollected.reportMonth)} data-testid={`${screen.name}-collect-month`}>
            {t('reports.collectMonth')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
