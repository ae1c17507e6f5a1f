import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { accounts, signingDelegates } from '../../db/schema/index.js';
import type { Auth } from '../auth/auth.js';

/**
 * Whether the session's account signs documents (issue 43): it has a physician record, or a
 * facility lets it sign for one (signing_delegates). One statement, by the account's key.
 */
export async function accountMaySign(ctx: Pick<AppContext, 'database'>, auth: Auth): Promise<boolean> {
  if (auth.accountId === null) return false;
  const [row] = await ctx.database.db
    .select({
      maySign: sql<boolean>`${accounts.physicianId} is not null or exists (
        select 1 from ${signingDelegates} where ${signingDelegates.accountId} = ${accounts.id})`,
    })
    .from(accounts)
    .where(eq(accounts.id, auth.accountId));
  return row?.maySign === true;
}
