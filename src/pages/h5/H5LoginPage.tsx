import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loginWithPhone, sendSmsCode } from '../../api/auth';
import { MAX_LENGTH, integerInput, phoneError } from '../../forms/inputRules';
import { establishSession } from '../../session/sessionActions';
import { deviceFingerprint, rememberedTenantId } from '../../session/sessionStorage';
import { H5_HOME, Header } from './H5Parts';
/** The tenant a link names (a shop's QR code carries ?tenantId=), read from the page to go back to. */
function tenantOfRedirect(redirect: string | null): string | null {
  if (!redirect) return null;
  const q = redirect.indexOf('?');
  const id = q < 0 ? null : new URLSearchParams(redirect.slice(q + 1)).get('tenantId');
  return id && /^[0-9]{1,9}$/.test(id) ? id : null;
}

/** Phone + SMS code login; `target` says where a successful login goes (default: back to ?redirect among the h5 pages). */
export function H5LoginPage({ title, target, tenant }: { title?: string; target?: (redirect: string | null) => string; tenant?: string | null } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = new URLSearchParams(useLocation().search).get('redirect');
  const [tenantId, setTenantId] = useState(tenant || tenantOfRedirect(redirect) || rememberedTenantId() || '1');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [wait, setWait] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const phoneProblem = phoneError(phone);
  const send = async () => {
    if (!phone || phoneProblem || wait) return;
    setError(null);
    try {
      await sendSmsCode({ phoneNumber: phone, tenantId });
      setWait(60);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!phone || phoneProblem || !code || busy) return;
    setBusy(true);
    setError(null);
    try {
      establishSession(await loginWithPhone({ phoneNumber: phone, code, tenantId, fingerprintCode: deviceFingerprint() }), tenantId);
      // Only our own h5 pages are followed back to.
      navigate(target ? target(redirect) : redirect && redirect.startsWith('/h5/') ? redirect : H5_HOME, { replace: true });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <Header title={title ?? t('h5.login')} />
      <form onSubmit={submit}>
        <Stack px="md" gap="md">
          <TextInput size="lg" label={t('login.tenantId')} value={tenantId} inputMode="numeric" onChange={(e) => setTenantId(integerInput(e.currentTarget.value))} data-testid="h5-tenant" />
          <TextInput size="lg" label={t('h5.phone')} value={phone} inputMode="tel" maxLength={MAX_LENGTH.phone}
            onChange={(e) => setPhone(integerInput(e.currentTarget.value))} error={phoneProblem ? t(phoneProblem) : undefined} data-testid="h5-phone" />
          <Group align="flex-end" wrap="nowrap">
            <TextInput size="lg" style={{ flex: 1 }} label={t('h5.code')} value={code} inputMode="numeric" maxLength={6}
              onChange={(e) => setCode(integerInput(e.currentTarget.value))} data-testid="h5-code" />
            <Button size="lg" variant="light" disabled={!phone || !!phoneProblem || wait > 0} onClick={send} data-testid="h5-send">
              {wait ? t('h5.resend', { s: wait }) : t('h5.sendCode')}
            </Button>
          </Group>
          {error && <Alert color="red" data-testid="h5-error">{error}</Alert>}
          <Button size="lg" type="submit" loading={busy} fullWidth data-testid="h5-login">{t('h5.loginButton')}</Button>
        </Stack>
      </form>
    </Stack>
  );
}
