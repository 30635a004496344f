import { QueryClient } from '@tanstack/react-query';

/** Server data cache. Failures are already shown by the API client, so queries do not retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
    mutations: { retry: false },
  },
});

/** Typed query keys of the shell's screens. */
export const queryKeys = {
  serverDate: () => ['system', 'serverDate'] as const,
  tenant: (id: string) => ['system', 'tenant', id] as const,
  users: (page: number, size: number, keyword: string) => ['system', 'users', { page, size, keyword }] as const,
  user: (id: string) => ['system', 'user', id] as const,
  tenantLoginRecords: (page: number, size: number, userName: string, success: string) =>
    ['system', 'tenantLoginRecords', { page, size, userName, success }] as const,
  myLoginRecords: (page: number, size: number) => ['system', 'myLoginRecords', { page, size }] as const,
  versionLogs: (page: number, size: number) => ['system', 'versionLogs', { page, size }] as const,
};
