import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container, in the login bundle: the register without network toasts its reconnection from it, so it is
 * not left to a chunk loaded on demand.
 */
export function Toasts() {
  return <Notifications position="top-center" limit={4} />;
}
