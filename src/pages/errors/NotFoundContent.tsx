import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 404 inside the layout: a menu route whose screen does not exist, or an unknown address. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py={80} data-testid="page-404">
      <Title order={1} c="blue.6">404</Title>
      <Text c="dimmed">{t('errors.notFoundText')}</Text>
    </Stack>
  );
}
