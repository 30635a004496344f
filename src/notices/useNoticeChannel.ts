import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { startNoticeSocket } from '../realtime/noticeSocket';
import { appState } from '../store/appStore';
import { handleNotice } from './noticeActions';

/** Keeps the notice socket open while the logged-in layout is shown; a new login gets a new socket. */
export function useNoticeChannel(): void {
  const { token, tenantId } = useSnapshot(appState);
  useEffect(() => {
    if (!token) return undefined;
    return startNoticeSocket({ token, tenantId, onNotice: handleNotice });
  }, [token, tenantId]);
}
