import { type InterfaceMessageRow, message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { interfaceMessages } from '../../db/schema/index.js';
import { conflict } from '../../errors/domainErrors.js';
import type { Auth } from '../../services/auth/auth.js';
import { retryDeliveries } from '../../services/delivery/retryDeliveries.js';
import { reapplyMessage } from '../inbound/reapplyMessage.js';
import { auditMessage } from './auditMessage.js';
import { findInterfaceMessage } from './findInterfaceMessage.js';
import { messageRow } from './messageRow.js';

const RESENDABLE_IN = new Set(['failed', 'handled']);

/**
 * POST /api/interfaces/messages/resend (issue 44): a failed inbound message is applied again from
 * its logged bytes; a failed outbound one is sent again — its delivery is retried (the same key:
 * still once per job version). Anything else has nothing to send again (409). Audited.
 */
export async function resendInterfaceMessage(
  ctx: AppContext,
  auth: Auth,
  messageId: number,
  ip: string | null,
): Promise<InterfaceMessageRow> {
  const row = await findInterfaceMessage(ctx, auth, messageId);
  const refused = () => conflict(message('interfaces.notResendable', { status: row.status }));
  let after = row;
  if (row.direction === 'in') {
    if (!RESENDABLE_IN.has(row.status)) throw refused();
    after = await reapplyMessage(ctx, row);
  } else {
    if (row.status !== 'failed' || row.jobId === null) throw refused();
    const { queued } = await retryDeliveries(ctx, auth, [row.jobId], ip);
    if (!queued.length) throw refused();
    const [now] = await ctx.database.db
      .select()
      .from(interfaceMessages)
      .where(eq(interfaceMessages.id, row.id));
    after = now ?? row;
  }
  await auditMessage(ctx, auth, { ...row, patientId: after.patientId }, 'interface.message.resend', ip, {
    detail: { status: after.status },
  });
  return messageRow(after);
}
