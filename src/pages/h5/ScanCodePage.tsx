import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../api/http';
import { H5_HOME, Header, param, positiveId, ShopSelect, useDefaultShop } from './H5Parts';
import { amountText } from '../../../core/money.ts';

/**
 * /h5/scanCode (spec 000 §2): a product's price and this shop's stock from its barcode, by camera where the browser
 * can read barcodes, else typed; the last few scans stay below to look at again.
 */

interface Scanned {
  skuId: number;
  skuCode: string;
  skuName: string;
  barcode: string | null;
  spec: string | null;
  unit: string | null;
  retailPrice: number;
  available: number;
  onHand: number;
  shopName: string;
  statusName: string;
  status: number;
}

interface Detector {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = (): DetectorClass | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window && !!navigator.mediaDevices?.getUserMedia ? (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector : null;

/** The back camera reading barcodes until one is seen (browsers with BarcodeDetector: Chrome on Android, Safari 17+). */
function CameraScanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const Cls = detectorClass();
    if (!Cls) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = new Cls({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        if (found[0]?.rawValue) {
          onCode(found[0].rawValue.trim());
          return;
        }
      } catch {
        // a frame not ready yet: look again
      }
      timer = window.setTimeout(look, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setError(t('h5.cameraDenied')));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode, t]);
  return (
    <Card withBorder radius="md" p="xs" data-testid="h5-camera">
      {error ? <Alert color="orange">{error}</Alert> : <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />}
      <Button mt="xs" size="md" variant="default" fullWidth onClick={onClose}>{t('h5.closeCamera')}</Button>
    </Card>
  );
}

export function ScanCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [shopId, setShopId] = useDefaultShop(positiveId(param(search, 'shopId')));
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [recent, setRecent] = useState<Scanned[]>([]);
  const lookup = useMutation({
    mutationFn: (c: string) => call<Scanned>({ method: 'POST', url: '/wxy-shop-server/shop-base/price-check', data: { code: c, shopId }, silent: true }),
    onSuccess: (row) => setRecent((list) => [row, ...list.filter((r) => r.skuId !== row.skuId)].slice(0, 5)),
  });
  const submit = (value: string) => {
    const c = value.trim();
    if (!c || !shopId) return;
    setCode(c);
    lookup.mutate(c);
  };
  const onCamera = (c: string) => {
    setCamera(false);
    submit(c);
  };
  const row = lookup.data;
  return (
    <Stack gap={0}>
      <Header title={t('h5.scanCode')} back={() => navigate(H5_HOME)} />
      <Stack p="md" gap="md">
        <ShopSelect value={shopId} onChange={setShopId} />
        <form onSubmit={(e: FormEvent) => { e.preventDefault(); submit(code); }}>
          <Group align="flex-end" wrap="nowrap">
            <TextInput size="lg" style={{ flex: 1 }} label={t('h5.barcode')} placeholder={t('h5.barcodeHint')} value={code} maxLength={24}
              onChange={(e) => setCode(e.currentTarget.value)} data-testid="h5-barcode" />
            <Button size="lg" type="submit" disabled={!code.trim() || !shopId} loading={lookup.isPending} data-testid="h5-lookup">{t('h5.lookup')}</Button>
          </Group>
        </form>
        {detectorClass() && !camera && <Button size="lg" variant="light" onClick={() => setCamera(true)} data-testid="h5-open-camera">{t('h5.openCamera')}</Button>}
        {camera && <CameraScanner onCode={onCamera} onClose={() => setCamera(false)} />}
        {lookup.isError && <Alert color="red" data-testid="h5-error">{lookup.error.message}</Alert>}
        {row && !lookup.isPending && (
          <Card withBorder radius="md" p="md" data-testid="h5-product">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} size="lg">{row.skuName}</Text>
              <Badge size="lg" color={Number(row.status) === 1 ? 'green' : 'gray'}>{row.statusName}</Badge>
            </Group>
            <Text size="sm" c="dimmed">{row.skuCode}{row.barcode ? ` · ${row.barcode}` : ''}{row.spec ? ` · ${row.spec}` : ''}</Text>
            <Group mt="sm" grow>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">{t('h5.retailPrice')}</Text>
                <Text fw={700} size="xl" c="red" data-testid="h5-price">¥{amountText(row.retailPrice)}</Text>
              </Stack>
              <Stack gap={0}>
                <Text size="sm" c="dimmed">{t('h5.stockAt', { shop: row.shopName })}</Text>
                <Text fw={700} size="xl" data-testid="h5-stock">{Number(row.available)}{row.unit ?? ''}</Text>
              </Stack>
            </Group>
          </Card>
        )}
        {recent.length > 1 && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">{t('h5.recentScans')}</Text>
            {recent.slice(1).map((r) => (
              <Group key={r.skuId} justify="space-between" wrap="nowrap" onClick={() => submit(r.barcode ?? r.skuCode)} style={{ cursor: 'pointer' }}>
                <Text size="md" truncate>{r.skuName}</Text>
                <Text size="md">¥{amountText(r.retailPrice)} · {Number(r.available)}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
