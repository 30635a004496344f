import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import { FIRST_PAGE, PagedTable } from '../../components/PagedTable';
import { loginRecordColumns } from '../system/loginRecordColumns';

/** 登录记录: the user's own login attempts. */
export default function LoginRecordPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const records = useQuery({ queryKey: queryKeys.myLoginRecords(paging.page, paging.size), queryFn: () => systemApi.myLoginRecords(paging.page, paging.size) });
  return <PagedTable columns={loginRecordColumns(t)} data={records.data} loading={records.isFetching} paging={paging} onPaging={setPaging} testId="login-record-table" />;
}
