import { Badge, Button, Card, Center, Group, Loader, Modal, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoursePlayer } from './CoursePlayer';
import { minutes, trainingApi, type Det } from './api';

/** 我的课程: the courses assigned to the logged-in person, with progress and deadline; opens one to watch and resume. */
export default function MyCoursePage() {
  const { t } = useTranslation();
  const my = useQuery({ queryKey: ['training', 'my'], queryFn: trainingApi.my });
  const [open, setOpen] = useState<Det | null>(null);
  return (
    <Stack data-testid="my-courses">
      <Title order={4}>{t('training.my.title')}</Title>
      {my.isLoading && <Center><Loader /></Center>}
      {my.data && !my.data.length && <Text c="dimmed" ta="center" py="xl">{t('training.my.empty')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {my.data?.map((d) => <CourseCard key={d.detId} det={d} onOpen={() => setOpen(d)} />)}
      </SimpleGrid>
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open?.title} size="xl">
        {open && <CoursePlayer materialId={open.materialId} />}
      </Modal>
    </Stack>
  );
}

export function CourseCard({ det, onOpen }: { det: Det; onOpen: () => void }) {
  const { t } = useTranslation();
  const status = det.completed ? ['green', t('training.status.completed')] : det.overdue ? ['red', t('training.status.overdue')] : det.watchedSeconds ? ['blue', t('training.status.learning')] : ['gray', t('training.status.notStarted')];
  return (
    <Card withBorder radius="md" data-testid={`course-card-${det.detId}`}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{det.title}</Text>
        <Badge color={status[0]}>{status[1]}</Badge>
      </Group>
      <Text size="sm" c="dimmed">{det.taskName} · {det.groupName} · {minutes(det.durationSeconds)}</Text>
      <Progress mt="sm" value={det.watchedPercent} color={det.completed ? 'green' : 'blue'} />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" data-testid="course-card-percent">{t('training.my.percent', { percent: det.watchedPercent })}</Text>
        <Text size="xs" c={det.overdue ? 'red' : 'dimmed'}>{t('training.fields.deadline')} {det.deadline}</Text>
      </Group>
      {det.auditStatus > 0 && <Text size="xs" mt={4}>{t('training.fields.auditStatus')}：{det.auditStatusName}{det.auditRemark ? `（${det.auditRemark}）` : ''}</Text>}
      <Button mt="sm" fullWidth variant={det.completed ? 'light' : 'filled'} onClick={onOpen} disabled={det.watchable === false} data-testid="course-open">
        {det.watchable === false
          ? t('training.my.closed')
          : det.furthestPosition > 0 && !det.completed ? t('training.my.resume', { at: minutes(det.furthestPosition) }) : t('training.my.watch')}
      </Button>
    </Card>
  );
}
