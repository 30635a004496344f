import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { LoginRecord, VersionLog } from '../../api/types';
import { type Column, formatTime } from '../../components/PagedTable';

/** Columns shared by the tenant login log and the personal login record. */
export function loginRecordColumns(t: TFunction): Column<LoginRecord>[] {
  return [
    { key: 'loginTime', title: t('loginRecord.time'), render: (r) => formatTime(r.loginTime), width: 170 },
    { key: 'userName', title: t('loginRecord.userName'), render: (r) => r.userName },
    { key: 'grantType', title: t('loginRecord.grantType'), render: (r) => (r.grantType === 'phoneNumber' ? t('loginRecord.grantPhone') : t('loginRecord.grantPassword')) },
    { key: 'ip', title: t('loginRecord.ip'), render: (r) => r.ip },
    {
      key: 'success', title: t('loginRecord.result'), render: (r) => (
        <Badge color={r.success ? 'green' : 'red'} variant="light">{r.success ? t('common.success') : t('common.failure')}</Badge>
      ),
    },
    { key: 'msg', title: t('loginRecord.msg'), render: (r) => r.msg },
    { key: 'userAgent', title: t('loginRecord.userAgent'), render: (r) => <Text size="xs" lineClamp={1} maw={260} title={r.userAgent ?? ''}>{r.userAgent}</Text> },
  ];
}

export function versionLogColumns(t: TFunction): Column<VersionLog>[] {
  return [
    { key: 'version', title: t('versionLog.version'), render: (r) => <Text fw={600}>{r.version}</Text>, width: 120 },
    { key: 'publishTime', title: t('versionLog.publishTime'), render: (r) => formatTime(r.publishTime), width: 170 },
    { key: 'content', title: t('versionLog.content'), render: (r) => <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{r.content}</Text> },
  ];
}
