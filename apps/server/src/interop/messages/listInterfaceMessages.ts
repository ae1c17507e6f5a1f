import type { InterfaceMessages, InterfaceMessagesQuery } from '@quill/core';
import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { interfaceMessages } from '../../db/schema/index.js';
import type { Auth } from '../../services/auth/auth.js';
import { inScope } from '../../services/tenantScope/inScope.js';
import { messageRow } from './messageRow.js';

const DAY_MS = 86_400_000;

/** The filters as a condition, within the caller's structures. */
function conditions(auth: Auth, q: InterfaceMessagesQuery): SQL {
  const m = interfaceMessages;
  const parts: (SQL | undefined)[] = [inScope(auth.scope, m.corporateStructureId)];
  if (q.direction) parts.push(eq(m.direction, q.direction));
  if (q.status) parts.push(eq(m.status, q.status));
  if (q.type)
    parts.push(
      q.type.includes('^')
        ? eq(m.messageType, q.type)
        : or(eq(m.messageType, q.type), like(m.messageType, `${q.type}^%`)),
    );
  if (q.from) parts.push(gte(m.receivedAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) parts.push(lt(m.receivedAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS)));
  return and(...parts)!;
}

/**
 * GET /api/interfaces/messages (issue 44): the message log of the caller's structures, newest
 * first, by direction, status, type and received day (UTC). The rows hold no patient data. A
 * message whose facility no interface maps has no structure and is not listed to anyone here.
 */
export async function listInterfaceMessages(
  ctx: AppContext,
  auth: Auth,
  q: InterfaceMessagesQuery,
): Promise<InterfaceMessages> {
  const { db } = ctx.database;
  const where = conditions(auth, q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(interfaceMessages)
      .where(where)
      .orderBy(desc(interfaceMessages.receivedAt), desc(interfaceMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(interfaceMessages).where(where),
  ]);
  return { rows: rows.map(messageRow), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}
