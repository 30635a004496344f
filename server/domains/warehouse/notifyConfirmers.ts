import type { AuthContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { type NewMessage, notifyUsersInTx } from '../../messages/messageService.ts';
import { usersWithPerm } from '../../permissions.ts';

/**
 * A new document waits for someone who may run its next action: everyone holding `perm` (admins included)
 * gets the notice, except whoever made the document (they know already). Written in the document's
 * transaction, so a refused save sends nothing.
 */
export async function notifyConfirmers(tx: Queryable, auth: AuthContext, perm: string, message: NewMessage): Promise<void> {
  const users = (await usersWithPerm(tx, perm)).filter((u) => u !== auth.userId);
  if (users.length) await notifyUsersInTx(tx, auth.tenantId, users, message);
}
