import { ActionIcon, Alert, Badge, Button, Card, Center, CloseButton, Group, Image, Loader, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { filesApi, type FileInfo } from '../../api/files';
import { call } from '../../api/http';
import { queryClient } from '../../api/queryClient';
import { establishSession } from '../../session/sessionActions';
import { adoptCookieToken, rememberedTenantId } from '../../session/sessionStorage';
import { H5LoginPage } from './H5LoginPage';
import { H5_HOME, Header, ShopSelect, useMyShops } from './H5Parts';
import { localDay } from '../../../core/calendar.ts';
import { amountText } from '../../../core/money.ts';

/**
 * The remaining mobile (h5) pages of spec 000 §2, each made for a phone held in one hand (finger-sized controls):
 * /h5/scanCode (a product's price and this shop's stock from its barcode, by camera where the browser can read
 * barcodes, else typed), /h5/clockIn with /h5/uploadFaceSuccess (take a photo, see it uploaded, clock in or out,
 * see today's clocks), /h5/aicallLogin (the AI-call / camera-box link: its token, else phone + SMS code, then on
 * to ?redirect) and /h5/inspectApply (file a shop inspection for the shop manager to confirm; open one by ?id=).
 */

const S = '/wxy-system-server';
const param = (search: string, key: string) => new URLSearchParams(search).get(key);
const positiveId = (v: string | null) => (v && /^[0-9]{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The first of my shops unless the link names one of them. */
function useDefaultShop(wanted: number | null): [number | null, (id: number | null) => void] {
  const shops = useMyShops();
  const [shopId, setShopId] = useState<number | null>(null);
  useEffect(() => {
    if (shopId || !shops.data?.length) return;
    setShopId(shops.data.find((s) => s.shopId === wanted)?.shopId ?? shops.data[0].shopId);
  }, [shops.data, wanted, shopId]);
  return [shopId, setShopId];
}

// ---------------------------------------------------------------------------------------------------------------
// /h5/scanCode

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

// ---------------------------------------------------------------------------------------------------------------
// /h5/clockIn and /h5/uploadFaceSuccess

interface MyClock {
  clockId: number;
  shopName: string;
  clockType: number;
  clockTypeName: string;
  clockTime: string;
}

const myToday = () => call<MyClock[]>({ method: 'GET', url: `${S}/attn-clock/my-today` });

function TodayClocks() {
  const { t } = useTranslation();
  const today = useQuery({ queryKey: ['h5', 'myClocks'], queryFn: myToday });
  return (
    <Card withBorder radius="md" p="md" data-testid="h5-today-clocks">
      <Text fw={600} mb="xs">{t('h5.todayClocks')}</Text>
      {today.isLoading && <Loader size="sm" />}
      {today.data && !today.data.length && <Text c="dimmed">{t('h5.noClocks')}</Text>}
      {today.data?.map((c) => (
        <Group key={c.clockId} justify="space-between" wrap="nowrap" py={4}>
          <Badge size="lg" color={c.clockType === 1 ? 'green' : 'gray'}>{c.clockTypeName}</Badge>
          <Text size="md">{c.clockTime.slice(11, 16)}</Text>
          <Text size="md" c="dimmed" truncate>{c.shopName}</Text>
        </Group>
      ))}
    </Card>
  );
}

/** Uploads one photo through the file service (no queue panel on the phone pages); the server's refusal as text. */
async function uploadPhoto(file: File): Promise<FileInfo> {
  const info = await filesApi.upload(file, { purpose: 'h5' }, () => undefined);
  if (!info) throw new Error('上传失败，请重试');
  return info;
}

function PhotoButton({ label, onFile, busy, capture, testId }: { label: string; onFile: (f: File) => void; busy: boolean; capture: 'user' | 'environment'; testId: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input ref={input} type="file" accept="image/*" capture={capture} hidden data-testid={`${testId}-input`}
        onChange={(e) => { const f = e.currentTarget.files?.[0]; e.currentTarget.value = ''; if (f) onFile(f); }} />
      <Button size="lg" fullWidth loading={busy} onClick={() => input.current?.click()} data-testid={testId}>{label}</Button>
    </>
  );
}

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
    mutationFn: (clockType: 1 | 2) => call<MyClock>({ method: 'POST', url: `${S}/attn-clock/clock-in`, data: { shopId, clockType, photoKey }, silent: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['h5', 'myClocks'] }),
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

// ---------------------------------------------------------------------------------------------------------------
// /h5/aicallLogin

/** Where the link goes after logging in: a path of this site (never another site), else the home page. */
export function aiCallTarget(redirect: string | null): string {
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/h5/aicallLogin') ? redirect : '/';
}

export function AiCallLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const token = param(search, 'token');
  const redirect = param(search, 'redirect');
  const tenant = positiveId(param(search, 'tenantId'))?.toString() ?? null;
  const [state, setState] = useState<'checking' | 'form' | 'expired'>(token || adoptCookieToken() ? 'checking' : 'form');
  useEffect(() => {
    if (state !== 'checking') return;
    if (!token) {
      navigate(aiCallTarget(redirect), { replace: true });
      return;
    }
    const tenantId = tenant ?? rememberedTenantId() ?? '1';
    // The link's token is checked by the server before it becomes this browser's session.
    call<unknown>({ method: 'GET', url: `${S}/user/permissions`, headers: { Authorization: `Bearer ${token}`, 'X-TENANT-ID': tenantId }, silent: true, hasExitSystem: false })
      .then(() => {
        establishSession({ access_token: token, token_type: 'bearer', expires_in: 0, X_SHOP_ID: null }, tenantId);
        navigate(aiCallTarget(redirect), { replace: true });
      })
      .catch(() => setState('expired'));
  }, [state, token, tenant, redirect, navigate]);
  if (state === 'checking')
    return (
      <Center h="60vh" data-testid="h5-aicall-checking">
        <Loader />
      </Center>
    );
  return (
    <Stack gap={0}>
      {state === 'expired' && <Alert m="md" mb={0} color="orange" data-testid="h5-aicall-expired">{t('h5.linkExpired')}</Alert>}
      <H5LoginPage title={t('h5.aicallLogin')} target={aiCallTarget} tenant={tenant} />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// /h5/inspectApply

interface InspectItem {
  itemName: string;
  result: number;
  remark?: string | null;
}
interface InspectDoc {
  id: number;
  docNo: string;
  shopName: string;
  inspectDate: string;
  photos: string | null;
  remark: string | null;
  itemCount: number;
  failCount: number;
  status: number;
  createUserName: string;
  createTime: string;
  auditUserName: string | null;
  auditRemark: string | null;
  itemList?: InspectItem[];
}

const INSPECT = `${S}/shop-inspect-apply`;
const DEFAULT_ITEMS = ['陈列整齐', '价签齐全', '卫生清洁', '消防通道畅通', '员工着装规范'];
const STATUS: Record<number, [string, string]> = { 1: ['审批中', 'blue'], 2: ['已通过', 'green'], 3: ['已驳回', 'red'] };

function StatusBadge({ status }: { status: number }) {
  const [label, color] = STATUS[status] ?? [String(status), 'gray'];
  return <Badge size="lg" color={color} data-testid="h5-inspect-status">{label}</Badge>;
}

function Photos({ keys }: { keys: string[] }) {
  const urls = useQuery({
    queryKey: ['h5', 'photos', keys.join(',')],
    queryFn: () => Promise.all(keys.map((k) => filesApi.info(k, 'image').then((i) => i.url))),
    enabled: keys.length > 0,
  });
  if (!keys.length) return null;
  return (
    <SimpleGrid cols={3} spacing="xs">
      {(urls.data ?? []).map((u) => <Image key={u} src={u} radius="sm" h={96} fit="cover" />)}
    </SimpleGrid>
  );
}

function InspectDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const doc = useQuery({ queryKey: ['h5', 'inspect', id], queryFn: () => call<InspectDoc>({ method: 'GET', url: `${INSPECT}/get/${id}`, silent: true }) });
  const d = doc.data;
  return (
    <Stack gap={0}>
      <Header title={t('h5.inspectApply')} back={() => navigate('/h5/inspectApply')} />
      {doc.isLoading && <Center p="xl"><Loader /></Center>}
      {doc.isError && <Alert m="md" color="red">{doc.error.message}</Alert>}
      {d && (
        <Stack p="md" gap="md" data-testid="h5-inspect-detail">
          <Card withBorder radius="md">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{d.shopName} · {d.inspectDate}</Text>
              <StatusBadge status={d.status} />
            </Group>
            <Text size="sm" c="dimmed">{d.docNo} · {d.createUserName} · {d.createTime}</Text>
            {d.remark && <Text mt="xs">{d.remark}</Text>}
            {d.auditUserName && <Text mt="xs" size="md"><Text span c="dimmed">{t('h5.auditBy', { name: d.auditUserName })}：</Text>{d.auditRemark ?? ''}</Text>}
          </Card>
          <Stack gap="xs">
            {(d.itemList ?? []).map((item) => (
              <Card key={item.itemName} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text>{item.itemName}</Text>
                  <Badge color={item.result === 1 ? 'green' : 'red'}>{item.result === 1 ? '合格' : '不合格'}</Badge>
                </Group>
                {item.remark && <Text size="sm" c="dimmed">{item.remark}</Text>}
              </Card>
            ))}
          </Stack>
          <Photos keys={(d.photos ?? '').split(',').filter(Boolean)} />
        </Stack>
      )}
    </Stack>
  );
}

function InspectForm({ onDone }: { onDone: (doc: InspectDoc) => void }) {
  const { t } = useTranslation();
  const [shopId, setShopId] = useDefaultShop(null);
  const [date, setDate] = useState(localDay());
  const [items, setItems] = useState<{ itemName: string; result: number; remark: string }[]>(DEFAULT_ITEMS.map((itemName) => ({ itemName, result: 1, remark: '' })));
  const [extra, setExtra] = useState('');
  const [photos, setPhotos] = useState<FileInfo[]>([]);
  const [remark, setRemark] = useState('');
  const upload = useMutation({ mutationFn: uploadPhoto, onSuccess: (info) => setPhotos((p) => [...p, info]) });
  const save = useMutation({
    mutationFn: () =>
      call<InspectDoc>({
        method: 'POST',
        url: `${INSPECT}/save`,
        silent: true,
        data: {
          shopId,
          inspectDate: date,
          remark: remark.trim() || null,
          photos: photos.map((p) => p.videoObjectKey).join(',') || null,
          itemList: items.map((i) => ({ itemName: i.itemName, result: i.result, remark: i.remark.trim() || null })),
        },
      }),
    onSuccess: onDone,
  });
  const set = (index: number, patch: Partial<(typeof items)[number]>) => setItems((list) => list.map((x, i) => (i === index ? { ...x, ...patch } : x)));
  const addItem = () => {
    const name = extra.trim();
    if (!name || items.some((i) => i.itemName === name)) return;
    setItems((list) => [...list, { itemName: name.slice(0, 48), result: 1, remark: '' }]);
    setExtra('');
  };
  return (
    <Stack gap="md" data-testid="h5-inspect-form">
      <ShopSelect value={shopId} onChange={setShopId} />
      <TextInput size="lg" type="date" label={t('h5.inspectDate')} value={date} max={localDay()} onChange={(e) => setDate(e.currentTarget.value)} data-testid="h5-inspect-date" />
      <Text fw={600}>{t('h5.inspectItems')}</Text>
      {items.map((item, index) => (
        <Card key={item.itemName} withBorder radius="md" p="sm" data-testid={`h5-item-${index}`}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="md">{item.itemName}</Text>
            <Group gap={4} wrap="nowrap">
              <SegmentedControl size="md" value={String(item.result)} onChange={(v) => set(index, { result: Number(v) })}
                data={[{ value: '1', label: '合格' }, { value: '2', label: '不合格' }]} color={item.result === 2 ? 'red' : 'green'} />
              <CloseButton size="lg" aria-label={t('h5.removeItem')} onClick={() => setItems((list) => list.filter((_, i) => i !== index))} />
            </Group>
          </Group>
          {item.result === 2 && (
            <TextInput mt="xs" size="md" placeholder={t('h5.fixNote')} value={item.remark} maxLength={100} onChange={(e) => set(index, { remark: e.currentTarget.value })} data-testid={`h5-item-note-${index}`} />
          )}
        </Card>
      ))}
      <Group wrap="nowrap" align="flex-end">
        <TextInput size="md" style={{ flex: 1 }} placeholder={t('h5.addItemHint')} value={extra} maxLength={48} onChange={(e) => setExtra(e.currentTarget.value)} />
        <Button size="md" variant="light" onClick={addItem} disabled={!extra.trim()}>{t('h5.addItem')}</Button>
      </Group>
      <Text fw={600}>{t('h5.inspectPhotos', { n: photos.length })}</Text>
      {photos.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {photos.map((p) => (
            <div key={p.videoObjectKey} style={{ position: 'relative' }}>
              <Image src={p.url} radius="sm" h={96} fit="cover" />
              <ActionIcon size="lg" color="red" radius="xl" style={{ position: 'absolute', top: 2, right: 2 }} aria-label={t('h5.removePhoto')}
                onClick={() => setPhotos((list) => list.filter((x) => x.videoObjectKey !== p.videoObjectKey))}>×</ActionIcon>
            </div>
          ))}
        </SimpleGrid>
      )}
      {photos.length < 9 && <PhotoButton label={t('h5.addPhoto')} capture="environment" busy={upload.isPending} onFile={(f) => upload.mutate(f)} testId="h5-inspect-photo" />}
      {upload.isError && <Alert color="red">{upload.error.message}</Alert>}
      <Textarea size="lg" label={t('h5.inspectRemark')} maxLength={200} autosize minRows={2} value={remark} onChange={(e) => setRemark(e.currentTarget.value)} data-testid="h5-inspect-remark" />
      {save.isError && <Alert color="red" data-testid="h5-error">{save.error.message}</Alert>}
      <Button size="lg" fullWidth loading={save.isPending} disabled={!shopId || !items.length || upload.isPending} onClick={() => save.mutate()} data-testid="h5-inspect-submit">
        {t('h5.submitInspect')}
      </Button>
    </Stack>
  );
}

export function InspectApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = positiveId(param(search, 'id'));
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState<InspectDoc | null>(null);
  const list = useQuery({
    queryKey: ['h5', 'inspectList'],
    queryFn: () => call<{ records: InspectDoc[] }>({ method: 'POST', url: `${INSPECT}/findPage`, data: { pageNum: 1, pageSize: 20 } }),
    enabled: !id,
  });
  if (id) return <InspectDetail id={id} />;
  return (
    <Stack gap={0}>
      <Header title={t('h5.inspectApply')} back={() => (adding ? setAdding(false) : navigate(H5_HOME))} />
      <Stack p="md" gap="md">
        {saved && !adding && (
          <Alert color="green" data-testid="h5-inspect-saved">{t('h5.inspectSaved', { no: saved.docNo })}</Alert>
        )}
        {adding ? (
          <InspectForm
            onDone={(doc) => {
              setSaved(doc);
              setAdding(false);
              void queryClient.invalidateQueries({ queryKey: ['h5', 'inspectList'] });
            }}
          />
        ) : (
          <>
            <Button size="lg" fullWidth onClick={() => { setSaved(null); setAdding(true); }} data-testid="h5-inspect-new">{t('h5.newInspect')}</Button>
            {list.isLoading && <Center><Loader /></Center>}
            {list.data && !list.data.records.length && <Text c="dimmed" ta="center" py="xl">{t('h5.noInspects')}</Text>}
            <Stack gap="sm" data-testid="h5-inspect-list">
              {list.data?.records.map((d) => (
                <Card key={d.id} withBorder radius="md" p="md" onClick={() => navigate(`/h5/inspectApply?id=${d.id}`)} style={{ cursor: 'pointer' }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{d.shopName} · {d.inspectDate}</Text>
                    <StatusBadge status={d.status} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    {d.docNo} · {d.createUserName} · {t('h5.inspectCounts', { n: d.itemCount, fail: d.failCount })}
                  </Text>
                </Card>
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Stack>
  );
}
