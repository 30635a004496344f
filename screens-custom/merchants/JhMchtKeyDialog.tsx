import { Alert, Button, FileButton, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../src/api/http';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';

/**
 * 商户配置的密钥 (shop-jh-mcht-config): from a row, 更换密钥 (updateKey) — the new key pasted or read from the file the
 * channel issued; from the toolbar, 新增 a merchant account with its key (save). The key goes to the server once and
 * is never shown again: the server stores it encrypted and answers only its fingerprint (密钥指纹).
 */

const S = '/wxy-shop-server';
const CHANNELS = [{ value: '3', label: '聚合支付' }, { value: '1', label: '微信' }, { value: '2', label: '支付宝' }];
const MAX_FILE = 64 * 1024;

export default function JhMchtKeyDialog({ row, onClose, onDone }: RowDialogProps) {
  const creating = !row;
  const [key, setKey] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shopId, setShopId] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>('3');
  const [mchtNo, setMchtNo] = useState('');
  const [appId, setAppId] = useState('');
  const shops = useQuery({
    queryKey: ['jhMcht', 'shops'],
    queryFn: () => call<{ shopId: number; shopCode: string; shopName: string }[]>({ method: 'POST', url: `${S}/shop-base/list`, data: {} }),
    enabled: creating,
  });

  const readFile = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_FILE) return setError('密钥文件不能超过 64 KB');
    setKey((await file.text()).trim());
    setFileName(file.name);
    setError(null);
  };
  const trimmed = key.trim();
  const check = (): string | null => {
    if (creating && !shopId) return '请选择门店';
    if (creating && !/^[A-Za-z0-9_-]{1,32}$/.test(mchtNo.trim())) return '商户号只能包含字母、数字、下划线或短横线，最多32位';
    if (creating && appId.trim() && !/^[A-Za-z0-9_.-]{1,64}$/.test(appId.trim())) return 'AppID只能包含字母、数字、下划线、点或短横线';
    if (trimmed.length < 16 || trimmed.length > 4096) return '商户密钥长度应为16到4096个字符';
    return null;
  };
  const submit = async () => {
    const bad = check();
    if (bad) return setError(bad);
    setBusy(true);
    setError(null);
    try {
      if (creating) {
        await call({ method: 'POST', silent: true, url: `${S}/shop-jh-mcht-config/save`, data: { shopId: Number(shopId), channel: Number(channel), mchtNo: mchtNo.trim(), appId: appId.trim() || null, secretKey: trimmed } });
        notifySuccess({ text: '商户配置已保存，密钥已加密存储' });
      } else {
        const r = await call<{ keyHint: string }>({ method: 'PUT', silent: true, url: `${S}/shop-jh-mcht-config/updateKey/${String(row.id)}`, data: { secretKey: trimmed } });
        notifySuccess({ text: `商户密钥已更换，新指纹 ${r.keyHint}` });
      }
      setKey('');
      onDone();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={creating ? '新增商户配置' : '更换商户密钥'} size="lg" centered>
      <Stack data-testid="jh-mcht-key-dialog">
        {creating ? (
          <>
            <Select label="门店" required searchable data-testid="jh-mcht-key-shop" value={shopId} onChange={setShopId}
              data={(shops.data ?? []).map((s) => ({ value: String(s.shopId), label: `${s.shopName}（${s.shopCode}）` }))} />
            <Group grow>
              <Select label="支付渠道" required data={CHANNELS} value={channel} onChange={setChannel} allowDeselect={false} />
              <TextInput label="商户号" required value={mchtNo} maxLength={32} onChange={(e) => setMchtNo(e.currentTarget.value)} data-testid="jh-mcht-key-mcht-no" />
              <TextInput label="AppID" value={appId} maxLength={64} onChange={(e) => setAppId(e.currentTarget.value)} />
            </Group>
          </>
        ) : (
          <Text size="sm">
            {String(row.shopName ?? '')} · 商户号 {String(row.mchtNo ?? '')} · 当前密钥指纹 <b>{String(row.keyHint ?? '—')}</b>
          </Text>
        )}
        <Group justify="space-between" align="flex-end">
          <Text size="sm" fw={500}>商户密钥</Text>
          <FileButton onChange={(f) => void readFile(f)} accept=".pem,.key,.txt,text/plain">
            {(props) => <Button {...props} size="xs" variant="light" data-testid="jh-mcht-key-file">从文件读取</Button>}
          </FileButton>
        </Group>
        <Textarea autosize minRows={4} maxRows={10} placeholder="粘贴渠道下发的密钥（PEM 或 Base64 文本），或从文件读取" value={key}
          onChange={(e) => { setKey(e.currentTarget.value); setFileName(null); }} spellCheck={false} autoComplete="off"
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} data-testid="jh-mcht-key-text" />
        <Text size="xs" c="dimmed">
          {fileName ? `已读取 ${fileName}，` : ''}{trimmed ? `${trimmed.length} 个字符。` : ''}密钥加密保存，保存后不再显示，列表只显示其指纹；下载需要单独的权限并记录。
        </Text>
        {error && <Alert color="red" data-testid="jh-mcht-key-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>取消</Button>
          <Button loading={busy} onClick={() => void submit()} data-testid="jh-mcht-key-save">{creating ? '保存' : '更换密钥'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
