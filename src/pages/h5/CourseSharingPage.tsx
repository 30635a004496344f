import { Alert, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CoursePlayer } from '../../../screens-custom/training/CoursePlayer';

/**
 * /h5/courseSharing?materialId=N: a shared course watched on a phone. The person logs in on the h5 login (the
 * redirect brings them back); the server decides whether their roles or an assignment let them watch, and records
 * their progress when the course is assigned to them.
 */
export default function CourseSharingPage() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useLocation().search);
  const materialId = Number(query.get('materialId') ?? query.get('id'));
  return (
    <Stack gap={0}>
      <Group px="md" py="sm" bg="blue.6" justify="center">
        <Title order={4} c="white">{t('training.h5.title')}</Title>
      </Group>
      <Stack p="md" data-testid="h5-course">
        {Number.isInteger(materialId) && materialId > 0 ? <CoursePlayer materialId={materialId} compact /> : <Alert color="red">{t('training.player.notFound')}</Alert>}
      </Stack>
    </Stack>
  );
}
