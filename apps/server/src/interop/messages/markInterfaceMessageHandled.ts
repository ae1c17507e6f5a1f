import { type InterfaceMessageRow, message } from '@quill/core';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { interfaceMessages } from '../../db/schema/index.js';
import { conflict } from '../../errors/domainErrors.js';
import type { Auth } from '../../services/auth/auth.js';
import { auditMessage } from './auditMessage.js';
import { findInterfaceMessage } from './findInterfaceMessage.js';
import { messageRow } from './messageRow.js';

/**
 * POST /api/interfaces/messages/handled (issue 44): a failed message dealt with by hand — it
 * becomes 'handled' (who and when kept), leaves the failed filter and keeps its error. Only a
 * failed message can be (409 otherwise). Audited.
 */
export async function markInterfaceMessageHandled(
  ctx: AppContext,
  auth: Auth,
  messageId: number,
  ip: string | null,
): Promise<InterfaceMessageRow> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await findInterfaceMessage(ctx, auth, messageId, { tx, lock: true });
    if (row.status !== 'failed') throw conflict(message('interfaces.notFailed', { status: row.status }));
    const [updated] = await tx
      .update(interfaceMessages)
      .set({ status: 'handled', handledAt: sql`now()`, handledByAccountId: auth.accountId })
      .where(eq(interfaceMessages.id, row.id))
      .returning();
    await auditMessage(ctx, auth, row, 'interface.message.handled', ip, { tx });
    return messageRow(updated!);
  });
}
