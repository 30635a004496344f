import { Alert, Button, Center, Code, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/http';
import { notifySuccess } from '../../feedback/notify';
import { DEVICE_ACTIVE_PATH, HOME_PATH, LOGIN_PATH } from '../../router/staticRoutes';
import { ensureDeviceFingerprint, saveDeviceShopId, tabToken } from '../../session/sessionStorage';
import { appState } from '../../store/appStore';

interface Device {
  shopDeviceId: number;
  shopId: number;
  shopName: string | null;
  deviceName: string;
  fingerprintCode: string | null;
  active: boolean;
}

const DEVICES_URL = '/wxy-shop-server/shop-device/page';

/**
 * /baseInfo/deviceActive (public route): binds this browser's fingerprint to a shop device registered under
 * 门店设备, so the cash register opens here and knows its shop (cookie deviceShopId, 3 days). Activating needs
 * a session of someone holding 激活设备; without one the page offers the login and comes back.
 */
export default function DeviceActivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [fingerprint] = useState(ensureDeviceFingerprint);
  const [chosen, setChosen] = useState<string | null>(null);
  const loggedIn = Boolean(tabToken());
  const devices = useQuery({
    queryKey: ['shop-device', 'activation'],
    queryFn: () => call<{ records: Device[] }>({ method: 'POST', url: DEVICES_URL, data: { pageNum: 1, pageSize: 999 }, silent: true }),
    enabled: loggedIn,
  });
  const records = devices.data?.records ?? [];
  const mine = records.find((d) => d.active && d.fingerprintCode === fingerprint);
  const waiting = records.filter((d) => !d.active);
  const activate = useMutation({
    mutationFn: (device: Device) =>
      call<null>({ method: 'PUT', url: `/wxy-shop-server/shop-device/active/${device.shopDeviceId}/${encodeURIComponent(fingerprint)}` }).then(() => device),
    onSuccess: (device) => {
      saveDeviceShopId(device.shopId);
      appState.deviceShopId = String(device.shopId);
      notifySuccess({ text: t('deviceActive.done', { shop: device.shopName ?? '', device: device.deviceName }) });
      void devices.refetch();
    },
  });

  return (
    <Center mih="100vh" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" w={520} data-testid="device-active">
        <Stack>
          <Title order={3}>{t('deviceActive.title')}</Title>
          <Text size="sm" c="dimmed">{t('deviceActive.intro')}</Text>
          <Group gap="xs">
            <Text size="sm">{t('deviceActive.fingerprint')}</Text>
            <Code data-testid="device-fingerprint">{fingerprint}</Code>
          </Group>
          {!loggedIn && (
            <Alert color="blue">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('deviceActive.needLogin')}</Text>
                <Button size="xs" onClick={() => navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(DEVICE_ACTIVE_PATH)}`)}>{t('deviceActive.login')}</Button>
              </Stack>
            </Alert>
          )}
          {devices.isError && <Alert color="red">{t('deviceActive.loadFailed', { msg: (devices.error as Error).message })}</Alert>}
          {mine && (
            <Alert color="green" data-testid="device-activated">
              {t('deviceActive.activated', { shop: mine.shopName ?? '', device: mine.deviceName })}
            </Alert>
          )}
          {loggedIn && devices.isSuccess && !mine && (
            waiting.length ? (
              <>
                <Select
                  label={t('deviceActive.device')}
                  placeholder={t('deviceActive.devicePlaceholder')}
                  data={waiting.map((d) => ({ value: String(d.shopDeviceId), label: `${d.shopName ?? ''} · ${d.deviceName}` }))}
                  value={chosen}
                  onChange={setChosen}
                  searchable
                  data-testid="device-select"
                />
                <Button
                  disabled={!chosen}
                  loading={activate.isPending}
                  onClick={() => activate.mutate(waiting.find((d) => String(d.shopDeviceId) === chosen)!)}
                  data-testid="device-activate"
                >
                  {t('deviceActive.activate')}
                </Button>
              </>
            ) : (
              <Alert color="yellow">{t('deviceActive.none')}</Alert>
            )
          )}
          {loggedIn && (
            <Group justify="flex-end">
              <Button variant="subtle" onClick={() => navigate(HOME_PATH)}>{t('deviceActive.home')}</Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
