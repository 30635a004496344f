import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

const OFFLINE_ID = 'network-offline';
export const RELOAD_AFTER_ONLINE_MS = 1000;

/** The page's hold on the reload that follows a reconnection (holdReconnectReload), if it has one. */
let reloadHold: ((reload: () => void) => void) | null = null;

/**
 * A page that must not reload at just any moment (the register with a sale on it: its cart would be lost) takes the
 * reconnection's reload and runs it once that is safe. null gives the reload back to the network watch.
 */
export function holdReconnectReload(hold: ((reload: () => void) => void) | null): void {
  reloadHold = hold;
}

/**
 * Network state (spec §4): offline shows 当前网络似乎断开，正在尝试重新连接 until dismissed; back
 * online shows 网络已恢复 for 1 second, then reloads (or hands the reload to a page that holds it).
 */
export function watchNetwork(): () => void {
  const offline = () =>
    notifications.show({ id: OFFLINE_ID, color: 'red', message: i18n.t('network.lost'), autoClose: false, withCloseButton: true, 'data-testid': 'network-offline' } as Parameters<typeof notifications.show>[0]);
  const online = () => {
    notifications.hide(OFFLINE_ID);
    notifications.show({ color: 'green', message: i18n.t('network.restored'), autoClose: RELOAD_AFTER_ONLINE_MS, 'data-testid': 'network-restored' } as Parameters<typeof notifications.show>[0]);
    window.setTimeout(() => {
      const reload = () => window.location.reload();
      if (reloadHold) reloadHold(reload);
      else reload();
    }, RELOAD_AFTER_ONLINE_MS);
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}
