import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { interfaceMessages } from '../../db/schema/index.js';
import { recordAudit } from '../../services/audit/recordAudit.js';
import type { Auth } from '../../services/auth/auth.js';

/**
 * Audits a person's use of one logged message (issue 44): read, resent or marked handled — with
 * the job and patient it touched, never its content.
 */
export function auditMessage(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  row: Pick<
    typeof interfaceMessages.$inferSelect,
    'id' | 'messageType' | 'corporateStructureId' | 'jobId' | 'patientId'
  >,
  action: 'interface.message.read' | 'interface.message.handled' | 'interface.message.resend',
  ip: string | null,
  opts: { tx?: Db; detail?: Record<string, unknown> } = {},
): Promise<void> {
  return recordAudit(
    ctx,
    {
      action,
      outcome: 'success',
      userId: auth.userId,
      accountId: auth.accountId,
      corporateStructureId: row.corporateStructureId,
      jobId: row.jobId,
      patientId: row.patientId,
      ip,
      detail: { messageId: row.id, messageType: row.messageType, ...opts.detail },
    },
    opts.tx,
  );
}
