import type { AuthContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { type NewMessage, notifyUsersInTx } from './messageService.ts';

/**
 * Something waits for whoever may act on it (confirm a document, watch the shifts): everyone holding `perm` (admins included)
 * gets the notice, except whoever made the document (they know already). Written in the document's
 * transaction, so a refused save sends nothing.
 */
export async function notifyConfirmers(tx: Queryable, auth: AuthContext, perm: string, message: NewMessage): Promise<void> {
  await notifyUsersInTx(tx, auth.tenantId, { perm, except: auth.userId }, message);
}
