import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import { FIRST_PAGE, PagedTable } from '../../components/PagedTable';
import { versionLogColumns } from '../system/loginRecordColumns';
import { PublishVersionButton } from './PublishVersionButton';

/** The version log table: what changed in each release (also in the personal centre). */
export function VersionLogTable() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const logs = useQuery({ queryKey: queryKeys.versionLogs(paging.page, paging.size), queryFn: () => systemApi.versionLogs(paging.page, paging.size) });
  return <PagedTable columns={versionLogColumns(t)} data={logs.data} loading={logs.isFetching} paging={paging} onPaging={setPaging} testId="version-log-table" />;
}

/** 版本日志 (system management): the log, and publishing a version for those allowed to. */
export default function VersionLogPage() {
  return (
    <Stack>
      <Group justify="flex-end">
        <PublishVersionButton />
      </Group>
      <VersionLogTable />
    </Stack>
  );
}
