import { Alert, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { H5_HOME, Header, param, PhotoButton, positiveId, ShopSelect, uploadPhoto, useDefaultShop } from './H5Parts';
import { TodayClocks } from './TodayClocks';

/** /h5/clockIn (spec 000 §2): take a photo, which is uploaded, then clock in or out on /h5/uploadFaceSuccess. */

export function ClockInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [shopId, setShopId] = useDefaultShop(positiveId(param(search, 'shopId')));
  const upload = useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (info) => navigate(`/h5/uploadFaceSuccess?shopId=${shopId}&photoKey=${encodeURIComponent(info.videoObjectKey)}&bucket=${encodeURIComponent(info.videoBucketName)}`),
  });
  return (
    <Stack gap={0}>
      <Header title={t('h5.clockIn')} back={() => navigate(H5_HOME)} />
      <Stack p="md" gap="md">
        <ShopSelect value={shopId} onChange={setShopId} />
        <Text c="dimmed" size="md">{t('h5.clockHint')}</Text>
        {shopId && <PhotoButton label={t('h5.takePhoto')} capture="user" busy={upload.isPending} onFile={(f) => upload.mutate(f)} testId="h5-take-photo" />}
        {upload.isError && <Alert color="red">{upload.error.message}</Alert>}
        <TodayClocks />
      </Stack>
    </Stack>
  );
}
