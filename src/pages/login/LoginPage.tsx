import { Alert, Button, Center, Group, Image, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginWithPassword, loginWithPhone, sendSmsCode } from '../../api/auth';
import { lookUpTenant } from '../../api/tenantLookup';
import type { LoginAnswer, Tenant } from '../../api/types';
import { notifySuccess } from '../../feedback/notify';
import { MAX_LENGTH, integerInput, phoneError } from '../../forms/inputRules';
import { applyBranding, documentBranding } from '../../layout/branding';
import { establishSession } from '../../session/sessionActions';
import { deviceFingerprint, rememberedTenantId } from '../../session/sessionStorage';
import { LanguageSwitch } from '../../layout/LanguageSwitch';

const SMS_COOLDOWN_SECONDS = 60;

/**
 * A tenant looked up once per key (null while asking, when not found, or when `key` is empty). Plain state rather
 * than the query cache: the login page loads without it (the cache comes with the pages behind the login).
 */
function useTenantLookup(key: string, ask: () => Promise<Tenant | null>): Tenant | null {
  const [found, setFound] = useState<{ key: string; tenant: Tenant | null } | null>(null);
  useEffect(() => {
    if (!key) return;
    let current = true;
    void ask().catch(() => null).then((tenant) => { if (current) setFound({ key, tenant }); });
    return () => { current = false; };
    // `ask` is the same call for the same key
  }, [key]);
  return found?.key === key ? found.tenant : null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** /login: account or phone login; the tenant comes from the host when a tenant owns it. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const host = window.location.host;
  const hostTenant = useTenantLookup(host, () => lookUpTenant({ domain: host }));
  const [tenantInput, setTenantInput] = useState(rememberedTenantId);
  const tenantId = hostTenant ? String(hostTenant.id) : tenantInput;
  const [tenantMissing, setTenantMissing] = useState(false);
  // Off a tenant's host, the typed tenant number finds its branding (logo and name) once typing pauses.
  const [typedTenant] = useDebouncedValue(hostTenant ? '' : tenantInput, 400);
  const tenantById = useTenantLookup(/^\d{1,9}$/.test(typedTenant) ? typedTenant : '', () => lookUpTenant({ id: Number(typedTenant) }));
  const brandTenant = hostTenant ?? (typedTenant ? tenantById : null);
  const [mode, setMode] = useState<string | null>('account');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    applyBranding(documentBranding({ tenant: hostTenant, host, appName: t('app.name'), appDescription: t('app.description'), pageTitle: t('login.title') }));
  }, [hostTenant, host, t]);

  const finish = (answer: LoginAnswer) => {
    establishSession(answer, tenantId);
    const redirect = new URLSearchParams(location.search).get('redirect');
    navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/', { replace: true });
  };

  const run = async (attempt: () => Promise<LoginAnswer>) => {
    if (!tenantId) return setTenantMissing(true);
    setBusy(true);
    setError(null);
    try {
      finish(await attempt());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const tenantField = hostTenant ? (
    <Text size="sm" c="dimmed" data-testid="login-tenant-name">{t('login.tenantOf', { name: hostTenant.tenantName })}</Text>
  ) : (
    <TextInput
      label={t('login.tenantId')}
      placeholder={t('login.tenantPlaceholder')}
      value={tenantInput}
      onChange={(e) => { setTenantInput(integerInput(e.currentTarget.value)); setTenantMissing(false); }}
      maxLength={MAX_LENGTH.default}
      withAsterisk
      error={tenantMissing ? t('login.tenantRequired') : undefined}
      data-testid="login-tenant"
    />
  );

  return (
    <Center mih="100vh" bg="gray.1" p="md">
      <Paper w={380} maw="100%" p="xl" radius="md" shadow="md" withBorder>
        <Group justify="space-between" mb="md" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {brandTenant?.logo && <Image src={brandTenant.logo} h={40} w={40} fit="contain" alt="" data-testid="login-logo" />}
            <Title order={3}>{brandTenant?.tenantName ?? t('app.name')}</Title>
          </Group>
          <LanguageSwitch />
        </Group>
        <div style={{ marginBottom: 12 }}>{tenantField}</div>
        <Tabs value={mode} onChange={(value) => { setMode(value); setError(null); }}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="account" data-testid="login-tab-account">{t('login.accountTab')}</Tabs.Tab>
            <Tabs.Tab value="phone" data-testid="login-tab-phone">{t('login.phoneTab')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="account">
            <AccountForm busy={busy} onSubmit={(username, password) => run(() => loginWithPassword({ username, password, tenantId }))} />
          </Tabs.Panel>
          <Tabs.Panel value="phone">
            <PhoneForm
              busy={busy}
              tenantId={tenantId}
              onError={setError}
              onSubmit={(phoneNumber, code) => run(() => loginWithPhone({ phoneNumber, code, tenantId, fingerprintCode: deviceFingerprint() }))}
            />
          </Tabs.Panel>
        </Tabs>
        {error && (
          <Alert color="red" mt="md" data-testid="login-error">
            {error}
          </Alert>
        )}
        {brandTenant?.recordNumber && <Text size="xs" c="dimmed" ta="center" mt="md" data-testid="login-record">{brandTenant.recordNumber}</Text>}
      </Paper>
    </Center>
  );
}

function AccountForm(props: { busy: boolean; onSubmit: (userName: string, password: string) => void }) {
  const { t } = useTranslation();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (userName.trim() && password) props.onSubmit(userName.trim(), password);
  };
  // noValidate: our own Chinese messages under the fields, not the browser's (English) bubbles.
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('login.userName')} placeholder={t('login.userNamePlaceholder')} value={userName} maxLength={MAX_LENGTH.name}
          onChange={(e) => setUserName(e.currentTarget.value)} withAsterisk error={tried && !userName.trim() ? t('login.userNamePlaceholder') : undefined}
          autoComplete="username" data-testid="login-username" />
        <PasswordInput label={t('login.password')} placeholder={t('login.passwordPlaceholder')} value={password} maxLength={MAX_LENGTH.input}
          onChange={(e) => setPassword(e.currentTarget.value)} withAsterisk error={tried && !password ? t('login.passwordPlaceholder') : undefined}
          autoComplete="current-password" data-testid="login-password" />
        <Button type="submit" loading={props.busy} fullWidth data-testid="login-submit">{t('login.submit')}</Button>
      </Stack>
    </form>
  );
}

