import type { AppContext } from '../../context.js';
import type { Auth } from '../auth/auth.js';
import { toSignJobs } from './toSignJobs.js';

/** GET /api/signing/count (issue 43): how many jobs wait for the account's signature (the ticker). */
export async function countToSign(ctx: Pick<AppContext, 'database'>, auth: Auth): Promise<{ count: number }> {
  return { count: (await toSignJobs(ctx, auth)).due.length };
}
