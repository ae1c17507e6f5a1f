import { message } from '@quill/core';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { interfaceMessages } from '../../db/schema/index.js';
import { notFound } from '../../errors/domainErrors.js';
import type { Auth } from '../../services/auth/auth.js';
import { requireInScope } from '../../services/tenantScope/mayAccess.js';

/**
 * A message of the log the caller may see (its structure is one of theirs), read in `tx` (locked
 * for update when `lock`); another company's, or one with no structure, answers 404.
 */
export async function findInterfaceMessage(
  ctx: Pick<AppContext, 'database'>,
  auth: Auth,
  messageId: number,
  opts: { tx?: Db; lock?: boolean } = {},
) {
  const db = opts.tx ?? ctx.database.db;
  const query = db.select().from(interfaceMessages).where(eq(interfaceMessages.id, messageId));
  const [row] = opts.lock ? await query.for('update') : await query;
  requireInScope(auth.scope, row?.corporateStructureId ?? undefined, () =>
    notFound(message('interfaces.messageNotFound', { messageId })),
  );
  return row!;
}