function PhoneForm(props: {
  busy: boolean; tenantId: string; onError: (message: string | null) => void;
  onSubmit: (phone: string, code: string) => void;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [cooldown, setCooldown] = useState(0);
  const [sending, setSending] = useState(false);
  const phoneProblem = phone.length === MAX_LENGTH.phone ? phoneError(phone) : null;

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  const send = async () => {
    const problem = phoneError(phone) ?? (phone ? null : 'validation.phone');
    if (problem) return props.onError(t(problem));
    setSending(true);
    props.onError(null);
    try {
      await sendSmsCode({ phoneNumber: phone, tenantId: props.tenantId });
      notifySuccess({ key: 'login.codeSent' });
      setCooldown(SMS_COOLDOWN_SECONDS);
    } catch (e) {
      props.onError(errorText(e));
    } finally {
      setSending(false);
    }
  };

  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const problem = phoneError(phone) ?? (phone ? null : 'validation.phone');
    if (problem) return props.onError(t(problem));
    if (code) props.onSubmit(phone, code);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('login.phone')} placeholder={t('login.phonePlaceholder')} value={phone} maxLength={MAX_LENGTH.phone}
          onChange={(e) => setPhone(integerInput(e.currentTarget.value))} error={phoneProblem ? t(phoneProblem) : undefined}
          inputMode="numeric" withAsterisk data-testid="login-phone" />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('login.smsCode')} placeholder={t('login.codePlaceholder')} value={code} maxLength={6}
            onChange={(e) => setCode(integerInput(e.currentTarget.value))} withAsterisk error={tried && !code ? t('login.codePlaceholder') : undefined}
            inputMode="numeric" data-testid="login-sms-code" />
          <Button variant="light" onClick={send} loading={sending} disabled={cooldown > 0} data-testid="login-send-code">
            {cooldown > 0 ? t('login.resendIn', { seconds: cooldown }) : t('login.sendCode')}
          </Button>
        </Group>
        <Button type="submit" loading={props.busy} fullWidth data-testid="login-phone-submit">{t('login.submit')}</Button>
      </Stack>
    </form>
  );
}
