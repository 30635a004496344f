import { startNoticeSocket } from '../realtime/noticeSocket';
import type { UserQueue } from '../realtime/socketPolicy';
import { leaveEndedSession } from '../session/sessionGone';
import { showVersionDialog } from './noticeActions';
import { checkForUpdate, hasShellWorker } from '../offline/registerShell';

/**
 * The live notices of the cash register, a window of its own without the shell: 更新提示 for a new version, and
 * the end of its session when the server revokes the token (the window closes, spec 000 §8). It has no bell or
 * message centre, so other notices wait in the shell's. The same socket client as the shell's.
 */
export function registerNoticeHandlers(): { onNotice: (queue: UserQueue) => void; onSessionRefused: () => void } {
  return {
    onNotice: (queue) => {
      // Under its offline shell the register takes a new version through the worker's update, at a safe moment (an
      // empty cart); a reload alone would open the version the worker holds.
      if (queue === 'version-message') {
        if (hasShellWorker()) checkForUpdate();
        else showVersionDialog();
      }
    },
    onSessionRefused: leaveEndedSession,
  };
}

export function startRegisterNotices(token: string, tenantId: string): () => void {
  return startNoticeSocket({ token, tenantId, ...registerNoticeHandlers() });
}
