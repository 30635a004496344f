import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/queryClient';
import { systemApi } from '../../api/system';
import { FIRST_PAGE, PagedTable } from '../../components/PagedTable';
import { MAX_LENGTH } from '../../forms/inputRules';
import { loginRecordColumns } from '../system/loginRecordColumns';

/** 登录日志: every login attempt of the tenant, filtered by user name and result. */
export default function LoginLogPage() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [userNameDraft, setUserNameDraft] = useState('');
  const [filter, setFilter] = useState({ userName: '', success: '' });
  const [successDraft, setSuccessDraft] = useState('');
  const records = useQuery({
    queryKey: queryKeys.tenantLoginRecords(paging.page, paging.size, filter.userName, filter.success),
    queryFn: () => systemApi.tenantLoginRecords(paging.page, paging.size, filter),
  });
  return (
    <Stack data-testid="login-log-page">
      <form onSubmit={(e) => { e.preventDefault(); setFilter({ userName: userNameDraft.trim(), success: successDraft }); setPaging({ ...paging, page: 1 }); }}>
        <Group>
          <TextInput placeholder={t('loginRecord.userName')} value={userNameDraft} maxLength={MAX_LENGTH.name} onChange={(e) => setUserNameDraft(e.currentTarget.value)} />
          <Select
            w={140}
            value={successDraft}
            onChange={(v) => setSuccessDraft(v ?? '')}
            data={[{ value: '', label: t('common.all') }, { value: 'true', label: t('common.success') }, { value: 'false', label: t('common.failure') }]}
            allowDeselect={false}
          />
          <Button type="submit">{t('common.search')}</Button>
        </Group>
      </form>
      <PagedTable columns={loginRecordColumns(t)} data={records.data} loading={records.isFetching} paging={paging} onPaging={setPaging} testId="login-log-table" />
    </Stack>
  );
}
