import { Alert, Button, Center, Group, Image, Loader, Stack } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { filesApi } from '../../api/files';
import { call } from '../../api/http';
import { queryClient } from '../../api/queryClient';
import { Header, param, positiveId, SYSTEM_SERVER, useMyShops } from './H5Parts';
import { MY_CLOCKS_KEY, TodayClocks, type MyClock } from './TodayClocks';

/** /h5/uploadFaceSuccess (spec 000 §2): the photo just uploaded, then 上班 / 下班 clocks in or out with it. */

export function UploadFaceSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const photoKey = param(search, 'photoKey');
  const bucket = param(search, 'bucket') || 'image';
  const shopId = positiveId(param(search, 'shopId'));
  const shops = useMyShops();
  const shopName = shops.data?.find((s) => s.shopId === shopId)?.shopName;
  const photo = useQuery({ queryKey: ['h5', 'photo', photoKey, bucket], queryFn: () => filesApi.info(photoKey!, bucket), enabled: !!photoKey });
  const clock = useMutation({
    mutationFn: (clockType: 1 | 2) => call<MyClock>({ method: 'POST', url: `${SYSTEM_SERVER}/attn-clock/clock-in`, data: { shopId, clockType, photoKey }, silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MY_CLOCKS_KEY }),
  });
  if (!photoKey || !shopId)
    return (
      <Stack gap={0}>
        <Header title={t('h5.uploadFaceSuccess')} back={() => navigate('/h5/clockIn')} />
        <Alert m="md" color="orange">{t('h5.noPhoto')}</Alert>
        <Button m="md" size="lg" onClick={() => navigate('/h5/clockIn')}>{t('h5.takePhoto')}</Button>
      </Stack>
    );
  const done = clock.data;
  return (
    <Stack gap={0}>
      <Header title={t('h5.uploadFaceSuccess')} back={() => navigate(`/h5/clockIn?shopId=${shopId}`)} />
      <Stack p="md" gap="md" data-testid="h5-face">
        <Alert color="green" title={t('h5.photoUploaded')}>{done ? t('h5.clockDoneNext') : t('h5.photoNext', { shop: shopName ?? '' })}</Alert>
        <Center>
          {photo.data ? <Image src={photo.data.url} alt={t('h5.clockPhoto')} maw={240} radius="md" data-testid="h5-face-photo" /> : <Loader />}
        </Center>
        {done ? (
          <Alert color="blue" data-testid="h5-clock-done">{t('h5.clockDone', { type: done.clockTypeName, time: done.clockTime.slice(11, 16), shop: shopName ?? '' })}</Alert>
        ) : (
          <Group grow>
            <Button size="lg" color="green" loading={clock.isPending && clock.variables === 1} disabled={clock.isPending} onClick={() => clock.mutate(1)} data-testid="h5-clock-1">{t('h5.clockOn')}</Button>
            <Button size="lg" color="gray" loading={clock.isPending && clock.variables === 2} disabled={clock.isPending} onClick={() => clock.mutate(2)} data-testid="h5-clock-2">{t('h5.clockOff')}</Button>
          </Group>
        )}
        {clock.isError && <Alert color="red" data-testid="h5-error">{clock.error.message}</Alert>}
        <Button size="lg" variant="default" onClick={() => navigate(`/h5/clockIn?shopId=${shopId}`)}>{t('h5.retake')}</Button>
        <TodayClocks />
      </Stack>
    </Stack>
  );
}
