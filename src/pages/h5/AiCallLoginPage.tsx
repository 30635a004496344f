import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { call } from '../../api/http';
import { establishSession } from '../../session/sessionActions';
import { adoptCookieToken, rememberedTenantId } from '../../session/sessionStorage';
import { H5LoginPage } from './H5LoginPage';
import { param, positiveId, SYSTEM_SERVER } from './H5Parts';

/**
 * /h5/aicallLogin (spec 000 §2): the AI-call / camera-box link. Its token becomes this browser's session once the
 * server accepts it, else phone + SMS code; then on to ?redirect.
 */

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
    call<unknown>({ method: 'GET', url: `${SYSTEM_SERVER}/user/permissions`, headers: { Authorization: `Bearer ${token}`, 'X-TENANT-ID': tenantId }, silent: true, hasExitSystem: false })
      .then(() => {
        establishSession({ access_token: token, X_SHOP_ID: null }, tenantId);
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
