import { Alert, Button, Group, Loader, Modal, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../src/router/rowDialogs';

/**
 * 平台配置 from the 平台券核销 list: the chain's 抖音 and 快手 open-platform apps whose group-buy vouchers the shops
 * write off (po-douyin-config / po-ks-config get and save). The app secret goes to the server once and is never
 * shown again (the server keeps it sealed and answers its fingerprint); saving without a new secret keeps the old one.
 */

const O = '/wxy-order-server';
const PLATFORMS = [{ value: 'po-douyin-config', label: '抖音' }, { value: 'po-ks-config', label: '快手' }];
const KEY = /^[A-Za-z0-9_.-]{1,64}$/;

interface PlatformConfig {
  configId: number | null;
  appKey: string | null;
  secretSet: boolean;
  secretHint: string | null;
  accountId: string | null;
  enabled: boolean;
  remark: string | null;
  updateUserName: string | null;
  updateTime: string | null;
}

export default function PlatformConfigDialog({ onClose, onDone }: RowDialogProps) {
  const [platform, setPlatform] = useState(PLATFORMS[0].value);
  const name = PLATFORMS.find((p) => p.value === platform)!.label;
  const qc = useQueryClient();
  const config = useQuery({ queryKey: ['platformConfig', platform], queryFn: () => call<PlatformConfig>({ method: 'GET', url: `${O}/${platform}/get` }) });
  const [appKey, setAppKey] = useState('');
  const [appSecret, setAppSecret] = useState('');
  const [accountId, setAccountId] = useState('');
  const [enabled, setEnabled] = useState(true);
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The form shows what is saved for the platform chosen.
  useEffect(() => {
    const c = config.data;
    if (!c) return;
    setAppKey(c.appKey ?? '');
    setAccountId(c.accountId ?? '');
    setEnabled(c.configId ? c.enabled : true);
    setRemark(c.remark ?? '');
    setAppSecret('');
    setError(null);
  }, [config.data]);

  const check = (): string | null => {
    if (!KEY.test(appKey.trim())) return '应用标识只能包含字母、数字、下划线、点或短横线，最多64位';
    if (!config.data?.secretSet && !appSecret.trim()) return `首次保存${name}配置须填写应用密钥`;
    if (appSecret.trim() && !/^\S{8,256}$/.test(appSecret.trim())) return '应用密钥须为8到256位、不含空格的字符';
    if (accountId.trim() && !/^[A-Za-z0-9_.-]{1,64}$/.test(accountId.trim())) return '账户ID只能包含字母、数字、下划线、点或短横线';
    return null;
  };
  const save = async () => {
    const bad = check();
    if (bad) return setError(bad);
    setBusy(true);
    setError(null);
    try {
      const saved = await call<PlatformConfig>({
        method: 'POST', silent: true, url: `${O}/${platform}/save`,
        data: { appKey: appKey.trim(), appSecret: appSecret.trim() || null, accountId: accountId.trim() || null, enabled, remark: remark.trim() || null },
      });
      qc.setQueryData(['platformConfig', platform], saved);
      notifySuccess({ text: `${name}配置已保存${appSecret.trim() ? `，密钥指纹 ${saved.secretHint ?? ''}` : ''}` });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : '保存失败');
    } finally {
      setBusy(false);
    }
  };

  const c = config.data;
  return (
    <Modal opened onClose={onClose} title="平台配置" size="lg" centered>
      <Stack data-testid="platform-config-dialog">
        <SegmentedControl data={PLATFORMS} value={platform} onChange={setPlatform} data-testid="platform-config-platform" />
        {config.isLoading && <Loader size="sm" />}
        {c && (
          <Text size="sm" c="dimmed" data-testid="platform-config-state">
            {c.configId
              ? `已配置 · 密钥指纹 ${c.secretHint ?? '—'} · ${c.enabled ? '已启用' : '已停用'} · ${c.updateUserName ?? ''} ${c.updateTime ?? ''}`
              : `尚未配置${name}开放平台应用，门店暂不能核销${name}团购券`}
          </Text>
        )}
        <TextInput label="应用标识 (App Key)" required value={appKey} maxLength={64} onChange={(e) => setAppKey(e.currentTarget.value)} disabled={!c} data-testid="platform-config-app-key" />
        <PasswordInput label="应用密钥 (App Secret)" required={!c?.secretSet} value={appSecret} maxLength={256} autoComplete="new-password"
          placeholder={c?.secretSet ? '不修改请留空' : '首次配置必填'} onChange={(e) => setAppSecret(e.currentTarget.value)} disabled={!c} data-testid="platform-config-secret" />
        <TextInput label="账户ID" value={accountId} maxLength={64} onChange={(e) => setAccountId(e.currentTarget.value)} disabled={!c} data-testid="platform-config-account" />
        <Textarea label="备注" value={remark} maxLength={200} autosize minRows={2} onChange={(e) => setRemark(e.currentTarget.value)} />
        <Switch label="启用" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="platform-config-enabled" />
        <Text size="xs" c="dimmed">密钥加密保存，保存后不再显示，只显示其指纹。</Text>
        {error && <Alert color="red" data-testid="platform-config-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>关闭</Button>
          <Button loading={busy} disabled={!c} onClick={() => void save()} data-testid="platform-config-save">保存</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
