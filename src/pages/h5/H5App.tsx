import { Alert, Anchor, Badge, Box, Button, Card, Center, Group, Loader, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { processApi, type Task } from '../../../screens-custom/process/api';
import { queryClient } from '../../api/queryClient';
import { notifySuccess } from '../../feedback/notify';
import { adoptCookieToken } from '../../session/sessionStorage';
import { H5_HOME, Header } from './H5Parts';
import { H5LoginPage } from './H5LoginPage';
import { AiCallLoginPage } from './AiCallLoginPage';
import { ClockInPage } from './ClockInPage';
import { InspectApplyPage } from './InspectApplyPage';
import { ScanCodePage } from './ScanCodePage';
import { UploadFaceSuccessPage } from './UploadFaceSuccessPage';

export { H5_HOME };
import CourseSharingPage from './CourseSharingPage';

/**
 * The mobile (h5) pages of spec 000 §2 that approvers use on their phones: /h5/h5Login (phone and SMS code, then
 * back to ?redirect), /h5/authorList (my pending approvals), /h5/pettyCashAuth and /h5/attandAuth (one approval:
 * the application, its history, 同意 / 驳回 with a comment). They live outside the desktop shell, skip its login
 * check and send to the h5 login instead; controls are finger-sized.
 */

export default function H5App() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // The two login pages log in themselves; every other h5 page sends to the h5 login and back.
  const needsLogin = pathname !== '/h5/h5Login' && pathname !== '/h5/aicallLogin' && !adoptCookieToken();
  useEffect(() => {
    if (needsLogin) navigate(`/h5/h5Login?redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
  }, [needsLogin, pathname, search, navigate]);
  if (needsLogin) return null;
  let page: ReactNode;
  if (pathname === '/h5/h5Login') page = <H5LoginPage />;
  else if (pathname === '/h5/authorList') page = <AuthorListPage />;
  else if (pathname === '/h5/pettyCashAuth' || pathname === '/h5/attandAuth') page = <TaskAuthPage />;
  else if (pathname === '/h5/scanCode') page = <ScanCodePage />;
  else if (pathname === '/h5/clockIn') page = <ClockInPage />;
  else if (pathname === '/h5/uploadFaceSuccess') page = <UploadFaceSuccessPage />;
  else if (pathname === '/h5/aicallLogin') page = <AiCallLoginPage />;
  else if (pathname === '/h5/inspectApply') page = <InspectApplyPage />;
  else if (pathname === '/h5/courseSharing') page = <CourseSharingPage />;
  else page = <NotYet />;
  return (
    <Box maw={750} mx="auto" mih="100vh" bg="gray.0" data-testid="h5-page">
      {page}
    </Box>
  );
}

function NotYet() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Header title={t('h5.title')} />
      <Alert m="md" color="gray">{t('h5.notYet')}</Alert>
    </Stack>
  );
}


/** Where one approval opens: petty cash on its page, everything else (attendance requests) on 考勤审批. */
const authPath = (task: Task) =>
  `${task.businessType === 'pettyCashRecord' ? '/h5/pettyCashAuth' : '/h5/attandAuth'}?processInstanceId=${task.processInstanceId}&taskId=${task.taskId}`;

/** The h5 pages a person starts from (the approver's list shows them as shortcuts). */
const SHORTCUTS: [path: string, key: string][] = [['/h5/clockIn', 'h5.clockIn'], ['/h5/scanCode', 'h5.scanCode'], ['/h5/inspectApply', 'h5.inspectApply']];

function AuthorListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const todo = useQuery({ queryKey: ['process', 'todo', 'h5'], queryFn: () => processApi.todo(1, 50) });
  return (
    <Stack gap={0}>
      <Header title={t('h5.authorList')} />
      <Group px="md" pt="md" grow>
        {SHORTCUTS.map(([path, key]) => (
          <Button key={path} size="md" variant="light" onClick={() => navigate(path)} data-testid={`h5-go-${path.slice(4)}`}>{t(key)}</Button>
        ))}
      </Group>
      <Stack p="md" gap="sm" data-testid="h5-tasks">
        {todo.isLoading && <Center><Loader /></Center>}
        {todo.data && !todo.data.records.length && <Text c="dimmed" ta="center" py="xl">{t('h5.noTasks')}</Text>}
        {todo.data?.records.map((task) => (
          <Card key={task.taskId} withBorder radius="md" p="md" onClick={() => navigate(authPath(task))} style={{ cursor: 'pointer' }} data-testid={`h5-task-${task.taskId}`}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{task.title}</Text>
              <Badge color="orange">{task.taskName}</Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>{task.processName} · {t('h5.applicant')} {task.applicantName}</Text>
            <Text size="sm" c="dimmed">{task.createTime}</Text>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

const FIELD_LABELS: Record<string, string> = {
  amount: '金额', reason: '事由', usageName: '用途', recordNo: '单号', days: '天数', startTime: '开始', endTime: '结束', hours: '时长（小时）', userName: '申请人',
  shopName: '门店', inspectDate: '巡店日期', itemCount: '检查项数', failCount: '不合格项数', failItems: '不合格项', photoCount: '照片张数',
};
const HIDDEN_FIELDS = ['applicantId', 'shopId', 'usageType', 'requestType', 'leaveType'];

function TaskAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = new URLSearchParams(useLocation().search);
  const processInstanceId = Number(query.get('processInstanceId'));
  const taskId = Number(query.get('taskId'));
  const [comment, setComment] = useState('');
  const details = useQuery({ queryKey: ['process', 'details', processInstanceId], queryFn: () => processApi.details(processInstanceId), enabled: processInstanceId > 0 });
  const complete = useMutation({
    mutationFn: (taskType: 1 | 2) => processApi.complete({ processInstanceId, taskId }, taskType, comment.trim()),
    onSuccess: (answer) => {
      notifySuccess({ text: t('h5.completed', { status: answer.statusName }) });
      void queryClient.invalidateQueries({ queryKey: ['process'] });
      navigate(H5_HOME, { replace: true });
    },
  });
  const d = details.data;
  const task = d?.tasks.find((x) => x.taskId === taskId);
  const open = task?.status === 0;
  const fields = Object.entries(d?.variables ?? {}).filter(([k, v]) => !HIDDEN_FIELDS.includes(k) && v !== null && typeof v !== 'object');
  return (
    <Stack gap={0}>
      <Header title={t('h5.approve')} back={() => navigate(H5_HOME)} />
      {details.isLoading && <Center p="xl"><Loader /></Center>}
      {!details.isLoading && !d && <Alert m="md" color="red">{t('h5.notFound')}</Alert>}
      {d && (
        <Stack p="md" gap="md" data-testid="h5-auth">
          <Card withBorder radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{d.title}</Text>
              <Badge data-testid="h5-instance-status">{d.statusName}</Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>{t('h5.applicant')} {d.applicantName}{d.shopName ? ` · ${d.shopName}` : ''} · {d.startTime}</Text>
            <Stack gap={2} mt="sm">
              {fields.map(([k, v]) => (
                <Text key={k} size="md"><Text span c="dimmed">{FIELD_LABELS[k] ?? k}：</Text>{String(v)}</Text>
              ))}
            </Stack>
            {d.businessType === 'inspectApply' && (
              <Anchor mt="sm" size="md" onClick={() => navigate(`/h5/inspectApply?id=${d.businessId}`)} data-testid="h5-open-inspect">{t('h5.inspectOpen')}</Anchor>
            )}
          </Card>
          <Timeline bulletSize={14} lineWidth={2}>
            {d.history.map((h) => (
              <Timeline.Item key={h.id} title={`${h.actionName}${h.nodeName ? ` · ${h.nodeName}` : ''}`}>
                <Text size="sm">{h.userName ?? '系统'} · {h.createTime}</Text>
                {h.comment && <Text size="sm" c="dimmed">{t('h5.comment')}：{h.comment}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
          {open ? (
            <>
              <Textarea size="lg" label={t('h5.comment')} maxLength={200} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} data-testid="h5-comment" />
              <Group grow>
                <Button size="lg" color="red" variant="light" loading={complete.isPending && complete.variables === 2} disabled={complete.isPending}
                  onClick={() => complete.mutate(2)} data-testid="h5-reject">{t('h5.reject')}</Button>
                <Button size="lg" color="green" loading={complete.isPending && complete.variables === 1} disabled={complete.isPending}
                  onClick={() => complete.mutate(1)} data-testid="h5-approve">{t('h5.agree')}</Button>
              </Group>
            </>
          ) : (
            <Alert color="gray" data-testid="h5-task-closed">{task ? t('h5.alreadyDone', { status: task.statusName }) : t('h5.notYours')}</Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
}
