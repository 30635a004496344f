import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import { FIRST_PAGE, PagedTable } from '../../components/PagedTable';
import { versionLogColumns } from '../system/loginRecordColumns';

/** 版本日志: what changed in each release (also in the personal centre). */
export default function VersionLogPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const logs = useQuery({ queryKey: queryKeys.versionLogs(paging.page, paging.size), queryFn: () => systemApi.versionLogs(paging.page, paging.size) });
  return <PagedTable columns={versionLogColumns(t)} data={logs.data} loading={logs.isFetching} paging={paging} onPaging={setPaging} testId="version-log-table" />;
}
