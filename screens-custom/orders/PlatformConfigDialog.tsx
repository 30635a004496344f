import { Alert, Button, Group, Loader, Modal, PasswordInput, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../src/api/http';
import { notifySuccess } from '../../src/feedback/notify';
import type { RowDialogProps } from '../../engine/dialog/rowDialog.ts';
import { useOrdersT } from './labels';

/**
 * 平台配置 from the 平台券核销 list: the chain's 抖音 and 快手 open-platform apps whose group-buy vouchers the shops
 * write off (po-douyin-config / po-ks-config get and save). The app secret goes to the server once and is never
 * shown again (the server keeps it sealed and answers its fingerprint); saving without a new secret keeps the old one.
 */

const O = '/wxy-order-server';
const PLATFORMS = [{ value: 'po-douyin-config', label: 'douyin' }, { value: 'po-ks-config', label: 'kuaishou' }] as const;
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
  const t = useOrdersT();
  const [platform, setPlatform] = useState<string>(PLATFORMS[0].value);
  const name = t(PLATFORMS.find((p) => p.value === platform)!.label);
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
    if (!KEY.test(appKey.trim())) return t('badAppKey');
    if (!config.data?.secretSet && !appSecret.trim()) return t('secretFirst', { name });
    if (appSecret.trim() && !/^\S{8,256}$/.test(appSecret.trim())) return t('badSecret');
    if (accountId.trim() && !/^[A-Za-z0-9_.-]{1,64}$/.test(accountId.trim())) return t('badAccount');
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
      notifySuccess({ text: appSecret.trim() ? t('configSavedHint', { name, hint: saved.secretHint ?? '' }) : t('configSaved', { name }) });
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const c = config.data;
  return (
    <Modal opened onClose={onClose} title={t('platformConfig')} size="lg" centered>
      <Stack data-testid="platform-config-dialog">
        <SegmentedControl data={PLATFORMS.map((p) => ({ value: p.value, label: t(p.label) }))} value={platform} onChange={setPlatform} data-testid="platform-config-platform" />
        {config.isLoading && <Loader size="sm" />}
        {c && (
          <Text size="sm" c="dimmed" data-testid="platform-config-state">
            {c.configId
              ? t('configured', { hint: c.secretHint ?? '—', state: c.enabled ? t('enabledState') : t('disabledState'), user: c.updateUserName ?? '', time: c.updateTime ?? '' })
              : t('notConfigured', { name })}
          </Text>
        )}
        <TextInput label={t('appKey')} required value={appKey} maxLength={64} onChange={(e) => setAppKey(e.currentTarget.value)} disabled={!c} data-testid="platform-config-app-key" />
        <PasswordInput label={t('appSecret')} required={!c?.secretSet} value={appSecret} maxLength={256} autoComplete="new-password"
          placeholder={c?.secretSet ? t('keepSecret') : t('secretRequired')} onChange={(e) => setAppSecret(e.currentTarget.value)} disabled={!c} data-testid="platform-config-secret" />
        <TextInput label={t('accountId')} value={accountId} maxLength={64} onChange={(e) => setAccountId(e.currentTarget.value)} disabled={!c} data-testid="platform-config-account" />
        <Textarea label={t('remark')} value={remark} maxLength={200} autosize minRows={2} onChange={(e) => setRemark(e.currentTarget.value)} />
        <Switch label={t('enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="platform-config-enabled" />
        <Text size="xs" c="dimmed">{t('secretNote')}</Text>
        {error && <Alert color="red" data-testid="platform-config-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('close')}</Button>
          <Button loading={busy} disabled={!c} onClick={() => void save()} data-testid="platform-config-save">{t('save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
