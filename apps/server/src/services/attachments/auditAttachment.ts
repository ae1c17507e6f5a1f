import type { AppContext } from '../../context.js';
import { recordAudit } from '../audit/recordAudit.js';
import type { Auth } from '../auth/auth.js';

/**
 * An audit row for a refused attachments call (a facility or attachment the account may not see,
 * or that does not exist): who asked for which id — ids only, never names or descriptions.
 */
export async function auditDenied(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  action: 'attachment.search' | 'attachment.download',
  ip: string | null,
  detail: Record<string, string | number>,
): Promise<void> {
  await recordAudit(ctx, {
    action,
    outcome: 'denied',
    userId: auth.userId,
    accountId: auth.accountId,
    ip,
    detail,
  });
}
