import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interfaceMessages } from '../../db/schema/index.js';

/**
 * The message log's rows of outbound messages (issue 44, db/schema/interop.ts): one per delivery
 * key, written before the message leaves — queued → sent → acknowledged | failed. (The shared
 * message-log module of the inbound side, interop/log, writes the inbound rows.)
 */
export type OutboundMessage = typeof interfaceMessages.$inferSelect;

/** The outbound message of a delivery key, or undefined. */
export async function outboundMessageOf(db: Db, dedupeKey: string): Promise<OutboundMessage | undefined> {
  const [row] = await db
    .select()
    .from(interfaceMessages)
    .where(and(eq(interfaceMessages.dedupeKey, dedupeKey), eq(interfaceMessages.direction, 'out')));
  return row;
}

/**
 * The delivery key's message, stored once: a new row queued with `values`, or — when the key has
 * one — that row as it is (a second try, a resend after a crash: the same message, never a second
 * row). Answers the row and whether it was made now.
 */
export async function queueOutboundMessage(
  db: Db,
  values: Omit<typeof interfaceMessages.$inferInsert, 'direction' | 'status'>,
): Promise<{ row: OutboundMessage; created: boolean }> {
  const [made] = await db
    .insert(interfaceMessages)
    .values({ ...values, direction: 'out', status: 'queued' })
    .onConflictDoNothing({ target: interfaceMessages.dedupeKey })
    .returning();
  if (made) return { row: made, created: true };
  const row = await outboundMessageOf(db, values.dedupeKey);
  if (!row) throw new Error(`the interface message ${values.dedupeKey} is neither new nor stored`);
  return { row, created: false };
}

/**
 * A failed (or handled) message made again (its content may have changed since: a retry after an
 * AE): new bytes, queued, the same control id and row. Answers the row, or undefined when it was
 * neither.
 */
export async function requeueOutboundMessage(
  db: Db,
  id: number,
  set: { blobKey: string; messageType: string },
): Promise<OutboundMessage | undefined> {
  const [row] = await db
    .update(interfaceMessages)
    .set({ ...set, status: 'queued', error: null, ackCode: null, ack: null })
    .where(and(eq(interfaceMessages.id, id), inArray(interfaceMessages.status, ['failed', 'handled'])))
    .returning();
  return row;
}

/** The message handed to the receiver (one more attempt); not after it was acknowledged. */
export async function markOutboundSent(db: Db, id: number): Promise<void> {
  await db
    .update(interfaceMessages)
    .set({ status: 'sent', attempts: sql`${interfaceMessages.attempts} + 1`, processedAt: new Date() })
    .where(and(eq(interfaceMessages.id, id), inArray(interfaceMessages.status, ['queued', 'sent'])));
}

/**
 * The receiver's answer: acknowledged (AA/CA) or failed with the reason in words (AE/AR, no answer
 * in time, no connection) and the ACK's control segments when there was one.
 */
export async function recordOutboundAnswer(
  db: Db,
  id: number,
  answer: { ok: boolean; ackCode: string | null; ack: string | null; error: string | null },
): Promise<void> {
  await db
    .update(interfaceMessages)
    .set({
      status: answer.ok ? 'acknowledged' : 'failed',
      ackCode: answer.ackCode,
      ack: answer.ack,
      error: answer.error,
      ...(answer.ok ? { acknowledgedAt: new Date() } : {}),
    })
    .where(and(eq(interfaceMessages.id, id), inArray(interfaceMessages.status, ['queued', 'sent'])));
}
