import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

function ErrorPage({ code, titleKey, textKey, testId }: { code: string; titleKey: string; textKey: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="100vh" data-testid={testId}>
      <Stack align="center" gap="sm">
        <Title order={1} c="blue.6" fz={72}>{code}</Title>
        <Title order={3}>{t(titleKey)}</Title>
        <Text c="dimmed">{t(textKey)}</Text>
        <Button onClick={() => navigate('/', { replace: true })} data-testid="back-home">{t('errors.backHome')}</Button>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return <ErrorPage code="404" titleKey="errors.notFoundTitle" textKey="errors.notFoundText" testId="page-404" />;
}

export function UnauthorizedPage() {
  return <ErrorPage code="401" titleKey="errors.unauthorizedTitle" textKey="errors.unauthorizedText" testId="page-401" />;
}
