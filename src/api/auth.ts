import { SERVICE, call, callPlain } from './http';
import type { LoginAnswer } from './types';

/** The fixed client credential sent as Basic auth by login calls (ARCHITECTURE §2). */
export const CLIENT_CREDENTIAL = 'wxy-admin:wxy-admin-secret';

function basicHeader(tenantId: string) {
  return { Authorization: `Basic ${btoa(CLIENT_CREDENTIAL)}`, 'X-TENANT-ID': tenantId };
}

export function loginWithPassword(input: { username: string; password: string; tenantId: string }): Promise<LoginAnswer> {
  return callPlain<LoginAnswer>({
    method: 'POST',
    url: `${SERVICE.auth}/oauth/token`,
    // In the body, never the URL: addresses end up in proxies' and servers' logs.
    data: new URLSearchParams({ grant_type: 'password', username: input.username, password: input.password }).toString(),
    headers: { ...basicHeader(input.tenantId), 'Content-Type': 'application/x-www-form-urlencoded' },
    silent: true,
  });
}

export function sendSmsCode(input: { phoneNumber: string; tenantId: string }): Promise<unknown> {
  return call<unknown>({
    method: 'POST',
    url: `${SERVICE.auth}/sms/send-code`,
    params: { phoneNumber: input.phoneNumber, tenantId: input.tenantId },
    headers: basicHeader(input.tenantId),
    silent: true,
  });
}

export function loginWithPhone(input: { phoneNumber: string; code: string; tenantId: string; fingerprintCode: string }): Promise<LoginAnswer> {
  return callPlain<LoginAnswer>({
    method: 'POST',
    url: `${SERVICE.auth}/oauth/token`,
    headers: { ...basicHeader(input.tenantId), 'Content-Type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({
      grant_type: 'phoneNumber',
      username: input.phoneNumber,
      code: input.code,
      fingerprintCode: input.fingerprintCode,
      isCheckCode: 'true',
      terminalType: '5',
      tenantId: input.tenantId,
      isPhoneNumber: 'true',
    }).toString(),
    silent: true,
  });
}

export function logout(): Promise<unknown> {
  return call<unknown>({ method: 'POST', url: `${SERVICE.auth}/oauth/loginout`, hasExitSystem: false, silent: true });
}
