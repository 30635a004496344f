import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { appState } from '../../src/store/appStore';

/**
 * Opens the register's notice socket (更新提示, a revoked session closes the window) while it is logged in. The
 * socket client is loaded after the register shows, so the register's own chunk stays small.
 */
export function useRegisterNotices(): void {
  const { token, tenantId } = useSnapshot(appState);
  useEffect(() => {
    if (!token) return undefined;
    let stop: (() => void) | null = null;
    let live = true;
    void import('../../src/notices/registerNotices').then((m) => {
      if (live) stop = m.startRegisterNotices(token, tenantId);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [token, tenantId]);
}
